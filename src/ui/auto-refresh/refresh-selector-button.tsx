/**
 * What the auto-refresh selector's stand-in (refresh-selector.tsx) and its Headless UI listbox
 * (refresh-selector-impl.tsx) share, so that the one looks exactly like the other.
 */
import { cx } from '../../lib/class-names';
import { ChevronDownIcon, RefreshIcon } from '../icons';
import { refreshOptionLabel, type RefreshOption } from './refresh-options';

/** The selector's box: the options open under its button. */
export function refreshSelectorClass(className?: string) {
  return cx('relative inline-block', className);
}

export const refreshButtonClass = cx(
  'inline-flex h-9 items-center gap-2 rounded-md border border-border bg-surface px-3 text-sm font-medium text-fg shadow-sm transition-colors',
  'hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary data-open:bg-surface-hover',
);

/** The button's content: the refresh icon, the option in effect and a chevron. */
export function RefreshButtonContent({ option }: { option: RefreshOption }) {
  return (
    <>
      <RefreshIcon className="shrink-0 text-fg-muted" />
      <span className="tabular-nums">{refreshOptionLabel(option)}</span>
      <ChevronDownIcon className="shrink-0 text-fg-muted" />
    </>
  );
}
