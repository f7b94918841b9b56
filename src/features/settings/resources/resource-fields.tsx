/**
 * Labelled fields of the settings resource editors: text, text area, number, select, checkbox and
 * the secret-capable value (Static, Config Map, Secret — spec doc 3 §4). Errors are tied to their
 * inputs (`aria-invalid`, `aria-describedby`) and announced.
 */
import { useId, type ReactNode } from 'react';
import { cx } from '../../../lib/class-names';
import {
  readSecretValue,
  SECRET_MODES,
  writeSecretValue,
  type SecretMode,
} from './health-check-kinds';

export const inputClass =
  'h-9 w-full rounded-md border border-border bg-surface px-3 text-sm text-fg shadow-sm placeholder:text-fg-subtle hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-invalid:border-danger read-only:bg-surface-sunken read-only:text-fg-muted read-only:shadow-none disabled:bg-surface-sunken disabled:text-fg-muted disabled:shadow-none';

export const selectClass =
  'h-9 w-full rounded-md border border-border bg-surface px-2 text-sm text-fg shadow-sm hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-invalid:border-danger disabled:bg-surface-sunken disabled:text-fg-muted';

interface FieldFrameProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

function FieldFrame({ id, label, required, error, hint, className, children }: FieldFrameProps) {
  return (
    <div className={cx('flex min-w-0 flex-col', className)}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-fg">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-danger">
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

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

export function TextField({
  label,
  value,
  onChange,
  required,
  error,
  hint,
  readOnly,
  disabled,
  placeholder,
  className,
  multiline,
  type = 'text',
}: TextFieldProps) {
  const id = useId();
  const common = {
    id,
    value,
    readOnly,
    disabled,
    placeholder,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, hint),
  };
  return (
    <FieldFrame
      id={id}
      label={label}
      required={required}
      error={error}
      hint={hint}
      className={className}
    >
      {multiline ? (
        <textarea
          {...common}
          rows={4}
          onChange={(event) => onChange?.(event.target.value)}
          className={cx(inputClass, 'h-auto py-2 font-mono text-[13px]')}
        />
      ) : (
        <input
          {...common}
          type="text"
          inputMode={type === 'number' ? 'decimal' : undefined}
          autoComplete="off"
          onChange={(event) => onChange?.(event.target.value)}
          className={inputClass}
        />
      )}
    </FieldFrame>
  );
}

export interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly (string | { value: string; label: string })[];
  onChange?: (value: string) => void;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
}

export function SelectField({
  label,
  value,
  options,
  onChange,
  required,
  error,
  hint,
  disabled,
  className,
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame
      id={id}
      label={label}
      required={required}
      error={error}
      hint={hint}
      className={className}
    >
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onChange?.(event.target.value)}
        className={selectClass}
      >
        {options.map((option) => {
          const entry = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={entry.value} value={entry.value}>
              {entry.label}
            </option>
          );
        })}
      </select>
    </FieldFrame>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange?: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 self-end pb-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange?.(event.target.checked)}
        className="size-4 rounded border-border accent-[var(--vigil-color-primary)]"
      />
      <label htmlFor={id} className="text-sm text-fg">
        {label}
      </label>
    </div>
  );
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
  const id = useId();
  const current = readSecretValue(value);
  const set = (patch: Partial<typeof current>) =>
    onChange?.(writeSecretValue({ ...current, ...patch }));
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-1"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-fg">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-danger">
            *
          </span>
        ) : null}
      </legend>
      <div className="flex gap-2">
        <select
          aria-label={`${label} source`}
          value={current.mode}
          disabled={disabled}
          onChange={(event) =>
            set({ mode: event.target.value as SecretMode, value: '', name: '', key: '' })
          }
          className={cx(selectClass, 'w-32 shrink-0')}
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
            aria-invalid={error ? true : undefined}
            onChange={(event) => set({ value: event.target.value })}
            className={inputClass}
          />
        ) : (
          <>
            <input
              aria-label={`${label} ${current.mode === 'Secret' ? 'secret' : 'config map'} name`}
              placeholder="Name"
              value={current.name}
              disabled={disabled}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              onChange={(event) => set({ name: event.target.value })}
              className={inputClass}
            />
            <input
              aria-label={`${label} key`}
              placeholder="Key"
              value={current.key}
              disabled={disabled}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              onChange={(event) => set({ key: event.target.value })}
              className={inputClass}
            />
          </>
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
