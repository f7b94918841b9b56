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
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { cx } from '../lib/class-names';
import { menuTriggerBaseClass } from './menu-styles';

type MenuImpl = typeof import('./menu-impl');

let impl: MenuImpl | undefined;
let pending: Promise<MenuImpl> | undefined;

/** Loads the Headless UI half once; later menus mount at once. */
export function loadMenuImpl(): Promise<MenuImpl> {
  pending ??= import('./menu-impl').then((module) => (impl = module));
  return pending;
}

/** The loaded half, for the items: they render only inside a real menu, after it loaded. */
function loadedImpl(): MenuImpl {
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

/** How the stand-in button was approached: the real one then takes over focus or the click. */
type Approach = 'pointer' | 'focus' | 'click';

export function Menu({
  trigger,
  triggerLabel,
  triggerClassName,
  children,
  panelClassName,
}: MenuProps) {
  const [approach, setApproach] = useState<Approach | undefined>(undefined);
  const [module, setModule] = useState<MenuImpl | undefined>(impl);
  const button = useRef<HTMLButtonElement>(null);
  const ready = Boolean(approach && module);
  useEffect(() => {
    if (!approach || module) return;
    let live = true;
    void loadMenuImpl().then((loaded) => {
      if (live) setModule(loaded);
    });
    return () => {
      live = false;
    };
  }, [approach, module]);
  useEffect(() => {
    if (!ready) return;
    if (approach === 'focus' || approach === 'click') button.current?.focus();
    if (approach === 'click') button.current?.click();
  }, [ready, approach]);
  const triggerClass = cx(menuTriggerBaseClass, triggerClassName);
  if (!ready || !module) {
    // The first approach wins, but a press or click while the menu loads becomes a click. A
    // pointer swaps the buttons at once when the menu is loaded (flushSync), so that the press
    // that follows lands on the real button; a press with no pointer move before it (the pointer
    // was already there), a press before the menu loaded or a click from code opens the real
    // menu once it is mounted.
    const arm = (next: Approach, now = false) => {
      const update = () =>
        setApproach((current) => (next === 'click' ? 'click' : (current ?? next)));
      if (now && impl) {
        flushSync(() => {
          setModule(impl);
          update();
        });
      } else update();
    };
    return (
      <button
        type="button"
        aria-label={triggerLabel}
        title={triggerLabel}
        aria-haspopup="menu"
        aria-expanded="false"
        className={triggerClass}
        onPointerEnter={() => arm('pointer', true)}
        onPointerMove={() => arm('pointer', true)}
        onPointerDown={(event) => {
          event.preventDefault();
          arm('click', true);
        }}
        onFocus={() => arm('focus')}
        onClick={() => arm('click')}
      >
        {trigger}
      </button>
    );
  }
  return (
    <module.MenuPanel
      buttonRef={button}
      trigger={trigger}
      triggerLabel={triggerLabel}
      triggerClass={triggerClass}
      panelClassName={panelClassName}
    >
      {children}
    </module.MenuPanel>
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
