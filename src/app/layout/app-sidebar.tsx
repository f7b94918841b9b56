/**
 * The left sidebar (spec doc 1 §2): entries from the route table, filtered by flags and read
 * permission; a Settings submenu (hidden for viewers); collapsible with the flag persisted;
 * 14rem expanded, 3.5rem collapsed; collapses on an outside click below 1024 px.
 */
import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { Link, useLocation } from 'wouter';
import { useRuntimeConfig } from '../../api/api-context';
import { cx } from '../../lib/class-names';
import { useDisabledFeatures } from '../../rbac/flags-context';
import { useSession } from '../../rbac/session-context';
import {
  ChevronDownIcon,
  ChevronsLeftIcon,
  ChevronsRightIcon,
  SettingsIcon,
  type IconProps,
} from '../../ui/icons';
import { Logo } from '../../ui/logo';
import { paths } from '../paths';
import { buildNavigation, ROUTES } from '../routes';
import { useSidebarStore } from '../use-sidebar-store';

/** Below this width an open sidebar closes when the user clicks outside it. */
export const SIDEBAR_AUTO_COLLAPSE_WIDTH = 1024;

function isActive(location: string, href: string): boolean {
  return location === href || location.startsWith(`${href}/`);
}

const itemBase =
  'group flex h-9 w-full items-center gap-3 rounded-md px-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary';

function NavLink({
  href,
  label,
  icon: Icon,
  collapsed,
  active,
  nested = false,
}: {
  href: string;
  label: string;
  icon?: ComponentType<IconProps>;
  collapsed: boolean;
  active: boolean;
  nested?: boolean;
}) {
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      title={collapsed ? label : undefined}
      className={cx(
        itemBase,
        nested && 'h-8 pl-10 font-normal',
        active
          ? 'bg-sidebar-active text-sidebar-fg-active'
          : 'text-sidebar-fg hover:bg-sidebar-hover hover:text-sidebar-fg-active',
      )}
    >
      {Icon ? <Icon size={18} className="shrink-0" /> : null}
      <span className={cx('truncate', collapsed && 'sr-only')}>{label}</span>
    </Link>
  );
}

export function AppSidebar() {
  const { roles } = useSession();
  const disabled = useDisabledFeatures();
  const { auth } = useRuntimeConfig();
  const [location] = useLocation();
  const collapsed = useSidebarStore((state) => state.collapsed);
  const setCollapsed = useSidebarStore((state) => state.setCollapsed);
  const toggle = useSidebarStore((state) => state.toggle);
  const nav = buildNavigation(ROUTES, { roles, disabled, auth });
  const inSettings = location.startsWith('/settings');
  const [settingsOpen, setSettingsOpen] = useState(inSettings);
  const settingsId = useId();
  const ref = useRef<HTMLElement>(null);

  // On a narrow window an open sidebar would cover the page: start collapsed there.
  useEffect(() => {
    if (window.innerWidth < SIDEBAR_AUTO_COLLAPSE_WIDTH) setCollapsed(true);
  }, [setCollapsed]);

  useEffect(() => {
    if (collapsed) return;
    const onPointerDown = (event: PointerEvent) => {
      if (window.innerWidth >= SIDEBAR_AUTO_COLLAPSE_WIDTH) return;
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target)) {
        setCollapsed(true);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [collapsed, setCollapsed]);

  return (
    // The spacer keeps the content in place when the sidebar overlays it on small screens.
    <div className={cx('relative shrink-0', collapsed ? 'w-14' : 'w-14 lg:w-56')}>
      <nav
        ref={ref}
        aria-label="Main"
        data-collapsed={collapsed}
        className={cx(
          'flex h-full flex-col bg-sidebar text-sidebar-fg transition-[width] duration-150',
          collapsed
            ? 'w-14'
            : 'w-56 max-lg:fixed max-lg:inset-y-0 max-lg:left-0 max-lg:z-40 max-lg:shadow-lg',
        )}
      >
        <div
          className={cx('flex h-14 shrink-0 items-center', collapsed ? 'justify-center' : 'px-4')}
        >
          <Link
            href={paths.root()}
            className="rounded-md text-sidebar-fg-active focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            aria-label="Vigil home"
          >
            <Logo size={28} withWordmark={!collapsed} />
          </Link>
        </div>
        <div className="flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto px-2 py-2">
          <ul className="flex flex-col gap-0.5">
            {nav.main.map((entry) => (
              <li key={entry.href}>
                <NavLink {...entry} collapsed={collapsed} active={isActive(location, entry.href)} />
              </li>
            ))}
          </ul>
          {nav.settings.length > 0 ? (
            <div className="mt-2 border-t border-sidebar-hover pt-2">
              <button
                type="button"
                aria-expanded={settingsOpen && !collapsed}
                aria-controls={settingsId}
                title={collapsed ? 'Settings' : undefined}
                onClick={() => {
                  if (collapsed) {
                    setCollapsed(false);
                    setSettingsOpen(true);
                  } else setSettingsOpen((open) => !open);
                }}
                className={cx(
                  itemBase,
                  inSettings ? 'text-sidebar-fg-active' : 'text-sidebar-fg',
                  'hover:bg-sidebar-hover hover:text-sidebar-fg-active',
                )}
              >
                <SettingsIcon size={18} className="shrink-0" />
                <span className={cx('flex-1 truncate text-left', collapsed && 'sr-only')}>
                  Settings
                </span>
                {collapsed ? null : (
                  <ChevronDownIcon
                    size={14}
                    className={cx('transition-transform', settingsOpen && 'rotate-180')}
                  />
                )}
              </button>
              <ul
                id={settingsId}
                hidden={!settingsOpen || collapsed}
                className="mt-0.5 flex flex-col gap-0.5"
              >
                {nav.settings.map((entry) => (
                  <li key={entry.href}>
                    <NavLink
                      {...entry}
                      nested
                      collapsed={false}
                      active={isActive(location, entry.href)}
                    />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        <div className="shrink-0 border-t border-sidebar-hover p-2">
          <button
            type="button"
            onClick={toggle}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            className={cx(
              itemBase,
              'text-sidebar-fg hover:bg-sidebar-hover hover:text-sidebar-fg-active',
            )}
          >
            {collapsed ? <ChevronsRightIcon size={18} /> : <ChevronsLeftIcon size={18} />}
            <span className={cx('truncate', collapsed && 'sr-only')}>Collapse</span>
          </button>
        </div>
      </nav>
    </div>
  );
}
