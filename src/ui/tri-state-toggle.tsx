/**
 * A three-state include/exclude filter (spec doc 1 §2 filter panel): exclude (-1), none (0),
 * include (1). Two toggle buttons; pressing the active one resets to 0.
 */
import { cx } from '../lib/class-names';
import { MinusIcon, PlusIcon } from './icons';

export type TriState = -1 | 0 | 1;

/** The next state when `pressed` is clicked while `current` is active. */
export function nextTriState(current: TriState, pressed: -1 | 1): TriState {
  return current === pressed ? 0 : pressed;
}

export interface TriStateToggleProps {
  value: TriState;
  onChange: (value: TriState) => void;
  /** What is being filtered, e.g. `env: prod`; used in the buttons' accessible names. */
  label: string;
  /**
   * A button is being pressed (pointer down): the state its click will set, so that the caller can
   * ask for that state's data while the press lasts.
   */
  onIntent?: (value: TriState) => void;
  className?: string;
}

export function TriStateToggle({
  value,
  onChange,
  label,
  onIntent,
  className,
}: TriStateToggleProps) {
  const button =
    'inline-flex size-6 items-center justify-center rounded border transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary';
  return (
    <div className={cx('flex items-center gap-2', className)} data-state={value}>
      <button
        type="button"
        aria-pressed={value === -1}
        aria-label={`Exclude ${label}`}
        title={`Exclude ${label}`}
        onPointerDown={onIntent ? () => onIntent(nextTriState(value, -1)) : undefined}
        onClick={() => onChange(nextTriState(value, -1))}
        className={cx(
          button,
          value === -1
            ? 'border-unhealthy bg-unhealthy-soft text-unhealthy'
            : 'border-border text-fg-muted hover:bg-surface-hover',
        )}
      >
        <MinusIcon size={12} />
      </button>
      <span
        className={cx(
          'min-w-0 flex-1 truncate text-sm',
          value === 0 ? 'text-fg' : 'font-medium text-fg',
          value === -1 && 'line-through',
        )}
      >
        {label}
      </span>
      <button
        type="button"
        aria-pressed={value === 1}
        aria-label={`Include ${label}`}
        title={`Include ${label}`}
        onPointerDown={onIntent ? () => onIntent(nextTriState(value, 1)) : undefined}
        onClick={() => onChange(nextTriState(value, 1))}
        className={cx(
          button,
          value === 1
            ? 'border-healthy bg-healthy-soft text-healthy'
            : 'border-border text-fg-muted hover:bg-surface-hover',
        )}
      >
        <PlusIcon size={12} />
      </button>
    </div>
  );
}
