/**
 * The Headless UI half of the dropdown menus (src/ui/menu.tsx): loaded when a menu is first
 * approached, so that Headless UI, Floating UI and React Aria stay off every page's first load.
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
import type { ReactNode, Ref } from 'react';
import { Link } from 'wouter';
import { cx } from '../lib/class-names';
import { menuItemClass as itemClass } from './menu-styles';

/** The real menu: Headless UI's button and its anchored panel. */
export function MenuPanel({
  buttonRef,
  trigger,
  triggerLabel,
  triggerClass,
  panelClassName,
  children,
}: {
  buttonRef: Ref<HTMLButtonElement>;
  trigger: ReactNode;
  triggerLabel?: string;
  triggerClass: string;
  panelClassName?: string;
  children: ReactNode;
}) {
  return (
    <HeadlessMenu>
      <MenuButton
        ref={buttonRef}
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
