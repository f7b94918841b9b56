/**
 * Dropdown menus over Headless UI: arrow keys, typeahead, Escape, focus return. Items are
 * buttons, in-app links (wouter) or external links.
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
import type { ReactNode } from 'react';
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

export function Menu({
  trigger,
  triggerLabel,
  triggerClassName,
  children,
  panelClassName,
}: MenuProps) {
  return (
    <HeadlessMenu>
      <MenuButton
        aria-label={triggerLabel}
        title={triggerLabel}
        className={cx(
          'inline-flex items-center justify-center gap-2 rounded-md text-fg-muted transition-colors hover:bg-surface-hover hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary data-open:bg-surface-hover data-open:text-fg',
          triggerClassName,
        )}
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
