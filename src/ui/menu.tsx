/**
 * Dropdown menus over Headless UI: arrow keys, typeahead, Escape, focus return. Items are
 * buttons, in-app links (wouter) or external links.
 *
 * A menu is mounted on first approach: until the pointer comes over its button, the button takes
 * focus or is clicked, a plain button with the same look and name stands in. A Headless UI menu
 * costs about 2 ms to mount on a slow machine, and a grid of 30 cards or a table of 50 rows each
 * with its menu would pay that on every load.
 */
import {
  Menu as HeadlessMenu,
  MenuButton,
  MenuHeading,
  MenuItem,
  MenuItems,
  MenuSection,
  MenuSeparator,
} from '@headlessui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'wouter';
import { cx } from '../lib/class-names';

export interface MenuProps {
  /** The trigger's content; it must have an accessible name (`triggerLabel` for icon triggers). */
  trigger: ReactNode;
  triggerLabel?: string;
  triggerClassName?: string;
  children: ReactNode;
  /** Width of the panel (default w-56). */
  panelClassName?: string;
}

const itemClass =
  'flex w-full items-center gap-2 rounded-md px-2.5 py-1.5 text-left text-sm text-fg data-focus:bg-surface-hover data-disabled:opacity-50';

const triggerBaseClass =
  'inline-flex items-center justify-center gap-2 rounded-md text-fg-muted transition-colors hover:bg-surface-hover hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary data-open:bg-surface-hover data-open:text-fg';

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
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (approach === 'focus' || approach === 'click') button.current?.focus();
    if (approach === 'click') button.current?.click();
  }, [approach]);
  const triggerClass = cx(triggerBaseClass, triggerClassName);
  if (!approach) {
    // The first approach wins. A pointer swaps the buttons at once (flushSync), so that the press
    // that follows lands on the real button; a press with no pointer move before it (the pointer
    // was already there) or a click from code opens the real menu once it is mounted.
    const arm = (next: Approach, now = false) => {
      const update = () => setApproach((current) => current ?? next);
      if (now) flushSync(update);
      else update();
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
    <HeadlessMenu>
      <MenuButton
        ref={button}
        aria-label={triggerLabel}
        title={triggerLabel}
        className={triggerClass}
      >
        {trigger}
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 6 }}
        transition
        className={cx(
          'z-50 rounded-lg border border-border bg-surface-raised p-1 shadow-lg transition duration-100 focus:outline-none data-closed:scale-95 data-closed:opacity-0',
          panelClassName ?? 'w-56',
        )}
      >
        {children}
      </MenuItems>
    </HeadlessMenu>
  );
}

export function MenuItemButton({
  onClick,
  icon,
  children,
  disabled,
}: {
  onClick: () => void;
  icon?: ReactNode;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <MenuItem disabled={disabled}>
      <button type="button" onClick={onClick} className={itemClass}>
        {icon ? <span className="text-fg-muted">{icon}</span> : null}
        {children}
      </button>
    </MenuItem>
  );
}

/** An in-app link (client-side navigation) or, with `external`, a new-tab link. */
export function MenuItemLink({
  href,
  external = false,
  icon,
  children,
}: {
  href: string;
  external?: boolean;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <MenuItem>
      {external ? (
        <a href={href} target="_blank" rel="noreferrer noopener" className={itemClass}>
          {icon ? <span className="text-fg-muted">{icon}</span> : null}
          {children}
        </a>
      ) : (
        <Link href={href} className={itemClass}>
          {icon ? <span className="text-fg-muted">{icon}</span> : null}
          {children}
        </Link>
      )}
    </MenuItem>
  );
}

/** Non-interactive text inside a menu (greeting, versions). */
export function MenuText({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cx('px-2.5 py-1.5 text-sm text-fg-muted', className)}>{children}</div>;
}

export function MenuGroup({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <MenuSection>
      {label ? (
        <MenuHeading className="px-2.5 pt-2 pb-1 text-xs font-semibold tracking-wide text-fg-subtle uppercase">
          {label}
        </MenuHeading>
      ) : null}
      {children}
    </MenuSection>
  );
}

export function MenuDivider() {
  return <MenuSeparator className="my-1 h-px bg-border" />;
}
