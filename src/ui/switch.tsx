/**
 * An on/off switch with a visible label: a native button with `role="switch"` and `aria-checked`
 * (Space and Enter toggle it, as a click), named by its label, which toggles it when clicked too.
 * Our own code rather than Headless UI's, which would bring Headless UI into the first load of
 * every page with a switch (issue 18).
 */
import { useId } from 'react';
import { cx } from '../lib/class-names';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  disabled?: boolean;
  className?: string;
}

export function Switch({ checked, onChange, label, disabled, className }: SwitchProps) {
  const id = useId();
  const labelId = `${id}-label`;
  return (
    <div className={cx('inline-flex items-center gap-2', className)}>
      <button
        type="button"
        role="switch"
        id={id}
        aria-checked={checked}
        aria-labelledby={labelId}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className="group relative inline-flex h-5 w-9 shrink-0 cursor-pointer rounded-full border border-border-strong bg-surface-sunken transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-50 aria-checked:border-primary aria-checked:bg-primary"
      >
        <span
          aria-hidden="true"
          className="pointer-events-none m-px inline-block size-4 translate-x-0 rounded-full bg-surface shadow-sm transition-transform group-aria-checked:translate-x-4"
        />
      </button>
      {/* A label for a button: a click on it is a click on the switch (none while disabled). */}
      <label id={labelId} htmlFor={id} className="cursor-pointer text-sm text-fg select-none">
        {label}
      </label>
    </div>
  );
}
