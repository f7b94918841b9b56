/**
 * A time shown relative to now ('4 minutes ago', or '4m ago' compact) with the exact instant on
 * hover and in `dateTime`; a dash for a missing or invalid value. Every table and panel uses it.
 */
import type { ReactNode } from 'react';
import { cx } from '../lib/class-names';
import { formatCompactRelative, formatRelative, formatTimestamp, isValidDate } from '../lib/time';

export interface RelativeTimeProps {
  value: string | number | Date | null | undefined;
  /** The clock to measure against (ms); defaults to now. */
  now?: number;
  /** `4m ago` instead of `4 minutes ago`, for dense tables. */
  compact?: boolean;
  /** Text before the time, e.g. 'Scheduled '. */
  prefix?: ReactNode;
  className?: string;
}

export function RelativeTime({
  value,
  now,
  compact = false,
  prefix,
  className,
}: RelativeTimeProps) {
  if (!isValidDate(value)) return <span className="text-fg-subtle">-</span>;
  return (
    <time
      dateTime={new Date(value).toISOString()}
      title={formatTimestamp(value)}
      className={cx('whitespace-nowrap', className)}
    >
      {prefix}
      {compact ? formatCompactRelative(value, now) : formatRelative(value, now)}
    </time>
  );
}
