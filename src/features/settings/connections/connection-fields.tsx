/**
 * The inputs of the connection form, one per field kind of connection-types.ts: text, number,
 * select, switch, and secret values with their mode (Static, Config Map, Secret). A stored secret
 * arrives masked (`***`): its input starts empty with 'Stored — leave empty to keep', and an
 * untouched field sends the mask back so the server keeps the value.
 */
import { useId, useState, type ReactNode } from 'react';
import { cx } from '../../../lib/class-names';
import { SelectField, TextInputField, fieldInputClass } from '../../../ui/form-field';
import { SegmentedToggle } from '../../../ui/segmented-toggle';
import { Switch } from '../../../ui/switch';
import {
  MASK,
  SECRET_MODES,
  formatSecretValue,
  parseSecretValue,
  type ConnectionField,
  type FormValue,
  type SecretMode,
} from './connection-types';

const textareaClass =
  'min-h-24 w-full rounded-md border border-border bg-surface px-3 py-2 font-mono text-xs text-fg shadow-sm placeholder:text-fg-subtle hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-invalid:border-danger';

const STORED_PLACEHOLDER = 'Stored — leave empty to keep';

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return (
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined
  );
}

interface SecretInputProps {
  id: string;
  label: string;
  value: string;
  multiline: boolean;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  placeholder?: string;
  onChange: (value: string) => void;
}

/** A secret value: the mode, then the value (Static) or the object's name and key. */
function SecretInput({
  id,
  label,
  value,
  multiline,
  required,
  error,
  hint,
  placeholder,
  onChange,
}: SecretInputProps) {
  const parsed = parseSecretValue(value);
  const stored = value === MASK;
  // The value the field opened with: going back to it keeps a stored secret (or reference).
  const [initial] = useState(value);
  const setMode = (mode: SecretMode) => {
    if (mode === parsed.mode) return;
    const original = parseSecretValue(initial);
    if (original.mode === mode && initial !== '') onChange(initial);
    else onChange(mode === 'static' ? '' : `${mode}://`);
  };
  const describe = describedBy(id, hint, error);
  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium text-fg">
          {label}
          {required ? (
            <span aria-hidden="true" className="ml-0.5 text-danger">
              *
            </span>
          ) : null}
        </span>
        <SegmentedToggle
          label={`${label} source`}
          size="sm"
          value={parsed.mode}
          options={SECRET_MODES}
          onChange={setMode}
        />
      </div>
      <div className="flex flex-col gap-2">
        {parsed.mode === 'static' ? (
          multiline ? (
            <textarea
              id={id}
              aria-label={label}
              value={stored ? '' : parsed.value}
              placeholder={stored ? STORED_PLACEHOLDER : placeholder}
              aria-required={required || undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={describe}
              spellCheck={false}
              onChange={(event) =>
                onChange(event.target.value === '' && stored ? MASK : event.target.value)
              }
              className={textareaClass}
            />
          ) : (
            <input
              id={id}
              aria-label={label}
              type="password"
              autoComplete="new-password"
              value={stored ? '' : parsed.value}
              placeholder={stored ? STORED_PLACEHOLDER : placeholder}
              aria-required={required || undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={describe}
              onChange={(event) =>
                onChange(event.target.value === '' && stored ? MASK : event.target.value)
              }
              className={fieldInputClass}
            />
          )
        ) : (
          <div className="grid grid-cols-2 gap-2">
            <input
              aria-label={`${label} ${parsed.mode === 'secret' ? 'secret' : 'config map'} name`}
              placeholder={parsed.mode === 'secret' ? 'Secret name' : 'Config map name'}
              value={parsed.name}
              aria-invalid={error && parsed.name.trim() === '' ? true : undefined}
              aria-describedby={describe}
              onChange={(event) =>
                onChange(
                  formatSecretValue({ ...parsed, name: event.target.value }) || `${parsed.mode}://`,
                )
              }
              className={fieldInputClass}
            />
            <input
              aria-label={`${label} key`}
              placeholder="Key"
              value={parsed.key}
              aria-invalid={error && parsed.key.trim() === '' ? true : undefined}
              aria-describedby={describe}
              onChange={(event) =>
                onChange(
                  formatSecretValue({ ...parsed, key: event.target.value }) || `${parsed.mode}://`,
                )
              }
              className={fieldInputClass}
            />
          </div>
        )}
      </div>
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

export interface ConnectionFieldInputProps {
  field: ConnectionField;
  value: FormValue | undefined;
  error?: string;
  onChange: (value: FormValue) => void;
}

/** The input of one field of a connection type. */
export function ConnectionFieldInput({ field, value, error, onChange }: ConnectionFieldInputProps) {
  const id = useId();
  const text = typeof value === 'string' ? value : '';
  if (field.kind === 'switch') {
    return (
      <div>
        <Switch checked={value === true} onChange={onChange} label={field.label} />
        {field.hint ? <p className="mt-1 text-xs text-fg-muted">{field.hint}</p> : null}
      </div>
    );
  }
  if (field.kind === 'secret' || field.kind === 'secret-text') {
    return (
      <SecretInput
        id={id}
        label={field.label}
        value={text}
        multiline={field.kind === 'secret-text'}
        required={field.required}
        error={error}
        hint={field.hint}
        placeholder={field.placeholder}
        onChange={onChange}
      />
    );
  }
  if (field.kind === 'select') {
    return (
      <SelectField
        label={field.label}
        value={text}
        options={field.options ?? []}
        required={field.required}
        hint={field.hint}
        error={error}
        onChange={onChange}
      />
    );
  }
  const stored = text === MASK;
  return (
    <TextInputField
      label={field.label}
      value={stored ? '' : text}
      inputMode={field.kind === 'number' ? 'numeric' : undefined}
      placeholder={stored ? `${STORED_PLACEHOLDER} (it holds credentials)` : field.placeholder}
      required={field.required}
      hint={field.hint}
      error={error}
      spellCheck={false}
      onChange={(next) => onChange(next === '' && stored ? MASK : next)}
      className={cx(field.target === 'url' && '[&_input]:font-mono')}
    />
  );
}
