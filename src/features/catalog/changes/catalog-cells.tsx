/**
 * Small cells shared by the change log and the insights: a time shown relative with the exact
 * instant on hover (and in `dateTime`), and a config shown with its type glyph and name, linked
 * to its page.
 */
import { Link } from 'wouter';
import { ComponentIcon } from '../../../entities/topology-card/component-icon';
import { cx } from '../../../lib/class-names';
import {
  formatCompactRelative,
  formatRelative,
  formatTimestamp,
  isValidDate,
} from '../../../lib/time';
import { catalogPaths } from '../catalog-paths';

export function TimeText({
  value,
  now,
  compact = false,
  className,
}: {
  value: string | null | undefined;
  now?: number;
  /** `4m ago` instead of `4 minutes ago`, for dense tables. */
  compact?: boolean;
  className?: string;
}) {
  if (!isValidDate(value)) return <span className="text-fg-subtle">—</span>;
  return (
    <time
      dateTime={new Date(value).toISOString()}
      title={formatTimestamp(value)}
      className={cx('whitespace-nowrap', className)}
    >
      {compact ? formatCompactRelative(value, now) : formatRelative(value, now)}
    </time>
  );
}

export function ConfigLink({
  id,
  name,
  type,
  showType = true,
}: {
  id: string;
  name: string | null | undefined;
  type: string | null | undefined;
  showType?: boolean;
}) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <ComponentIcon icon={type} size={16} className="shrink-0 text-fg-muted" />
      <span className="flex min-w-0 flex-col">
        <Link
          href={catalogPaths.config(id)}
          className="truncate font-medium text-link underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
          title={name ?? id}
        >
          {name || id}
        </Link>
        {showType && type ? (
          <span className="truncate text-xs text-fg-muted" title={type}>
            {type}
          </span>
        ) : null}
      </span>
    </span>
  );
}
