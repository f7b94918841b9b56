/**
 * Labelled form fields of the embed-token dialog: text, multi-line text and select, each with its
 * hint and error tied to the control (`aria-describedby`, `aria-invalid`); errors are announced.
 * (The agents feature has the same text field; a second screen needing it should promote one to
 * src/ui rather than import across features.)
 */
import { useId, type ReactNode } from 'react';
import { cx } from '../../lib/class-names';

const controlClass =
  'w-full rounded-md border border-border bg-surface px-3 text-sm text-fg shadow-sm placeholder:text-fg-subtle hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-invalid:border-danger';

interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}

function FieldShell({ id, label, required, hint, error, className, children }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-fg">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-danger">
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
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

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return (
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  );
}

interface BaseFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  placeholder?: string;
  /** Takes the dialog's initial focus (Headless UI's `data-autofocus`). */
  initialFocus?: boolean;
}

export function TextField({
  label,
  value,
  onChange,
  required,
  hint,
  error,
  className,
  placeholder,
  initialFocus,
}: BaseFieldProps) {
  const id = useId();
  return (
    <FieldShell
      id={id}
      label={label}
      required={required}
      hint={hint}
      error={error}
      className={className}
    >
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required={required}
        placeholder={placeholder}
        autoComplete="off"
        data-autofocus={initialFocus || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={cx(controlClass, 'h-9')}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  value,
  onChange,
  required,
  hint,
  error,
  className,
  placeholder,
}: BaseFieldProps) {
  const id = useId();
  return (
    <FieldShell
      id={id}
      label={label}
      required={required}
      hint={hint}
      error={error}
      className={className}
    >
      <textarea
        id={id}
        value={value}
        rows={2}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={cx(controlClass, 'py-1.5 font-mono text-xs')}
      />
    </FieldShell>
  );
}

export interface SelectFieldProps extends Omit<BaseFieldProps, 'placeholder'> {
  options: readonly { value: string; label: string }[];
}

export function SelectField({
  label,
  value,
  onChange,
  options,
  hint,
  error,
  className,
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy(id, hint, error)}
        className={cx(controlClass, 'h-9 px-2')}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
