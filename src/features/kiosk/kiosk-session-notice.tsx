/**
 * What a kiosk shows when it has no session yet (401) or cannot reach the server at start-up:
 * a clear message in place — never the sign-in page — and retries with backoff by itself (and at
 * once when the browser comes back online).
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { AlertCircleIcon, LockIcon } from '../../ui/icons';
import { formatCountdown } from './kiosk-format';
import {
  createRefreshLoop,
  type RefreshLoop,
  type RefreshLoopState,
  type RefreshOutcome,
} from './kiosk-refresh-loop';
import { useNow } from './use-now';

export interface KioskSessionNoticeProps {
  /** `unauthorized`: the server answered 401; `unreachable`: any other failure. */
  kind: 'unauthorized' | 'unreachable';
  /** The failure's message (for `unreachable`). */
  message?: string;
  /** Try again; resolves with the outcome. */
  retry: () => Promise<RefreshOutcome>;
  random?: () => number;
}

/** Retries are spaced 5 s, 10 s, 20 s, 40 s, then every minute. */
const NOTICE_RETRY_CAP_MS = 60_000;

export function KioskSessionNotice({ kind, message, retry, random }: KioskSessionNoticeProps) {
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  });
  const loopRef = useRef<RefreshLoop | null>(null);
  const [state, setState] = useState<RefreshLoopState | null>(null);
  useEffect(() => {
    const loop = createRefreshLoop({
      intervalMs: NOTICE_RETRY_CAP_MS,
      run: () => latest.current(),
      random,
    });
    loopRef.current = loop;
    const unsubscribe = loop.subscribe(() => setState(loop.getState()));
    loop.start();
    // We are here because the first attempt failed: the next one follows the backoff.
    loop.reportFailure('failed');
    return () => {
      unsubscribe();
      loop.stop();
      loopRef.current = null;
    };
  }, [random]);
  const now = useNow(1000);

  const next = state?.isRefreshing
    ? 'Trying again…'
    : state?.nextAt
      ? `Trying again in ${formatCountdown(state.nextAt - now)} (attempt ${state.failures + 1}).`
      : null;

  return (
    <main className="flex min-h-full items-center justify-center bg-bg p-6">
      <EmptyState
        headingLevel={1}
        icon={kind === 'unauthorized' ? <LockIcon size={22} /> : <AlertCircleIcon size={22} />}
        title={kind === 'unauthorized' ? 'This screen is not signed in' : 'Vigil cannot be reached'}
        description={
          <>
            <p role="alert">
              {kind === 'unauthorized'
                ? 'The server answered 401. A kiosk screen does not open the sign-in page: sign in to Vigil in this browser (for example in another tab) and this screen starts by itself.'
                : `${message || 'The server did not answer'}. This screen keeps trying by itself.`}
            </p>
            {next ? <p className="mt-2 tabular-nums">{next}</p> : null}
          </>
        }
        actions={
          <Button onClick={() => loopRef.current?.refreshNow()} disabled={state?.isRefreshing}>
            Try now
          </Button>
        }
      />
    </main>
  );
}
