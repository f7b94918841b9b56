/**
 * The labelled controls of the workspace's forms (responder fields, definition of done): a text
 * input or text area and a native select, each with its error tied to it (`aria-invalid`,
 * `aria-describedby`) and announced when it appears. Each keeps what the user types in its own
 * state upstream, so the workspace's 2 s refresh never overwrites it.
 */
import { useId, type ReactNode } from 'react';
import { cx } from '../../../lib/class-names';

export const inputClass =
  'w-full rounded-md border border-border bg-surface px-3 text-sm text-fg shadow-sm placeholder:text-fg-subtle hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-invalid:border-danger disabled:cursor-not-allowed disabled:bg-surface-sunken disabled:text-fg-muted';

export const selectClass =
  'h-9 rounded-md border border-border bg-surface px-2 text-sm text-fg shadow-sm hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-invalid:border-danger disabled:cursor-not-allowed disabled:bg-surface-sunken disabled:text-fg-muted';

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="mt-1 text-xs font-medium text-danger">
      {children}
    </p>
  );
}

interface BaseFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  className?: string;
  name?: string;
}

export function TextField({
  label,
  value,
  onChange,
  error,
  disabled,
  className,
  name,
  multiline = false,
  placeholder,
  mono = false,
}: BaseFieldProps & { multiline?: boolean; placeholder?: string; mono?: boolean }) {
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    name,
    value,
    disabled,
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-fg">
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          rows={3}
          onChange={(event) => onChange(event.target.value)}
          className={cx(inputClass, 'py-2', mono && 'font-mono text-xs')}
        />
      ) : (
        <input
          {...common}
          type="text"
          onChange={(event) => onChange(event.target.value)}
          className={cx(inputClass, 'h-9', mono && 'font-mono text-xs')}
        />
      )}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

export function SelectField({
  label,
  value,
  onChange,
  error,
  disabled,
  className,
  name,
  options,
  placeholder = 'None',
}: BaseFieldProps & {
  options: readonly { value: string; label: string }[];
  /** The empty choice's text ('None' means no selection). */
  placeholder?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-fg">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={cx(selectClass, 'w-full')}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
