/**
 * The fields of the settings resource editors, drawn by the shared `src/ui/form-field` wrapper:
 * text (or a number, or several lines), select, checkbox, and the secret-capable value (Static,
 * Config Map, Secret — spec doc 3 §4).
 */
import type { ReactNode } from 'react';
import { cx } from '../../../lib/class-names';
import {
  CheckboxField as FormCheckboxField,
  FormField,
  SelectField as FormSelectField,
  TextAreaField,
  TextInputField,
  fieldInputClass,
  fieldSelectClass,
  type FieldOption,
} from '../../../ui/form-field';
import {
  readSecretValue,
  SECRET_MODES,
  writeSecretValue,
  type SecretMode,
} from './health-check-kinds';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange?: (value: string) => void;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  readOnly?: boolean;
  disabled?: boolean;
  placeholder?: string;
  className?: string;
  multiline?: boolean;
  type?: 'text' | 'number';
}

/** One line of text (a number keeps a text input with the decimal keyboard), or several lines. */
export function TextField({ multiline, type = 'text', required, ...props }: TextFieldProps) {
  const common = { ...props, required, hint: props.error ? undefined : props.hint };
  return multiline ? (
    <TextAreaField {...common} rows={4} controlClassName="font-mono text-[13px]" />
  ) : (
    <TextInputField
      {...common}
      type="text"
      inputMode={type === 'number' ? 'decimal' : undefined}
      autoComplete="off"
    />
  );
}

export interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly FieldOption[];
  onChange?: (value: string) => void;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
}

export function SelectField({ hint, error, ...props }: SelectFieldProps) {
  return <FormSelectField {...props} error={error} hint={error ? undefined : hint} />;
}

export function CheckboxField(props: {
  label: string;
  checked: boolean;
  onChange?: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return <FormCheckboxField {...props} className="self-end pb-2" />;
}

/**
 * A secret-capable value: Static (the value), Config Map or Secret (name and key). Required and
 * empty shows 'This field is required' once touched (the caller passes the error).
 */
export function SecretField({
  label,
  value,
  onChange,
  required,
  error,
  disabled,
}: {
  label: string;
  value: unknown;
  onChange?: (value: unknown) => void;
  required?: boolean;
  error?: string;
  disabled?: boolean;
}) {
  const current = readSecretValue(value);
  const set = (patch: Partial<typeof current>) =>
    onChange?.(writeSecretValue({ ...current, ...patch }));
  return (
    <FormField as="fieldset" label={label} required={required} error={error}>
      {(control) => (
        <div className="flex gap-2">
          <select
            aria-label={`${label} source`}
            value={current.mode}
            disabled={disabled}
            onChange={(event) =>
              set({ mode: event.target.value as SecretMode, value: '', name: '', key: '' })
            }
            className={cx(fieldSelectClass, 'w-32 shrink-0')}
          >
            {SECRET_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {mode}
              </option>
            ))}
          </select>
          {current.mode === 'Static' ? (
            <input
              aria-label={label}
              value={current.value}
              disabled={disabled}
              autoComplete="off"
              aria-invalid={control['aria-invalid']}
              onChange={(event) => set({ value: event.target.value })}
              className={fieldInputClass}
            />
          ) : (
            <>
              <input
                aria-label={`${label} ${current.mode === 'Secret' ? 'secret' : 'config map'} name`}
                placeholder="Name"
                value={current.name}
                disabled={disabled}
                autoComplete="off"
                aria-invalid={control['aria-invalid']}
                onChange={(event) => set({ name: event.target.value })}
                className={fieldInputClass}
              />
              <input
                aria-label={`${label} key`}
                placeholder="Key"
                value={current.key}
                disabled={disabled}
                autoComplete="off"
                aria-invalid={control['aria-invalid']}
                onChange={(event) => set({ key: event.target.value })}
                className={fieldInputClass}
              />
            </>
          )}
        </div>
      )}
    </FormField>
  );
}
