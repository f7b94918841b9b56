/**
 * A popover: a button that opens a floating panel anchored to it (filter and view panels).
 * PopoverBase handles focus, Escape and outside clicks; this adds the console's styling.
 */
import type { ReactNode } from 'react';
import { cx } from '../lib/class-names';
import { PopoverBase, type PopoverBaseProps } from './popover-base';

export interface PopoverProps {
  /** The button's content. */
  button: ReactNode;
  buttonClassName?: string;
  /** Accessible name of the panel. */
  panelLabel: string;
  panelClassName?: string;
  /** Where the panel opens relative to the button. */
  anchor?: 'bottom start' | 'bottom end';
  /** The panel's content; the function form gets `close`, which returns focus to the button. */
  children: PopoverBaseProps['children'];
}

export function Popover({
  button,
  buttonClassName,
  panelLabel,
  panelClassName,
  anchor = 'bottom start',
  children,
}: PopoverProps) {
  return (
    <PopoverBase
      className="relative"
      buttonProps={{
        className: cx(
          'inline-flex h-9 items-center gap-2 rounded-md border px-3 text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
          buttonClassName ?? 'border-border bg-surface text-fg hover:border-border-strong',
        ),
      }}
      button={button}
      panelProps={{
        'aria-label': panelLabel,
        className: cx(
          'absolute top-full z-40 mt-1.5 rounded-lg border border-border bg-surface shadow-lg focus:outline-none',
          anchor === 'bottom end' ? 'right-0' : 'left-0',
          panelClassName,
        ),
      }}
    >
      {children}
    </PopoverBase>
  );
}
