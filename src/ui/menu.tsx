/**
 * Dropdown menus over Headless UI: arrow keys, typeahead, Escape, focus return. Items are
 * buttons, in-app links (wouter) or external links.
 *
 * A menu is mounted on first approach: until the pointer comes over its button, the button takes
 * focus or is clicked, a plain button with the same look and name stands in. A Headless UI menu
 * costs about 2 ms to mount on a slow machine, and a grid of 30 cards or a table of 50 rows each
 * with its menu would pay that on every load. The Headless UI half (menu-impl.tsx, with Floating
 * UI and React Aria, about 35 KB gzip) is loaded on that first approach too, so no page's first
 * load carries it (issue 18); the items below render only inside the real menu, once it is here.
 * The stand-in and the hand-over are those of load-on-approach.ts.
 */
import type { ReactNode } from 'react';
import { cx } from '../lib/class-names';
import { onDemand, useLoadOnApproach } from './load-on-approach';
import { menuTriggerBaseClass } from './menu-styles';

type MenuImpl = typeof import('./menu-impl');

const menuImpl = onDemand<MenuImpl>(() => import('./menu-impl'));

/** Loads the Headless UI half once; later menus mount at once. */
export function loadMenuImpl(): Promise<MenuImpl> {
  return menuImpl.load();
}

/** The loaded half, for the items: they render only inside a real menu, after it loaded. */
function loadedImpl(): MenuImpl {
  const impl = menuImpl.current();
  if (!impl) throw new Error('menu items render only inside a Menu');
  return impl;
}

export interface MenuProps {
  /** The trigger's content; it must have an accessible name (`triggerLabel` for icon triggers). */
  trigger: ReactNode;
  triggerLabel?: string;
  triggerClassName?: string;
  children: ReactNode;
  /** Width of the panel (default w-56). */
  panelClassName?: string;
}

/** The keys that open a Headless UI menu from its button (played again on it, see below). */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

export function Menu({
  trigger,
  triggerLabel,
  triggerClassName,
  children,
  panelClassName,
}: MenuProps) {
  // The stand-in hands a press or an opening key to the real button (load-on-approach.ts); the
  // keys are played again as keydowns: Headless UI opens with the first (↑: last) item active,
  // as for a key pressed on its own button.
  const { loaded, buttonRef, standInProps } = useLoadOnApproach(menuImpl, {
    openingKeys: OPENING_KEYS,
  });
  const triggerClass = cx(menuTriggerBaseClass, triggerClassName);
  if (!loaded) {
    return (
      <button
        type="button"
        aria-label={triggerLabel}
        title={triggerLabel}
        aria-haspopup="menu"
        aria-expanded="false"
        className={triggerClass}
        {...standInProps}
      >
        {trigger}
      </button>
    );
  }
  return (
    <loaded.MenuPanel
      buttonRef={buttonRef}
      trigger={trigger}
      triggerLabel={triggerLabel}
      triggerClass={triggerClass}
      panelClassName={panelClassName}
    >
      {children}
    </loaded.MenuPanel>
  );
}

export function MenuItemButton(props: {
  onClick: () => void;
  icon?: ReactNode;
  children: ReactNode;
  disabled?: boolean;
}) {
  const { MenuItemButton: Item } = loadedImpl();
  return <Item {...props} />;
}

/** An in-app link (client-side navigation) or, with `external`, a new-tab link. */
export function MenuItemLink(props: {
  href: string;
  external?: boolean;
  icon?: ReactNode;
  children: ReactNode;
}) {
  const { MenuItemLink: Item } = loadedImpl();
  return <Item {...props} />;
}

/** Non-interactive text inside a menu (greeting, versions). */
export function MenuText({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cx('px-2.5 py-1.5 text-sm text-fg-muted', className)}>{children}</div>;
}

export function MenuGroup(props: { label?: string; children: ReactNode }) {
  const { MenuGroup: Group } = loadedImpl();
  return <Group {...props} />;
}

export function MenuDivider() {
  const { MenuDivider: Divider } = loadedImpl();
  return <Divider />;
}
