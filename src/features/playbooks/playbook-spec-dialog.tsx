/**
 * Create or edit a playbook spec (spec doc 3 §2.10, §5, §8; postgrest.md §8.7): Title and Spec
 * (YAML, validated against `playbook-spec.schema.json`) are both required. Category, description
 * and icon are read from the spec. Create: `POST /playbooks` with a name derived from the title,
 * source UI and the author; edit: `PATCH /playbooks?id=eq.{id}`. Toasts 'Playbook Spec created
 * successfully', 'Playbook Spec updated successfully', 'Unable to update playbook spec: …'.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/client';
import { playbookNameFromTitle } from '../../api/playbooks-logic';
import {
  playbookQueries,
  useCreatePlaybook,
  useUpdatePlaybook,
  type PlaybookSpecRow,
} from '../../api/playbooks';
import { useSchema } from '../../api/settings-resources';
import { parseYamlWithPosition, toYaml } from '../../lib/yaml';
import { useSession } from '../../rbac/session-context';
import { Button } from '../../ui/button';
import {
  SpecEditor,
  type EditorDiagnostic,
  type SpecEditorHandle,
} from '../../ui/code-editor/spec-editor';
import { Dialog } from '../../ui/dialog';
import { TextInputField } from '../../ui/form-field';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';

export const PLAYBOOK_SPEC_SCHEMA = 'playbook-spec.schema.json';
export const REQUIRED = 'This field is required';

/** A starting spec for a new playbook. */
export const NEW_PLAYBOOK_SPEC = `description: What this playbook does
category: Runbooks
configs:
  - types:
      - Kubernetes::Deployment
parameters:
  - name: reason
    label: Reason
    type: text
    required: true
actions:
  - name: log the reason
    logs:
      message: "{{.params.reason}}"
`;

function specWithoutTitle(spec: Record<string, unknown>): string {
  const rest = { ...spec };
  delete rest.title;
  return toYaml(rest);
}

function Form({ row, onClose }: { row: PlaybookSpecRow | null; onClose: () => void }) {
  const formId = useId();
  const { user } = useSession();
  const schema = useSchema(PLAYBOOK_SPEC_SCHEMA);
  const handle = useRef<SpecEditorHandle | null>(null);
  const [title, setTitle] = useState(row?.title ?? '');
  const [specText, setSpecText] = useState(row ? specWithoutTitle(row.spec) : NEW_PLAYBOOK_SPEC);
  const [diagnostics, setDiagnostics] = useState<EditorDiagnostic[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const create = useCreatePlaybook();
  const update = useUpdatePlaybook();
  const busy = create.isPending || update.isPending;

  const titleError = submitted && !title.trim() ? REQUIRED : undefined;
  const parsed = parseYamlWithPosition(specText);
  const specProblem = !specText.trim()
    ? REQUIRED
    : !parsed.ok
      ? `Line ${parsed.error.line}, column ${parsed.error.column}: ${parsed.error.message}`
      : !parsed.value || typeof parsed.value !== 'object' || Array.isArray(parsed.value)
        ? 'The spec must be an object'
        : undefined;
  const problems = submitted
    ? [
        ...(specProblem ? [specProblem] : []),
        ...diagnostics.map((d) => `Line ${d.line}, column ${d.column}: ${d.message}`),
      ]
    : [];

  const save = () => {
    setSubmitted(true);
    const lint = handle.current?.validate() ?? diagnostics;
    setDiagnostics(lint);
    if (!title.trim() || specProblem || lint.length > 0 || !parsed.ok) return;
    const spec = { ...(parsed.value as Record<string, unknown>), title: title.trim() };
    if (row) {
      update.mutate(
        { id: row.id, input: { title: title.trim(), spec, source: row.source || 'UI' } },
        {
          onSuccess: () => {
            toast.success('Playbook Spec updated successfully');
            onClose();
          },
          onError: (error) => toast.error(`Unable to update playbook spec: ${errorMessage(error)}`),
        },
      );
    } else {
      create.mutate(
        {
          name: playbookNameFromTitle(title),
          title: title.trim(),
          spec,
          ...(user?.id ? { createdBy: user.id } : {}),
        },
        {
          onSuccess: () => {
            toast.success('Playbook Spec created successfully');
            onClose();
          },
          onError: (error) => toast.error(`Unable to update playbook spec: ${errorMessage(error)}`),
        },
      );
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={row ? `Edit ${row.title}` : 'Create Playbook Spec'}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} isLoading={busy}>
            {row ? 'Update' : 'Create'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        aria-label="Playbook spec"
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <TextInputField
          label="Title"
          required
          value={title}
          onChange={setTitle}
          error={titleError}
          maxLength={200}
        />
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium text-fg" id={`${formId}-spec`}>
            Spec
            <span aria-hidden="true" className="ml-0.5 text-danger">
              *
            </span>
          </span>
          <SpecEditor
            language="yaml"
            label="Playbook spec (YAML)"
            value={specText}
            onChange={setSpecText}
            schema={schema.data}
            onDiagnostics={setDiagnostics}
            handleRef={handle}
            placeholder="# The playbook spec, as YAML"
          />
          {problems.length > 0 ? (
            <ul role="alert" className="m-0 list-none p-0 text-xs font-medium text-danger">
              {problems.slice(0, 5).map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : (
            <p className="m-0 text-xs text-fg-muted">
              Validated against playbook-spec.schema.json. Category, description and icon come from
              the spec.
            </p>
          )}
        </div>
      </form>
    </Dialog>
  );
}

export interface PlaybookSpecDialogProps {
  /** Edit this playbook; create a new one without. */
  playbookId?: string | undefined;
  onClose: () => void;
}

export function PlaybookSpecDialog({ playbookId, onClose }: PlaybookSpecDialogProps) {
  const client = useApiClient();
  const query = useQuery({
    ...playbookQueries.spec(client, playbookId ?? ''),
    enabled: Boolean(playbookId),
  });
  if (playbookId && !query.isSuccess) {
    return (
      <Dialog open onClose={onClose} size="lg" title="Edit playbook">
        {query.isError ? (
          <p role="alert" className="m-0 text-sm text-unhealthy">
            {errorMessage(query.error)}
          </p>
        ) : (
          <Spinner label="Loading playbook" />
        )}
      </Dialog>
    );
  }
  return <Form row={playbookId ? (query.data ?? null) : null} onClose={onClose} />;
}
