/**
 * The filter bar every list screen shares: its filters in a wrapping row, a 'Clear filters'
 * button when any is active, and a slot on the right for view actions (export, toggles).
 */
import type { ReactNode } from 'react';
import { Button } from '../button';

export interface FilterBarProps {
  /** Accessible name of the group, e.g. 'Catalog filters'. */
  label: string;
  children: ReactNode;
  /** Shown on the right (export, view toggles). */
  actions?: ReactNode;
  /** When set and `active`, a 'Clear filters' button calls it. */
  onClear?: () => void;
  active?: boolean;
}

export function FilterBar({ label, children, actions, onClear, active = false }: FilterBarProps) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-2">
      {children}
      {onClear && active ? (
        <Button size="sm" variant="ghost" onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
      {actions ? <div className="ml-auto flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
