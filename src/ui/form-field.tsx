/**
 * Labelled form controls for settings dialogs: a text input, a textarea, a native select, a
 * checkbox and a group of controls (a fieldset), each with a required mark, an optional hint and
 * an error tied to the control (`aria-invalid`, `aria-describedby`, announced when it appears).
 * Every variant is drawn by one wrapper, `FormField`, which a screen may also use around a control
 * of its own (it hands the control its id and aria attributes).
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
  'h-9 w-full rounded-md border border-border bg-surface px-3 text-sm text-fg shadow-sm placeholder:text-fg-subtle hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-invalid:border-danger read-only:bg-surface-sunken read-only:text-fg-muted read-only:shadow-none disabled:bg-surface-sunken disabled:text-fg-muted disabled:shadow-none';

/** The same look for a native select (narrower padding for the arrow). */
export const fieldSelectClass = cx(fieldInputClass, 'px-2');

/** What `FormField` hands its control: spread it onto the input, select or textarea. */
export interface FieldControlProps {
  id: string;
  'aria-required': true | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  required?: boolean | undefined;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
  /**
   * 'label' (default): a label for one control. 'fieldset': a legend over several controls (each
   * names itself with aria-label); the hint and error describe the group.
   */
  as?: 'label' | 'fieldset';
  children: (control: FieldControlProps) => ReactNode;
}

function RequiredMark({ required }: { required?: boolean | undefined }) {
  return required ? (
    <span aria-hidden="true" className="ml-0.5 text-danger">
      *
    </span>
  ) : null;
}

/** The one wrapper of every field: label (or legend), the control, the hint and the error. */
export function FormField({
  label,
  required,
  hint,
  error,
  className,
  as = 'label',
  children,
}: FormFieldProps) {
  const id = useId();
  const described =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined;
  const control: FieldControlProps = {
    id,
    'aria-required': required ? true : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': as === 'label' ? described : undefined,
  };
  const notes = (
    <>
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
    </>
  );
  if (as === 'fieldset') {
    return (
      <fieldset className={cx('min-w-0', className)} aria-describedby={described}>
        <legend className="mb-1 text-sm font-medium text-fg">
          {label}
          <RequiredMark required={required} />
        </legend>
        {children(control)}
        {notes}
      </fieldset>
    );
  }
  return (
    <div className={cx('min-w-0', className)}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-fg">
        {label}
        <RequiredMark required={required} />
      </label>
      {children(control)}
      {notes}
    </div>
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
  /** Extra classes for the input (className is the field's). */
  controlClassName?: string;
}

export function TextInputField({
  label,
  value,
  onChange,
  error,
  hint,
  required,
  className,
  controlClassName,
  ref,
  ...rest
}: TextInputFieldProps) {
  return (
    <FormField label={label} required={required} hint={hint} error={error} className={className}>
      {(control) => (
        <input
          ref={ref}
          {...control}
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          className={cx(fieldInputClass, controlClassName)}
          {...rest}
        />
      )}
    </FormField>
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
  /** Extra classes for the textarea (className is the field's). */
  controlClassName?: string;
}

export function TextAreaField({
  label,
  value,
  onChange,
  error,
  hint,
  required,
  className,
  controlClassName,
  rows = 3,
  ...rest
}: TextAreaFieldProps) {
  return (
    <FormField label={label} required={required} hint={hint} error={error} className={className}>
      {(control) => (
        <textarea
          {...control}
          value={value}
          rows={rows}
          onChange={(event) => onChange?.(event.target.value)}
          className={cx(fieldInputClass, 'h-auto py-2', controlClassName)}
          {...rest}
        />
      )}
    </FormField>
  );
}

export type FieldOption = string | { value: string; label: string };

export interface SelectFieldProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'onChange' | 'value'
> {
  label: string;
  value: string;
  /** Choices; a plain string is its own label. */
  options: readonly FieldOption[];
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
  return (
    <FormField label={label} required={required} hint={hint} error={error} className={className}>
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          className={fieldSelectClass}
          {...rest}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => {
            const entry = typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={entry.value} value={entry.value}>
                {entry.label}
              </option>
            );
          })}
        </select>
      )}
    </FormField>
  );
}

/** A checkbox with its label to the right (a yes/no setting). */
export function CheckboxField({
  label,
  checked,
  onChange,
  disabled,
  className,
}: {
  label: string;
  checked: boolean;
  onChange?: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cx('flex items-center gap-2', className)}>
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
