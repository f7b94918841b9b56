/**
 * The silence form (spec doc 3 §2.9, §3, §4): the resource — Catalog, Component, Check or Canary
 * (choosing one clears the others) picked by name — recursive, From and Until (with quick
 * lengths), and the reason. Used by the add page and the edit dialog; the caller saves.
 */
import type { ReactNode } from 'react';
import {
  SILENCE_RESOURCE_KINDS,
  SILENCE_RESOURCE_LABELS,
  useResourceOptions,
  type SilenceResourceKind,
} from '../../../api/notifications';
import { SearchSelectFilter } from '../../../ui/filter-bar';
import { TextAreaField, TextInputField } from '../../../ui/form-field';
import { SegmentedToggle } from '../../../ui/segmented-toggle';
import { Switch } from '../../../ui/switch';
import {
  REASON_MAX,
  SILENCE_LENGTHS,
  fromLocalInput,
  toLocalInput,
  type SilenceDraft,
  type SilenceErrors,
} from './silence-form-model';

export interface SilenceFormProps {
  id: string;
  draft: SilenceDraft;
  errors: SilenceErrors;
  onChange: (patch: Partial<SilenceDraft>) => void;
  onSubmit: () => void;
  children?: ReactNode;
}

const KIND_OPTIONS = SILENCE_RESOURCE_KINDS.map((kind) => ({
  value: kind,
  label: SILENCE_RESOURCE_LABELS[kind],
}));

export function SilenceForm({ id, draft, errors, onChange, onSubmit, children }: SilenceFormProps) {
  const options = useResourceOptions(draft.kind);
  const label = SILENCE_RESOURCE_LABELS[draft.kind];
  const from = fromLocalInput(draft.from);
  return (
    <form
      id={id}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium text-fg">
          Resource
          <span aria-hidden="true" className="ml-0.5 text-danger">
            *
          </span>
        </legend>
        <SegmentedToggle
          label="Resource type"
          value={draft.kind}
          options={KIND_OPTIONS}
          onChange={(kind: SilenceResourceKind) =>
            kind !== draft.kind && onChange({ kind, resourceId: '' })
          }
        />
        <div className="flex flex-wrap items-center gap-3">
          <SearchSelectFilter
            label={label}
            allLabel={null}
            value={draft.resourceId}
            options={(options.data ?? []).map((option) => ({
              value: option.id,
              label: option.name,
              description: option.description,
            }))}
            isLoading={options.isPending}
            findLabel={`Find a ${label.toLowerCase()}`}
            onChange={(resourceId) => onChange({ resourceId })}
          />
          <Switch
            label="Recursive"
            checked={draft.recursive}
            onChange={(recursive) => onChange({ recursive })}
          />
        </div>
        {draft.recursive ? (
          <p className="text-xs text-fg-muted">
            Recursive: the resource's children are silenced too.
          </p>
        ) : null}
        {errors.resourceId ? (
          <p role="alert" className="text-xs font-medium text-danger">
            {errors.resourceId}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInputField
          label="From"
          type="datetime-local"
          required
          value={draft.from}
          onChange={(value) => onChange({ from: value })}
          error={errors.from}
        />
        <TextInputField
          label="Until"
          type="datetime-local"
          required
          value={draft.until}
          onChange={(value) => onChange({ until: value })}
          error={errors.until}
        />
      </div>
      <div role="group" aria-label="Silence for" className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-fg-muted">Silence for</span>
        {SILENCE_LENGTHS.map((length) => (
          <button
            key={length.label}
            type="button"
            disabled={!from}
            onClick={() => from && onChange({ until: toLocalInput(from.getTime() + length.ms) })}
            className="rounded-full border border-border bg-surface px-2.5 py-0.5 text-xs font-medium text-fg hover:border-border-strong focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50"
          >
            {length.label}
          </button>
        ))}
      </div>
      <TextAreaField
        label="Reason"
        value={draft.reason}
        rows={3}
        maxLength={REASON_MAX}
        placeholder="Why notifications are silenced (a change ticket, maintenance…)"
        onChange={(reason) => onChange({ reason })}
        error={errors.reason}
      />
      {children}
    </form>
  );
}
