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

/**
 * How the stand-in button was approached; the real one then takes over the focus or the press.
 * `press` is a click (the end of a press, or a click from code), `key` a key that opens a menu
 * (Enter, Space, ↓, ↑).
 */
type Approach =
  { kind: 'pointer' } | { kind: 'focus' } | { kind: 'press' } | { kind: 'key'; key: string };

/** The keys that open a Headless UI menu from its button. */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/** Only the first press opens: a later approach never overrides one that opens the menu. */
function opens(approach: Approach | undefined) {
  return approach?.kind === 'press' || approach?.kind === 'key';
}

export function Menu({
  trigger,
  triggerLabel,
  triggerClassName,
  children,
  panelClassName,
}: MenuProps) {
  const [approach, setApproach] = useState<Approach | undefined>(undefined);
  const [module, setModule] = useState<MenuImpl | undefined>(impl);
  // A press that began on the stand-in and has not ended with its click yet (see below).
  const [pressing, setPressing] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const ready = Boolean(approach && module && !pressing);
  useEffect(() => {
    if (!pressing) return;
    // The press ends with its click, wherever it lands (a press dragged off the button clicks
    // elsewhere), or when it is cancelled. The click is heard as it leaves the page (bubbling to
    // the window), after the stand-in's own handler: heard on its way in, the render that ends
    // the press ran before the click reached the stand-in, which it had taken out of the page. A
    // tap's click follows its release at once: a release with no click after it (none is sent
    // when the finger moved away, or a handler stopped the click) ends the press a second on.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const end = () => setPressing(false);
    const released = () => {
      clearTimeout(timer);
      timer = setTimeout(end, 1000);
    };
    window.addEventListener('click', end);
    window.addEventListener('pointercancel', end, true);
    window.addEventListener('pointerup', released, true);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('click', end);
      window.removeEventListener('pointercancel', end, true);
      window.removeEventListener('pointerup', released, true);
    };
  }, [pressing]);
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
    const real = button.current;
    if (!ready || !approach || !real) return;
    if (approach.kind === 'pointer') return;
    real.focus();
    if (approach.kind === 'press') real.click();
    // The key is played again on the real button: Headless UI opens with the first (↑: last)
    // item active, as for a key pressed on its own button.
    if (approach.kind === 'key') {
      real.dispatchEvent(
        new KeyboardEvent('keydown', { key: approach.key, bubbles: true, cancelable: true }),
      );
    }
  }, [ready, approach]);
  const triggerClass = cx(menuTriggerBaseClass, triggerClassName);
  if (!ready || !module) {
    // The stand-in hands over each press exactly once, whenever the Headless UI half arrives.
    // What it hands over is the press's click, the end of the press: a press that began here
    // keeps the stand-in in the page until its click (or its cancellation), and the click then
    // opens the real menu. Swapping the buttons in the middle of a press lost it or doubled it:
    // the press's own click went to a button no longer in the page (lost), or, after a tap, to the
    // real button that the handed-over press had already opened (closed again).
    //  - Enter, Space, ↓ and ↑ are taken here (no click of their own) and played on the real one.
    //  - Hovering mounts the real menu with an ordinary render, never a synchronous one: a pointer
    //    resting on the button sends its hover and its press together, and swapping the buttons
    //    in between sent the press to a button no longer in the page.
    const arm = (next: Approach) =>
      setApproach((current) => {
        if (opens(current)) return current;
        if (opens(next) || !current) return next;
        return current;
      });
    return (
      <button
        type="button"
        aria-label={triggerLabel}
        title={triggerLabel}
        aria-haspopup="menu"
        aria-expanded="false"
        className={triggerClass}
        onPointerEnter={() => arm({ kind: 'pointer' })}
        onPointerMove={() => arm({ kind: 'pointer' })}
        onPointerDown={(event) => {
          if (event.button > 0) return;
          // No focus on the stand-in: the real button takes it when it opens.
          if (event.pointerType !== 'touch' && event.pointerType !== 'pen') event.preventDefault();
          setPressing(true);
          arm({ kind: 'pointer' });
        }}
        onKeyDown={(event) => {
          if (!OPENING_KEYS.has(event.key)) return;
          event.preventDefault();
          arm({ kind: 'key', key: event.key });
        }}
        onFocus={() => arm({ kind: 'focus' })}
        onClick={() => arm({ kind: 'press' })}
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
