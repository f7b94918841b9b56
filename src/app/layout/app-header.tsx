/** The page header: title (the page's h1), refresh, notifications bell, help and user menus. */
import { Link } from 'wouter';
import { cx } from '../../lib/class-names';
import { BellIcon, RefreshIcon } from '../../ui/icons';
import { IconButton } from '../../ui/icon-button';
import { usePageRefreshState } from '../../ui/page-refresh';
import { paths } from '../paths';
// The menus are part of the console's chunk: their Headless UI half loads when a menu is first
// approached (src/ui/menu.tsx), so drawing them costs the first load a few hundred bytes only.
import { HelpMenu } from './help-menu';
import { UserMenu } from './user-menu';

export function AppHeader({ title, minimal = false }: { title: string; minimal?: boolean }) {
  const refresh = usePageRefreshState();
  return (
    <header className="flex h-14 shrink-0 items-center gap-3 border-b border-border bg-surface px-4 sm:px-6">
      <h1 className="min-w-0 flex-1 truncate text-lg font-semibold tracking-tight text-fg">
        {title}
      </h1>
      <div className="flex items-center gap-1">
        {refresh ? (
          <IconButton
            label={refresh.isRefreshing ? 'Refreshing' : 'Refresh'}
            aria-busy={refresh.isRefreshing || undefined}
            onClick={refresh.refresh}
            icon={<RefreshIcon size={18} className={cx(refresh.isRefreshing && 'animate-spin')} />}
          />
        ) : null}
        {minimal ? null : (
          <>
            <Link
              href={paths.notifications()}
              aria-label="Notifications"
              title="Notifications"
              className="inline-flex size-9 items-center justify-center rounded-md text-fg-muted transition-colors hover:bg-surface-hover hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              <BellIcon size={18} />
            </Link>
            <HelpMenu />
            <UserMenu />
          </>
        )}
      </div>
    </header>
  );
}
