/**
 * The settings screens' breadcrumb header: 'Settings' then the given items, the last one the
 * current page. (A local trail until the shared `src/ui/breadcrumb.tsx` lands.)
 */
import { Fragment, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ChevronRightIcon } from '../../../ui/icons';

export interface SettingsBreadcrumbItem {
  key: string;
  label: ReactNode;
  href?: string;
}

export function SettingsBreadcrumb({ items }: { items: readonly SettingsBreadcrumbItem[] }) {
  const all: SettingsBreadcrumbItem[] = [{ key: 'settings', label: 'Settings' }, ...items];
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1 text-base">
        {all.map((item, index) => {
          const last = index === all.length - 1;
          return (
            <Fragment key={item.key}>
              {index > 0 ? (
                <li aria-hidden="true" className="text-fg-subtle">
                  <ChevronRightIcon size={16} />
                </li>
              ) : null}
              <li className="min-w-0" aria-current={last ? 'page' : undefined}>
                {item.href && !last ? (
                  <Link href={item.href} className="text-link hover:underline">
                    {item.label}
                  </Link>
                ) : (
                  <span className={last ? 'truncate font-semibold text-fg' : 'text-fg-muted'}>
                    {item.label}
                  </span>
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
