/** Copy text and report the outcome with the spec's toasts (doc 1 §8). */
import { toast } from './toast';

export const CLIPBOARD_MESSAGES = {
  copied: 'Copied to clipboard',
  unavailable: 'Clipboard not available',
  failed: 'Failed to copy to clipboard',
} as const;

/** Copies `text`; resolves to whether it worked. `clipboard` is injectable for tests. */
export async function copyToClipboard(
  text: string,
  clipboard: Pick<Clipboard, 'writeText'> | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.clipboard,
): Promise<boolean> {
  if (!clipboard?.writeText) {
    toast.error(CLIPBOARD_MESSAGES.unavailable);
    return false;
  }
  try {
    await clipboard.writeText(text);
    toast.success(CLIPBOARD_MESSAGES.copied);
    return true;
  } catch {
    toast.error(CLIPBOARD_MESSAGES.failed);
    return false;
  }
}
