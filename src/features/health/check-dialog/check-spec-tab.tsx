/**
 * Spec tab: the check's spec as YAML. When the check row carries no spec (older or pushed
 * checks), the canary's spec is shown instead (`GET /db/canaries?id=eq.{id}&select=…`,
 * postgrest.md §8.1 "spec tab").
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApiClient } from '../../../api/api-context';
import { checkQueries } from '../../../api/checks';
import { errorMessage } from '../../../api/client';
import { toYaml } from '../../../lib/yaml';
import { Button } from '../../../ui/button';
import { copyToClipboard } from '../../../ui/copy-to-clipboard';
import { EmptyState } from '../../../ui/empty-state';
import { CopyIcon } from '../../../ui/icons';
import { Spinner } from '../../../ui/spinner';

export interface CheckSpecTabProps {
  spec: Record<string, unknown> | null | undefined;
  canaryId: string | undefined;
  /** Whether the check row has loaded (its spec is then known to be present or absent). */
  isDetailLoaded: boolean;
}

function hasContent(
  spec: Record<string, unknown> | null | undefined,
): spec is Record<string, unknown> {
  return Boolean(spec && typeof spec === 'object' && Object.keys(spec).length > 0);
}

export function CheckSpecTab({ spec, canaryId, isDetailLoaded }: CheckSpecTabProps) {
  const client = useApiClient();
  const needsCanary = isDetailLoaded && !hasContent(spec) && Boolean(canaryId);
  const canary = useQuery({
    ...checkQueries.canarySpec(client, canaryId ?? ''),
    enabled: needsCanary,
  });
  const source = hasContent(spec) ? spec : needsCanary ? canary.data?.spec : undefined;
  const yaml = useMemo(() => (hasContent(source) ? toYaml(source) : ''), [source]);

  if (!isDetailLoaded || (needsCanary && canary.isPending)) {
    return (
      <div className="flex justify-center py-10 text-fg-muted">
        <Spinner label="Loading spec" />
      </div>
    );
  }
  if (needsCanary && canary.isError) {
    return (
      <p role="alert" className="py-6 text-center text-sm text-unhealthy">
        {errorMessage(canary.error)}
      </p>
    );
  }
  if (!yaml) return <EmptyState title="No spec available" className="py-8" />;
  const caption =
    needsCanary && canary.data
      ? `Spec of canary ${canary.data.namespace ? `${canary.data.namespace}/` : ''}${canary.data.name}`
      : 'Check spec';
  return (
    <figure className="m-0 flex flex-col gap-2 pt-3">
      <div className="flex items-center justify-between gap-2">
        <figcaption className="text-sm text-fg-muted">{caption}</figcaption>
        <Button size="sm" icon={<CopyIcon size={14} />} onClick={() => void copyToClipboard(yaml)}>
          Copy
        </Button>
      </div>
      <pre
        // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label={`${caption} (YAML)`}
        className="m-0 max-h-[60vh] overflow-auto rounded-lg border border-border bg-surface-sunken p-3 font-mono text-xs text-fg"
      >
        <code>{yaml}</code>
      </pre>
    </figure>
  );
}
