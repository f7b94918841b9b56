/**
 * A small set of mutually exclusive buttons (Table | Graph, JSON | YAML, Side by side |
 * Unified…): each a toggle button with `aria-pressed`, inside a labelled group.
 */
import { cx } from '../lib/class-names';

export interface SegmentedToggleProps<T extends string> {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  /** Show the group's label before the buttons. */
  showLabel?: boolean;
  /** `sm` for toolbars inside panels (diffs, code). */
  size?: 'sm' | 'md';
  className?: string;
}

export function SegmentedToggle<T extends string>({
  label,
  value,
  options,
  onChange,
  showLabel = false,
  size = 'md',
  className,
}: SegmentedToggleProps<T>) {
  return (
    <div
      role="group"
      aria-label={label}
      className={cx(
        'inline-flex items-center gap-2',
        size === 'sm' ? 'text-xs' : 'text-sm',
        className,
      )}
    >
      {showLabel ? <span className="whitespace-nowrap text-fg-muted">{label}</span> : null}
      <span className="inline-flex rounded-md border border-border bg-surface p-0.5 shadow-sm">
        {options.map((option) => {
          const pressed = option.value === value;
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={pressed}
              onClick={() => onChange(option.value)}
              className={cx(
                'rounded px-2.5 font-medium whitespace-nowrap transition-colors',
                size === 'sm' ? 'h-6' : 'h-7',
                'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
                pressed
                  ? 'bg-primary text-primary-fg'
                  : 'text-fg-muted hover:bg-surface-hover hover:text-fg',
              )}
            >
              {option.label}
            </button>
          );
        })}
      </span>
    </div>
  );
}
