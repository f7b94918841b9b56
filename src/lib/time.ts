/**
 * Time helpers: the only dayjs importer (ESLint enforces it). Everything else formats dates
 * through these functions so that the display rules live in one place.
 */
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import utc from 'dayjs/plugin/utc';

dayjs.extend(relativeTime);
dayjs.extend(utc);

export type DateInput = string | number | Date;

/** Whether the input parses as a valid date. */
export function isValidDate(value: DateInput | null | undefined): value is DateInput {
  return value !== null && value !== undefined && value !== '' && dayjs(value).isValid();
}

/** The spec's timestamp format for tooltips: `YYYY-MM-DD HH:mm:ssZ` (local time with offset). */
export function formatTimestamp(value: DateInput | null | undefined): string {
  return isValidDate(value) ? dayjs(value).format('YYYY-MM-DD HH:mm:ssZ') : '-';
}

/** "3 minutes ago", "in 2 hours"; `-` when missing or invalid. */
export function formatRelative(value: DateInput | null | undefined, now: DateInput = Date.now()) {
  return isValidDate(value) ? dayjs(value).from(dayjs(now)) : '-';
}

/** Milliseconds elapsed since `value` (negative when in the future); undefined when invalid. */
export function millisSince(
  value: DateInput | null | undefined,
  now: DateInput = Date.now(),
): number | undefined {
  return isValidDate(value) ? dayjs(now).diff(dayjs(value)) : undefined;
}

/** A compact age: `45s`, `12m`, `3h`, `5d`, `2mo`, `1y` (used by age badges). */
export function formatAge(value: DateInput | null | undefined, now: DateInput = Date.now()) {
  const ms = millisSince(value, now);
  if (ms === undefined) return '-';
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days}d`;
  const months = Math.floor(days / 30);
  if (months < 12) return `${months}mo`;
  return `${Math.floor(days / 365)}y`;
}

/** A compact relative time for tight spaces: `4m ago`, `in 30s`; `-` when missing or invalid. */
export function formatCompactRelative(
  value: DateInput | null | undefined,
  now: DateInput = Date.now(),
): string {
  const ms = millisSince(value, now);
  if (ms === undefined) return '-';
  return ms < 0 ? `in ${formatAge(now, value as DateInput)}` : `${formatAge(value, now)} ago`;
}
