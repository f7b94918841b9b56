/**
 * A duration text field (repeat interval, wait for) with the spec's presets offered as
 * suggestions (3m … 7d) and its validation message; the value stays text (`4h`, `1h30m`).
 */
import { useId } from 'react';
import { DURATION_PRESETS } from '../../../api/notifications-duration';
import { TextInputField } from '../../../ui/form-field';

export interface DurationFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  disabled?: boolean;
}

export function DurationField({
  label,
  value,
  onChange,
  error,
  hint,
  disabled,
}: DurationFieldProps) {
  const listId = useId();
  return (
    <>
      <TextInputField
        label={label}
        value={value}
        onChange={onChange}
        error={error}
        hint={hint}
        list={listId}
        placeholder="e.g. 30m, 4h, 1d"
        autoComplete="off"
        spellCheck={false}
        maxLength={32}
        disabled={disabled}
      />
      <datalist id={listId}>
        {DURATION_PRESETS.map((preset) => (
          <option key={preset} value={preset} />
        ))}
      </datalist>
    </>
  );
}
