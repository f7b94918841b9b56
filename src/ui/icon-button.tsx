/** A square button holding only an icon; `label` is required and becomes its accessible name. */
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '../lib/class-names';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** Accessible name (also shown as the tooltip). */
  label: string;
  icon: ReactNode;
  size?: 'sm' | 'md';
  /** `onDark` for buttons on the sidebar's dark surface. */
  tone?: 'default' | 'onDark';
  ref?: Ref<HTMLButtonElement>;
}

export function IconButton({
  label,
  icon,
  size = 'md',
  tone = 'default',
  className,
  type = 'button',
  title,
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={title ?? label}
      className={cx(
        'inline-flex shrink-0 items-center justify-center rounded-md transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-50',
        size === 'sm' ? 'size-7' : 'size-9',
        tone === 'onDark'
          ? 'text-sidebar-fg hover:bg-sidebar-hover hover:text-sidebar-fg-active'
          : 'text-fg-muted hover:bg-surface-hover hover:text-fg',
        className,
      )}
      {...rest}
    >
      {icon}
    </button>
  );
}
