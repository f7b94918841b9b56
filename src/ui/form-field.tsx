/**
 * Labelled form controls for settings dialogs: a text input, a textarea and a native select, each
 * with a required mark, an optional hint and an error tied to the control (`aria-invalid`,
 * `aria-describedby`, announced when it appears).
 */
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cx } from '../lib/class-names';

export const fieldInputClass =
  'h-9 w-full rounded-md border border-border bg-surface px-3 text-sm text-fg shadow-sm placeholder:text-fg-subtle hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-invalid:border-danger read-only:bg-surface-sunken read-only:text-fg-muted read-only:shadow-none disabled:bg-surface-sunken disabled:text-fg-muted';

interface FieldFrameProps {
  id: string;
  label: string;
  required?: boolean | undefined;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}

function FieldFrame({ id, label, required, hint, error, className, children }: FieldFrameProps) {
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

function describedBy(id: string, hint: ReactNode, error: string | undefined): string | undefined {
  return (
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined
  );
}

export interface TextInputFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value'
> {
  label: string;
  value: string;
  onChange?: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextInputField({
  label,
  value,
  onChange,
  error,
  hint,
  required,
  className,
  ref,
  ...rest
}: TextInputFieldProps) {
  const id = useId();
  return (
    <FieldFrame
      id={id}
      label={label}
      required={required}
      hint={hint}
      error={error}
      className={className}
    >
      <input
        ref={ref}
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={fieldInputClass}
        {...rest}
      />
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'onChange' | 'value'
> {
  label: string;
  value: string;
  onChange?: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
}

export function TextAreaField({
  label,
  value,
  onChange,
  error,
  hint,
  required,
  className,
  rows = 3,
  ...rest
}: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame
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
        rows={rows}
        onChange={(event) => onChange?.(event.target.value)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={cx(fieldInputClass, 'h-auto py-2')}
        {...rest}
      />
    </FieldFrame>
  );
}

export interface SelectFieldProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'onChange' | 'value'
> {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange?: (value: string) => void;
  /** A first, empty choice (e.g. 'Select a role'). */
  placeholder?: string;
  error?: string | undefined;
  hint?: ReactNode;
}

export function SelectField({
  label,
  value,
  options,
  onChange,
  placeholder,
  error,
  hint,
  required,
  className,
  ...rest
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame
      id={id}
      label={label}
      required={required}
      hint={hint}
      error={error}
      className={className}
    >
      <select
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={cx(fieldInputClass, 'px-2')}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
