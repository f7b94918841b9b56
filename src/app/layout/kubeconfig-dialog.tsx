/**
 * 'Download kubeconfig' (spec doc 1 §2): step 1 downloads `{apiBase}/kubeconfig` in a new tab,
 * step 2 shows how to use it; a learn-more link points to the docs.
 */
import { useRuntimeConfig } from '../../api/api-context';
import { Button } from '../../ui/button';
import { copyToClipboard } from '../../ui/copy-to-clipboard';
import { Dialog } from '../../ui/dialog';
import { CopyIcon, DownloadIcon, ExternalLinkIcon } from '../../ui/icons';
import { IconButton } from '../../ui/icon-button';

export const KUBECONFIG_COMMAND = 'kubectl --kubeconfig ./kubeconfig.yaml get canaries';

export function KubeconfigDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const config = useRuntimeConfig();
  const href = `${config.apiBase}/kubeconfig`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Download kubeconfig"
      description="Use kubectl against Vigil's Kubernetes API proxy."
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <ol className="space-y-5">
        <li className="flex gap-3">
          <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-link">
            1
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-medium text-fg">Download the kubeconfig</p>
            <p className="mt-1 text-sm text-fg-muted">
              It holds a new access token for your user, which replaces the one of your previous
              download; signing out revokes it. Keep it private.
            </p>
            <Button
              variant="primary"
              size="sm"
              className="mt-3"
              icon={<DownloadIcon />}
              onClick={() => window.open(href, '_blank', 'noopener,noreferrer')}
            >
              Download
            </Button>
          </div>
        </li>
        <li className="flex gap-3">
          <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-link">
            2
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-medium text-fg">Apply it</p>
            <p className="mt-1 text-sm text-fg-muted">List the health checks (canaries) with:</p>
            <div className="mt-2 flex items-center gap-2 rounded-md border border-border bg-surface-sunken py-1 pr-1 pl-3">
              <code className="min-w-0 flex-1 overflow-x-auto font-mono text-xs whitespace-nowrap text-fg">
                {KUBECONFIG_COMMAND}
              </code>
              <IconButton
                label="Copy command"
                size="sm"
                icon={<CopyIcon />}
                onClick={() => void copyToClipboard(KUBECONFIG_COMMAND)}
              />
            </div>
          </div>
        </li>
      </ol>
      <a
        href={config.docsUrl}
        target="_blank"
        rel="noreferrer noopener"
        className="mt-5 inline-flex items-center gap-1 text-sm font-medium text-link hover:underline"
      >
        Learn more about the kubeconfig
        <ExternalLinkIcon size={14} />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </Dialog>
  );
}
