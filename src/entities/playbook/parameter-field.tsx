/**
 * One playbook parameter's control (spec doc 3 §3, §5): code (a monospace text area), checkbox,
 * list (its options), team and people (the teams and people), component, config and check (a
 * search over `POST /resources/search` with the parameter's filter, 300 ms debounce), text (single
 * line or multiline, with length, pattern, format and numeric bounds checked by the caller).
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/client';
import { playbookQueries, type PickerOption, type SearchKind } from '../../api/playbooks';
import {
  listOptions,
  parameterType,
  textProperties,
  type ParameterType,
} from '../../api/playbooks-logic';
import type { PlaybookParameter } from '../../api/types';
import { cx } from '../../lib/class-names';
import { fieldInputClass } from '../../ui/form-field';
import { useDebouncedValue } from '../../ui/use-debounced-value';

/** "Search debounce 300 ms for resource search" (spec doc 3 §9). */
export const RESOURCE_SEARCH_DEBOUNCE_MS = 300;

export interface ParameterFieldProps {
  parameter: PlaybookParameter;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  /** Marks the field touched (errors show once touched or after a submit). */
  onBlur?: () => void;
}

function Frame({
  id,
  label,
  required,
  description,
  error,
  children,
}: {
  id: string;
  label: string;
  required?: boolean | undefined;
  description?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-danger">
            *
          </span>
        ) : null}
      </label>
      {children}
      {description ? (
        <p id={`${id}-hint`} className="m-0 text-xs text-fg-muted">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="m-0 text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, description?: string, error?: string) {
  return (
    [description ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined
  );
}

function OptionsSelect({
  id,
  value,
  options,
  onChange,
  onBlur,
  required,
  error,
  describedById,
  isLoading,
  loadError,
  emptyText,
}: {
  id: string;
  value: string;
  options: readonly PickerOption[];
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
  required?: boolean | undefined;
  error?: string | undefined;
  describedById?: string | undefined;
  isLoading?: boolean;
  loadError?: unknown;
  emptyText?: string;
}) {
  const known = options.some((option) => option.value === value);
  return (
    <>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedById}
        className={cx(fieldInputClass, 'px-2')}
      >
        <option value="">{isLoading ? 'Loading…' : 'Select…'}</option>
        {value && !known ? <option value={value}>{value}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.hint ? `${option.label} (${option.hint})` : option.label}
          </option>
        ))}
      </select>
      {loadError ? (
        <p className="m-0 text-xs text-unhealthy">{errorMessage(loadError)}</p>
      ) : !isLoading && options.length === 0 ? (
        <p className="m-0 text-xs text-fg-muted">{emptyText ?? 'No options found'}</p>
      ) : null}
    </>
  );
}

/** Component, config or check: a find box and the matching resources. */
function ResourcePicker({
  id,
  kind,
  parameter,
  value,
  onChange,
  onBlur,
  error,
  describedById,
}: {
  id: string;
  kind: SearchKind;
  parameter: PlaybookParameter;
  value: string;
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
  error?: string | undefined;
  describedById?: string | undefined;
}) {
  const client = useApiClient();
  const [text, setText] = useState('');
  const debounced = useDebouncedValue(text, RESOURCE_SEARCH_DEBOUNCE_MS);
  const filter = parameter.properties?.filter;
  const search = useQuery(playbookQueries.search(client, kind, filter, debounced, value));
  const options = search.data ?? [];
  const label = parameter.label || parameter.name;
  return (
    <div className="flex flex-col gap-1.5">
      <input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={`Search ${kind}s`}
        aria-label={`Search ${label}`}
        className={fieldInputClass}
      />
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-required={parameter.required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedById}
        className={cx(fieldInputClass, 'px-2')}
      >
        <option value="">
          {search.isFetching && options.length === 0 ? 'Searching…' : `Select a ${kind}…`}
        </option>
        {value && !options.some((option) => option.value === value) ? (
          <option value={value}>{value}</option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.hint ? `${option.label} (${option.hint})` : option.label}
          </option>
        ))}
      </select>
      {search.isError ? (
        <p className="m-0 text-xs text-unhealthy">{errorMessage(search.error)}</p>
      ) : search.isSuccess && options.length === 0 ? (
        <p className="m-0 text-xs text-fg-muted">
          {debounced.trim() ? 'No result' : 'Start typing to search'}
        </p>
      ) : null}
    </div>
  );
}

function TeamOrPeople({
  type,
  ...props
}: {
  type: 'team' | 'people';
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
  required?: boolean | undefined;
  error?: string | undefined;
  describedById?: string | undefined;
}) {
  const client = useApiClient();
  const query = useQuery(playbookQueries.directory(client, type));
  return (
    <OptionsSelect
      {...props}
      options={query.data ?? []}
      isLoading={query.isPending}
      loadError={query.isError ? query.error : undefined}
    />
  );
}

export function ParameterField({ parameter, value, error, onChange, onBlur }: ParameterFieldProps) {
  const id = useId();
  const type: ParameterType = parameterType(parameter);
  const label = parameter.label || parameter.name;
  const description = parameter.description;
  const described = describedBy(id, description, error);

  if (type === 'checkbox') {
    return (
      <div className="flex flex-col gap-1">
        <div className="flex items-center gap-2">
          <input
            id={id}
            type="checkbox"
            checked={value === 'true'}
            onChange={(event) => onChange(event.target.checked ? 'true' : 'false')}
            onBlur={onBlur}
            aria-describedby={described}
            className="size-4 accent-primary"
          />
          <label htmlFor={id} className="text-sm text-fg">
            {label}
          </label>
        </div>
        {description ? (
          <p id={`${id}-hint`} className="m-0 text-xs text-fg-muted">
            {description}
          </p>
        ) : null}
      </div>
    );
  }

  const common = {
    id,
    value,
    onBlur,
    'aria-required': parameter.required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  };

  let control: ReactNode;
  switch (type) {
    case 'code': {
      const language = parameter.properties?.language;
      control = (
        <textarea
          {...common}
          rows={parameter.properties?.size === 'large' ? 12 : 6}
          spellCheck={false}
          data-language={typeof language === 'string' ? language : undefined}
          onChange={(event) => onChange(event.target.value)}
          className={cx(fieldInputClass, 'h-auto py-2 font-mono text-xs')}
        />
      );
      break;
    }
    case 'list':
      control = (
        <OptionsSelect
          id={id}
          value={value}
          options={listOptions(parameter)}
          onChange={onChange}
          onBlur={onBlur}
          required={parameter.required}
          error={error}
          describedById={described}
        />
      );
      break;
    case 'team':
    case 'people':
      control = (
        <TeamOrPeople
          type={type}
          id={id}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          required={parameter.required}
          error={error}
          describedById={described}
        />
      );
      break;
    case 'component':
    case 'config':
    case 'check':
      control = (
        <ResourcePicker
          id={id}
          kind={type}
          parameter={parameter}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          error={error}
          describedById={described}
        />
      );
      break;
    default: {
      const props = textProperties(parameter);
      control = props.multiline ? (
        <textarea
          {...common}
          rows={4}
          onChange={(event) => onChange(event.target.value)}
          className={cx(fieldInputClass, 'h-auto py-2')}
        />
      ) : (
        <input
          {...common}
          type="text"
          inputMode={props.min !== undefined || props.max !== undefined ? 'decimal' : undefined}
          onChange={(event) => onChange(event.target.value)}
          className={fieldInputClass}
        />
      );
    }
  }
  return (
    <Frame
      id={id}
      label={label}
      required={parameter.required}
      description={description}
      error={error}
    >
      {control}
    </Frame>
  );
}
