import { beforeEach, describe, expect, it } from 'vitest';
import { copyToClipboard } from './copy-to-clipboard';
import { useToastStore } from './toast';

const messages = () => useToastStore.getState().toasts.map((t) => t.message);

describe('copyToClipboard', () => {
  beforeEach(() => useToastStore.getState().clear());

  it('toasts success', async () => {
    expect(await copyToClipboard('x', { writeText: () => Promise.resolve() })).toBe(true);
    expect(messages()).toEqual(['Copied to clipboard']);
  });
  it('toasts when unavailable', async () => {
    // No clipboard at all: the injected one has no writeText (navigator.clipboard may exist here).
    expect(await copyToClipboard('x', {} as Pick<Clipboard, 'writeText'>)).toBe(false);
    expect(messages()).toEqual(['Clipboard not available']);
  });
  it('toasts failure', async () => {
    expect(await copyToClipboard('x', { writeText: () => Promise.reject(new Error('no')) })).toBe(
      false,
    );
    expect(messages()).toEqual(['Failed to copy to clipboard']);
  });
});
