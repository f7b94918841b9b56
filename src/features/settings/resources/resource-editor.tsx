/**
 * The Spec tab of a settings resource, also the body of the add modal (spec doc 3 §2.1): Name,
 * Icon, Namespace, Source (read-only), Schedule (select), Labels (JSON editor) and the Spec (YAML
 * editor validated against the type's JSON schema) — or, for types with a specialised form, Form
 * and Code tabs over the same spec. Update when the resource exists, otherwise Save (Updating /
 * Saving while submitting); Delete only for existing resources. Invalid YAML or JSON, or a spec
 * the schema rejects, says where and why, and nothing is saved. The resource's source decides
 * whether it can be edited here ('Linked to {agent}', 'Linked to local file', origin links).
 */
import { useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { errorMessage } from '../../../api/client';
import {
  useCreateSettingsResource,
  useDeleteSettingsResource,
  useSchema,
  useUpdateSettingsResource,
  type SettingsResourceRow,
} from '../../../api/settings-resources';
import { useCan } from '../../../rbac/use-can';
import { useSession } from '../../../rbac/session-context';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { AlertCircleIcon, InfoIcon, LockIcon } from '../../../ui/icons';
import { Tabs } from '../../../ui/tabs';
import { toast } from '../../../ui/toast';
import {
  SpecEditor,
  type EditorDiagnostic,
  type SpecEditorHandle,
} from '../spec-editor/spec-editor';
import { SCHEDULE_OPTIONS, type ResourceDescription } from './resource-descriptions';
import { SelectField, TextField } from './resource-fields';
import { RESOURCE_FORMS, validateSpecForm } from './resource-forms';
import {
  buildBody,
  draftFromRow,
  draftSchedule,
  editingMode,
  newDraft,
  parseSpec,
  specYaml,
  withSchedule,
  type DraftErrors,
  type EditingMode,
  type ResourceDraft,
} from './resource-model';

export interface ResourceEditorProps {
  description: ResourceDescription;
  /** The stored resource; absent when adding. */
  row?: SettingsResourceRow;
  /** A new resource's starting spec (the picked type). */
  initialSpec?: Record<string, unknown>;
  onSaved: (row: SettingsResourceRow | null) => void;
  onDeleted?: () => void;
  onCancel?: () => void;
}

function ModeNote({ mode }: { mode: Exclude<EditingMode, { editable: true }> }) {
  return (
    <div
      role="note"
      className="flex items-start gap-2 rounded-md border border-border bg-surface-sunken px-3 py-2 text-sm text-fg"
    >
      <LockIcon size={16} className="mt-0.5 shrink-0 text-fg-muted" />
      <p>
        {'href' in mode && mode.href ? (
          mode.href.startsWith('http') ? (
            <a href={mode.href} className="text-link underline" target="_blank" rel="noreferrer">
              {mode.text}
            </a>
          ) : (
            <Link href={mode.href} className="text-link underline">
              {mode.text}
            </Link>
          )
        ) : (
          mode.text
        )}
        <span className="text-fg-muted"> — read-only here; edit it where it is managed.</span>
      </p>
    </div>
  );
}

/** The problems that keep a spec from being saved, each with where it is. */
function SpecProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-fg"
    >
      <AlertCircleIcon size={16} className="mt-0.5 shrink-0 text-danger" />
      <div className="min-w-0">
        <p className="font-medium">The spec is not valid; nothing was saved.</p>
        <ul className="mt-1 space-y-0.5 font-mono text-xs break-words">
          {problems.slice(0, 8).map((problem, index) => (
            <li key={index}>{problem}</li>
          ))}
          {problems.length > 8 ? <li>+{problems.length - 8} more</li> : null}
        </ul>
      </div>
    </div>
  );
}

export function ResourceEditor({
  description,
  row,
  initialSpec,
  onSaved,
  onDeleted,
  onCancel,
}: ResourceEditorProps) {
  const isNew = !row;
  const { user } = useSession();
  const canWrite = useCan(description.writeResource, 'write');
  const mode: EditingMode = row ? editingMode(row) : { editable: true };
  const readOnly = !canWrite || !mode.editable;
  const [draft, setDraft] = useState<ResourceDraft>(() =>
    row ? draftFromRow(description, row) : newDraft(description, initialSpec),
  );
  const [errors, setErrors] = useState<DraftErrors>({});
  const [diagnostics, setDiagnostics] = useState<EditorDiagnostic[]>([]);
  const [labelDiagnostics, setLabelDiagnostics] = useState<EditorDiagnostic[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [specTab, setSpecTab] = useState<'form' | 'code'>(description.form ? 'form' : 'code');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const specHandle = useRef<SpecEditorHandle | null>(null);
  const labelsHandle = useRef<SpecEditorHandle | null>(null);
  const schema = useSchema(description.spec?.schemaFile);
  const create = useCreateSettingsResource();
  const update = useUpdateSettingsResource();
  const remove = useDeleteSettingsResource();
  const saving = create.isPending || update.isPending;
  const FormComponent = description.form ? RESOURCE_FORMS[description.form] : undefined;
  const parsedSpec = useMemo(() => parseSpec(draft.specText), [draft.specText]);

  const set = (patch: Partial<ResourceDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    const keys = Object.keys(patch) as (keyof ResourceDraft)[];
    if (keys.some((key) => errors[key])) {
      setErrors((current) => {
        const next = { ...current };
        for (const key of keys) delete next[key];
        return next;
      });
    }
  };

  const formErrors =
    description.form && parsedSpec.ok ? validateSpecForm(description.form, parsedSpec.spec) : {};

  const problems: string[] = [];
  if (errors.specText) problems.push(errors.specText);
  else if (submitted) {
    if (!parsedSpec.ok) problems.push(parsedSpec.error);
    for (const diagnostic of diagnostics) {
      problems.push(`Line ${diagnostic.line}, column ${diagnostic.column}: ${diagnostic.message}`);
    }
  }

  const save = () => {
    setSubmitted(true);
    const result = buildBody(description, draft, { isNew, userId: user?.id });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    // Lint now: the editors' own pass runs a moment after the last keystroke.
    const specNow = specHandle.current?.validate() ?? diagnostics;
    const labelsNow = labelsHandle.current?.validate() ?? labelDiagnostics;
    setDiagnostics(specNow);
    setLabelDiagnostics(labelsNow);
    if (specNow.length > 0 || labelsNow.length > 0) return;
    if (Object.keys(formErrors).length > 0) {
      setSpecTab('form');
      return;
    }
    const name = row?.name ?? draft.name.trim();
    if (row) {
      const id = String(description.table === 'properties' ? row.name : row.id);
      update.mutate(
        { table: description.table, id, body: result.body },
        {
          onSuccess: (saved) => {
            toast.success(`${name} updated successfully`);
            onSaved(saved);
          },
          onError: (error) => toast.error(errorMessage(error)),
        },
      );
    } else {
      create.mutate(
        { table: description.table, body: result.body },
        {
          onSuccess: (saved) => {
            toast.success(`${name} created successfully`);
            onSaved(saved);
          },
          onError: (error) => toast.error(errorMessage(error)),
        },
      );
    }
  };

  const confirmRemove = () => {
    if (!row) return;
    const id = String(description.table === 'properties' ? row.name : row.id);
    remove.mutate(
      { table: description.table, id },
      {
        onSuccess: () => {
          setConfirmDelete(false);
          toast.success(`${row.name} deleted successfully`);
          onDeleted?.();
        },
        onError: (error) => {
          setConfirmDelete(false);
          toast.error(errorMessage(error));
        },
      },
    );
  };

  const schedule = draftSchedule(description, draft);
  const scheduleOptions = [
    { value: '', label: 'None' },
    ...SCHEDULE_OPTIONS.map((option) => ({ value: option, label: option })),
    ...(schedule && !(SCHEDULE_OPTIONS as readonly string[]).includes(schedule)
      ? [{ value: schedule, label: schedule }]
      : []),
  ];

  const codeEditor = (
    <SpecEditor
      language="yaml"
      label={`${description.name} spec (YAML)`}
      value={draft.specText}
      onChange={(specText) => set({ specText })}
      schema={schema.data}
      readOnly={readOnly}
      onDiagnostics={setDiagnostics}
      handleRef={specHandle}
      placeholder="# The spec, as YAML"
    />
  );

  return (
    <form
      noValidate
      aria-label={`${description.name} spec`}
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!readOnly) save();
      }}
    >
      {!mode.editable ? <ModeNote mode={mode} /> : null}
      {mode.editable && !canWrite ? (
        <div
          role="note"
          className="flex items-start gap-2 rounded-md border border-border bg-surface-sunken px-3 py-2 text-sm text-fg"
        >
          <InfoIcon size={16} className="mt-0.5 shrink-0 text-fg-muted" />
          <p>Read-only: you do not have permission to change {description.title.toLowerCase()}.</p>
        </div>
      ) : null}

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          required
          value={draft.name}
          onChange={(name) => set({ name })}
          error={errors.name}
          readOnly={!isNew || readOnly}
          hint={isNew ? 'Cannot be changed after creation.' : undefined}
        />
        {description.fields.namespace ? (
          <TextField
            label="Namespace"
            required
            value={draft.namespace}
            onChange={(namespace) => set({ namespace })}
            error={errors.namespace}
            readOnly={!isNew || readOnly}
          />
        ) : null}
        {description.fields.icon ? (
          <TextField
            label="Icon"
            value={draft.icon}
            onChange={(icon) => set({ icon })}
            readOnly={readOnly}
            placeholder="e.g. team"
          />
        ) : null}
        {description.fields.value ? (
          <TextField
            label="Value"
            required
            value={draft.value}
            onChange={(value) => set({ value })}
            error={errors.value}
            readOnly={readOnly}
          />
        ) : null}
        {description.table !== 'properties' ? (
          <TextField label="Source" value={row?.source || 'UI'} readOnly />
        ) : null}
        {description.schedule ? (
          <SelectField
            label="Schedule"
            value={schedule}
            options={scheduleOptions}
            disabled={readOnly || !parsedSpec.ok}
            onChange={(next) => setDraft((current) => withSchedule(description, current, next))}
          />
        ) : null}
        {description.fields.description ? (
          <TextField
            label="Description"
            value={draft.description}
            onChange={(text) => set({ description: text })}
            readOnly={readOnly}
            className="sm:col-span-2"
          />
        ) : null}
      </div>

      {description.fields.labels ? (
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium text-fg" id={`${description.table}-labels`}>
            Labels
          </span>
          <SpecEditor
            language="json"
            label="Labels (JSON)"
            value={draft.labelsText}
            onChange={(labelsText) => set({ labelsText })}
            readOnly={readOnly}
            onDiagnostics={setLabelDiagnostics}
            handleRef={labelsHandle}
            height="96px"
          />
          {errors.labelsText || (submitted && labelDiagnostics[0]) ? (
            <p role="alert" className="text-xs font-medium text-danger">
              {errors.labelsText ??
                `Line ${labelDiagnostics[0]?.line}, column ${labelDiagnostics[0]?.column}: ${labelDiagnostics[0]?.message}`}
            </p>
          ) : null}
        </div>
      ) : null}

      {description.spec ? (
        <div className="flex flex-col gap-2">
          {FormComponent ? (
            <Tabs
              label={`${description.name} spec`}
              items={[
                { id: 'form', label: 'Form' },
                { id: 'code', label: 'Code' },
              ]}
              selectedId={specTab}
              onChange={(tab) => setSpecTab(tab as 'form' | 'code')}
            >
              <div className="pt-3">
                {specTab === 'code' ? (
                  codeEditor
                ) : parsedSpec.ok ? (
                  <FormComponent
                    spec={parsedSpec.spec}
                    onChange={(spec) => set({ specText: specYaml(spec) })}
                    readOnly={readOnly}
                    errors={submitted ? formErrors : {}}
                  />
                ) : (
                  <p className="rounded-md border border-border bg-surface-sunken px-3 py-2 text-sm text-fg">
                    The spec is not valid YAML ({parsedSpec.error}); fix it in the Code tab.
                  </p>
                )}
              </div>
            </Tabs>
          ) : (
            <>
              <span className="text-sm font-medium text-fg">Spec</span>
              {codeEditor}
            </>
          )}
          <SpecProblems problems={problems} />
        </div>
      ) : null}

      {!readOnly || onCancel ? (
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-4">
          <div>
            {row && !readOnly ? (
              <Button variant="danger" onClick={() => setConfirmDelete(true)}>
                Delete
              </Button>
            ) : null}
          </div>
          <div className="flex gap-2">
            {onCancel ? (
              <Button onClick={onCancel} disabled={saving}>
                Cancel
              </Button>
            ) : null}
            {!readOnly ? (
              <Button type="submit" variant="primary" isLoading={saving}>
                {row ? (saving ? 'Updating' : 'Update') : saving ? 'Saving' : 'Save'}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}

      <ConfirmDialog
        open={confirmDelete}
        title={`Delete ${row?.name ?? description.name}?`}
        description={`The ${description.name.toLowerCase()} is removed from the list (a soft delete).`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setConfirmDelete(false)}
      />
    </form>
  );
}
