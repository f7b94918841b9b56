/** Texts of the kiosk's status line: countdowns and the age of the data. */
import { formatCompactRelative } from '../../lib/time';

/** A countdown: `9s`, `59s`, `1m 05s`, `1h 02m`; never negative. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** "just now" for the first seconds, then `12s ago`, `4m ago`, `3h ago`. */
export function formatUpdatedAgo(updatedAt: number, now: number): string {
  if (now - updatedAt < 5_000) return 'just now';
  return formatCompactRelative(updatedAt, now);
}
