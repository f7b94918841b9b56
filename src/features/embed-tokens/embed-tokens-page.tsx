/**
 * `/settings/embed-tokens` (admins): the scoped, read-only tokens that widgets on other pages use
 * (docs/embed-tokens.md). Lists every token with its scope, status and expiry; creates one (shown
 * once, with a copy button) and revokes active ones. The route guard requires admin; the server
 * refuses everyone else as well.
 */
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useEmbedTokens, type EmbedToken } from '../../api/embed-tokens';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { AlertCircleIcon, PlusIcon } from '../../ui/icons';
import { usePageRefresh } from '../../ui/page-refresh';
import { useUrlState } from '../../ui/use-url-state';
import { EmbedTokenCreateDialog } from './embed-token-create-dialog';
import { EmbedTokenRevokeDialog } from './embed-token-revoke-dialog';
import { EmbedTokenTable } from './embed-token-table';
import { embedTokensUrlSchema } from './embed-token-url-state';

/** How often relative times ("in 3 days", "5 minutes ago") are re-evaluated. */
const CLOCK_TICK_MS = 30_000;

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function EmbedTokensPage() {
  const [state, setState] = useUrlState(embedTokensUrlSchema);
  const list = useEmbedTokens();
  usePageRefresh(() => void list.refetch(), list.isFetching);
  const now = useNow(CLOCK_TICK_MS);
  const [revoking, setRevoking] = useState<EmbedToken | null>(null);

  if (list.isError && !list.data) {
    return (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Embed tokens could not be loaded"
        description={errorMessage(list.error)}
        actions={
          <Button variant="primary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }

  const tokens = list.data ?? [];
  const active = tokens.filter((token) => token.status === 'active').length;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <p className="text-sm text-fg-muted">
            Read-only tokens for widgets on wiki, portal and kiosk pages, each limited to the
            resources it names.
          </p>
          <p className="text-sm text-fg-muted" aria-live="polite">
            {list.isPending
              ? 'Loading embed tokens…'
              : `${tokens.length} ${tokens.length === 1 ? 'token' : 'tokens'}, ${active} active`}
          </p>
        </div>
        <Button
          variant="primary"
          icon={<PlusIcon size={16} />}
          onClick={() => setState({ create: true })}
        >
          Create Embed Token
        </Button>
      </div>

      <EmbedTokenTable
        tokens={tokens}
        isLoading={list.isPending}
        now={now}
        onRevoke={(token) => setRevoking(token)}
      />

      {state.create ? <EmbedTokenCreateDialog onClose={() => setState({ create: false })} /> : null}
      {revoking ? (
        <EmbedTokenRevokeDialog token={revoking} onClose={() => setRevoking(null)} />
      ) : null}
    </div>
  );
}
