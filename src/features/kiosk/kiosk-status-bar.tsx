/**
 * The kiosk's one line of status instead of the console's header: the page title, where the
 * rotation is, how old the data is, and countdowns to the next refresh and the next view. Below
 * it, while refreshes fail, the stale banner: the last good data stays on screen and the kiosk
 * reconnects by itself (a 401 says so in place: a kiosk never goes to the sign-in page).
 *
 * Countdowns change every second, so they are not in a live region; only the banner's sentence is
 * announced, once, when it appears or its reason changes.
 */
import { cx } from '../../lib/class-names';
import { Button } from '../../ui/button';
import { AlertCircleIcon, LockIcon } from '../../ui/icons';
import { formatCountdown, formatUpdatedAgo } from './kiosk-format';
import type { KioskRefresh } from './use-kiosk-refresh';
import { useNow } from './use-now';

export interface KioskPosition {
  /** 0-based. */
  index: number;
  count: number;
  /** What is shown: a tab name or a view's title. */
  label: string;
}

export interface KioskStatusBarProps {
  title: string;
  position?: KioskPosition | null;
  /** `tab` (the health dashboard's tabs) or `view` (the `views` parameter). */
  rotationKind?: 'tab' | 'view';
  /** When the rotation moves on; null without rotation. */
  rotateNextAt?: number | null;
  refresh: KioskRefresh;
}

export function KioskStatusBar({
  title,
  position,
  rotationKind = 'view',
  rotateNextAt = null,
  refresh,
}: KioskStatusBarProps) {
  const now = useNow(1000);
  const { loop, data } = refresh;
  const dot = data.isFailing ? (data.isUnauthorized ? 'bg-unhealthy' : 'bg-warning') : 'bg-healthy';
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-1 border-b border-border bg-surface px-6 py-2">
      <div className="flex min-w-0 items-baseline gap-3">
        <h1 className="truncate text-xl font-semibold tracking-tight text-fg">{title}</h1>
        {position && position.count > 1 ? (
          <span className="truncate text-base text-fg-muted">
            {position.label}
            <span className="ml-2 tabular-nums">
              {position.index + 1}/{position.count}
            </span>
          </span>
        ) : null}
      </div>
      <div className="ml-auto flex flex-wrap items-center gap-x-6 gap-y-1 text-base text-fg-muted tabular-nums">
        <span className="flex items-center gap-2">
          <span aria-hidden="true" className={cx('inline-block size-2.5 rounded-full', dot)} />
          {data.updatedAt > 0 ? `Updated ${formatUpdatedAgo(data.updatedAt, now)}` : 'Loading…'}
        </span>
        <span>
          {loop.isRefreshing
            ? 'Refreshing…'
            : loop.nextAt !== null
              ? `Next refresh in ${formatCountdown(loop.nextAt - now)}`
              : 'Auto-refresh paused'}
        </span>
        {rotateNextAt !== null ? (
          <span>{`Next ${rotationKind} in ${formatCountdown(rotateNextAt - now)}`}</span>
        ) : null}
      </div>
    </div>
  );
}

/** The stale banner: shown while the data on screen failed to refresh. */
export function KioskStaleBanner({ refresh }: { refresh: KioskRefresh }) {
  const now = useNow(1000);
  const { loop, data, refreshNow } = refresh;
  if (!data.isFailing) return null;
  const unauthorized = data.isUnauthorized;
  const attempt = loop.failures > 0 ? ` (attempt ${loop.failures + 1})` : '';
  return (
    <div
      className={cx(
        'flex flex-wrap items-center gap-x-4 gap-y-2 border-b px-6 py-3 text-base text-fg',
        unauthorized ? 'border-unhealthy bg-unhealthy-soft' : 'border-warning bg-warning-soft',
      )}
    >
      {unauthorized ? (
        <LockIcon size={20} className="shrink-0 text-unhealthy" />
      ) : (
        <AlertCircleIcon size={20} className="shrink-0 text-warning" />
      )}
      <p role="alert" className="min-w-0 flex-1">
        {unauthorized ? (
          <>
            <strong className="font-semibold">Not signed in.</strong> The server answered 401: this
            screen&apos;s session has ended. The last good data stays on screen and the screen keeps
            retrying; sign in to Vigil in this browser and it resumes by itself.
          </>
        ) : (
          <>
            <strong className="font-semibold">Data is not up to date.</strong> Refreshing failed (
            {data.message}). The last good data stays on screen while the screen reconnects by
            itself.
          </>
        )}
      </p>
      <p className="text-fg-muted tabular-nums">
        {data.updatedAt > 0 ? `Data from ${formatUpdatedAgo(data.updatedAt, now)}` : 'No data yet'}
        {' · '}
        {loop.isRefreshing
          ? 'Reconnecting…'
          : loop.nextAt !== null
            ? `Next attempt in ${formatCountdown(loop.nextAt - now)}${attempt}`
            : null}
      </p>
      <Button size="sm" onClick={refreshNow} disabled={loop.isRefreshing}>
        Retry now
      </Button>
    </div>
  );
}
