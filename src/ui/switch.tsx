/** An on/off switch with a visible label (`role="switch"`, Space toggles). */
import { Field, Label, Switch as HeadlessSwitch } from '@headlessui/react';
import { cx } from '../lib/class-names';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  disabled?: boolean;
  className?: string;
}

export function Switch({ checked, onChange, label, disabled, className }: SwitchProps) {
  return (
    <Field className={cx('inline-flex items-center gap-2', className)} disabled={disabled}>
      <HeadlessSwitch
        checked={checked}
        onChange={onChange}
        className="group relative inline-flex h-5 w-9 shrink-0 cursor-pointer rounded-full border border-border-strong bg-surface-sunken transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary data-checked:border-primary data-checked:bg-primary data-disabled:cursor-not-allowed data-disabled:opacity-50"
      >
        <span
          aria-hidden="true"
          className="pointer-events-none m-px inline-block size-4 translate-x-0 rounded-full bg-surface shadow-sm transition-transform group-data-checked:translate-x-4"
        />
      </HeadlessSwitch>
      <Label className="cursor-pointer text-sm text-fg select-none">{label}</Label>
    </Field>
  );
}
