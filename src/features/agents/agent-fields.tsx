/**
 * Form fields of the agent dialogs: a labelled text input with its error, a select, and the
 * key/value properties editor. Errors are tied to their inputs (`aria-invalid`,
 * `aria-describedby`) and announced when they appear.
 */
import {
  useEffect,
  useId,
  useRef,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { cx } from '../../lib/class-names';
import { Button } from '../../ui/button';
import { CloseIcon, PlusIcon } from '../../ui/icons';
import { IconButton } from '../../ui/icon-button';
import { newPropertyRow, type PropertyErrors, type PropertyRow } from './agent-form';

export const inputClass =
  'h-9 w-full rounded-md border border-border bg-surface px-3 text-sm text-fg shadow-sm placeholder:text-fg-subtle hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-invalid:border-danger read-only:bg-surface-sunken read-only:text-fg-muted read-only:shadow-none';

export const selectClass =
  'h-9 rounded-md border border-border bg-surface px-2 text-sm text-fg shadow-sm hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary';

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="mt-1 text-xs font-medium text-danger">
      {children}
    </p>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onChange?: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  required,
  className,
  ref,
  ...rest
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
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
      <input
        ref={ref}
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={inputClass}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

export interface PropertiesEditorProps {
  rows: readonly PropertyRow[];
  onChange?: (rows: PropertyRow[]) => void;
  errors?: PropertyErrors;
  readOnly?: boolean;
}

/** Key/value rows with add and remove buttons; each input is labelled "Property N key/value". */
export function PropertiesEditor({
  rows,
  onChange,
  errors,
  readOnly = false,
}: PropertiesEditorProps) {
  const id = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // Keyboard users land on the new row's key after "Add property" (once, after it renders).
  const pendingFocus = useRef<number | null>(null);
  useEffect(() => {
    if (pendingFocus.current === null) return;
    listRef.current
      ?.querySelector<HTMLInputElement>(`[data-row-key="${pendingFocus.current}"]`)
      ?.focus();
    pendingFocus.current = null;
  });
  const update = (rowId: number, patch: Partial<PropertyRow>) =>
    onChange?.(rows.map((row) => (row.id === rowId ? { ...row, ...patch } : row)));
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-fg">Properties</legend>
      {rows.length === 0 ? (
        <p className="text-sm text-fg-muted">No properties</p>
      ) : (
        <ul ref={listRef} className="flex flex-col gap-2">
          {rows.map((row, index) => {
            const error = errors?.keys[row.id];
            const errorId = `${id}-${row.id}-error`;
            return (
              <li key={row.id}>
                <div className="flex items-center gap-2">
                  <input
                    data-row-key={row.id}
                    aria-label={`Property ${index + 1} key`}
                    placeholder="Key"
                    value={row.key}
                    readOnly={readOnly}
                    onChange={(event) => update(row.id, { key: event.target.value })}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    className={cx(inputClass, 'flex-1 font-mono')}
                  />
                  <input
                    aria-label={`Property ${index + 1} value`}
                    placeholder="Value"
                    value={row.value}
                    readOnly={readOnly}
                    onChange={(event) => update(row.id, { value: event.target.value })}
                    className={cx(inputClass, 'flex-1 font-mono')}
                  />
                  {readOnly ? null : (
                    <IconButton
                      label={`Remove property ${index + 1}`}
                      size="sm"
                      icon={<CloseIcon size={14} />}
                      onClick={() => {
                        onChange?.(rows.filter((other) => other.id !== row.id));
                        addRef.current?.focus();
                      }}
                    />
                  )}
                </div>
                {error ? <FieldError id={errorId}>{error}</FieldError> : null}
              </li>
            );
          })}
        </ul>
      )}
      {readOnly ? null : (
        <Button
          ref={addRef}
          size="sm"
          variant="ghost"
          className="mt-2"
          icon={<PlusIcon size={14} />}
          onClick={() => {
            const row = newPropertyRow();
            pendingFocus.current = row.id;
            onChange?.([...rows, row]);
          }}
        >
          Add property
        </Button>
      )}
    </fieldset>
  );
}
