/**
 * Tabs that are links: each tab is a route (`/catalog/changes`, `/catalog/{id}/insights`), so a
 * tab can be opened in a new window, shared and reached with the back button. The current one has
 * `aria-current="page"`; a count badge can follow the label (already formatted, e.g. '1k+').
 */
import { Link } from 'wouter';
import { cx } from '../lib/class-names';

export interface NavTabItem {
  href: string;
  label: string;
  /** The badge text; omitted when undefined. */
  count?: string | number;
  /** Accessible text of the badge, e.g. '1,204 changes'. */
  countLabel?: string;
}

export interface NavTabsProps {
  items: readonly NavTabItem[];
  /** The href of the current tab. */
  currentHref: string;
  /** Accessible name of the navigation, e.g. 'Catalog sections'. */
  label: string;
  className?: string;
}

export function NavTabs({ items, currentHref, label, className }: NavTabsProps) {
  return (
    <nav aria-label={label} className={cx('border-b border-border', className)}>
      <ul className="flex gap-1 overflow-x-auto">
        {items.map((item) => {
          const current = item.href === currentHref;
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={current ? 'page' : undefined}
                className={cx(
                  '-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary',
                  current
                    ? 'border-primary text-fg'
                    : 'border-transparent text-fg-muted hover:border-border-strong hover:text-fg',
                )}
              >
                {item.label}
                {item.count !== undefined ? (
                  <span
                    className="rounded-full bg-surface-sunken px-1.5 text-xs text-fg-muted tabular-nums"
                    aria-label={item.countLabel}
                  >
                    {item.count}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
