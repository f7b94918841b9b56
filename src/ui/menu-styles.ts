/** Classes shared by the menu's stand-in (menu.tsx) and its Headless UI half (menu-impl.tsx). */
export const menuItemClass =
  'flex w-full items-center gap-2 rounded-md px-2.5 py-1.5 text-left text-sm text-fg data-focus:bg-surface-hover data-disabled:opacity-50';

export const menuTriggerBaseClass =
  'inline-flex items-center justify-center gap-2 rounded-md text-fg-muted transition-colors hover:bg-surface-hover hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary data-open:bg-surface-hover data-open:text-fg';
