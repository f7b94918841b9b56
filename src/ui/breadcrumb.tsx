/**
 * A breadcrumb trail: `<nav aria-label="Breadcrumb">` with an ordered list, chevrons between the
 * items (hidden from assistive technology), links for the items with an `href` and the current
 * page — an item without one — marked `aria-current="page"`. A current item's label is plain
 * text in the trail's emphasis, or any node (a page heading with its markers) given as is.
 * Used by the incident workspace, the config detail and the topology pages.
 */
import { Fragment, type ReactNode } from 'react';
import { Link } from 'wouter';
import { cx } from '../lib/class-names';
import { ChevronRightIcon } from './icons';

export interface BreadcrumbItem {
  key: string;
  label: ReactNode;
  /** A link; without one the item is the current page. */
  href?: string;
  /** Shown before the label (an icon, inside the link when there is one). */
  icon?: ReactNode;
}

export function Breadcrumb({
  items,
  className,
}: {
  items: readonly BreadcrumbItem[];
  className?: string;
}) {
  return (
    <nav aria-label="Breadcrumb" className={cx('min-w-0', className)}>
      <ol className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1 text-sm">
        {items.map((item, index) => (
          <Fragment key={item.key}>
            {index > 0 ? (
              <li aria-hidden="true" className="text-fg-subtle">
                <ChevronRightIcon size={14} />
              </li>
            ) : null}
            <li
              className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1"
              aria-current={item.href ? undefined : 'page'}
            >
              {item.href ? (
                <Link
                  href={item.href}
                  className="inline-flex min-w-0 items-center gap-1.5 text-link hover:underline"
                >
                  {item.icon}
                  <span className="truncate">{item.label}</span>
                </Link>
              ) : (
                <>
                  {item.icon}
                  {typeof item.label === 'string' ? (
                    <span className="truncate font-semibold text-fg">{item.label}</span>
                  ) : (
                    item.label
                  )}
                </>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
