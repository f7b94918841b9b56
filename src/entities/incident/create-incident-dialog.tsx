/**
 * The 'Create New Incident' modal (spec doc 2 §2, §4, §5): title (required), description, type,
 * severity and status (required; defaults availability, low, open). Saving creates the incident,
 * its root hypothesis (Possible) and, when launched from a config or a topology component, the
 * first evidence (postgrest.md §8.5 "create"). A refused incident shows an error toast with the
 * server's message and keeps everything typed; per-field messages sit under their fields.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useApiClient } from '../../api/api-context';
import { checkKeys } from '../../api/checks';
import { errorMessage } from '../../api/client';
import {
  createIncident,
  NEW_INCIDENT_LIMITS,
  newIncidentForm,
  validateNewIncident,
  type NewIncidentErrors,
  type NewIncidentForm,
  type NewIncidentSubject,
} from '../../api/incident-create';
import { incidentAreaKeys } from '../../api/incident-keys';
import {
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUSES,
  INCIDENT_STATUS_LABELS,
  INCIDENT_TYPES,
  INCIDENT_TYPE_LABELS,
  type IncidentRow,
} from '../../api/incident-model';
import { incidentKeys } from '../../api/incidents';
import { useSession } from '../../rbac/session-context';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { CatalogIcon, DashboardIcon, HealthIcon } from '../../ui/icons';
import { toast } from '../../ui/toast';

export type { NewIncidentSubject } from '../../api/incident-create';

export interface CreateIncidentDialogProps {
  /** Where the dialog was launched from: it becomes the incident's first evidence. */
  subject?: NewIncidentSubject;
  /** Called with the new incident once it is saved (its hypothesis and evidence attempted). */
  onCreated: (incident: IncidentRow) => void;
  onClose: () => void;
}

const fieldClass =
  'w-full rounded-md border border-border bg-surface px-3 text-sm text-fg shadow-sm placeholder:text-fg-subtle hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-invalid:border-danger';

const NO_USER_MESSAGE = 'Sign in to create an incident';

type FieldName = keyof NewIncidentForm;
const FIELD_ORDER: readonly FieldName[] = ['title', 'description', 'type', 'severity', 'status'];

function Field({
  id,
  label,
  required,
  error,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
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
      {error ? (
        <p id={`${id}-error`} className="m-0 text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const SUBJECT_EVIDENCE_LABELS: Record<NewIncidentSubject['kind'], string> = {
  config: 'Config evidence',
  component: 'Topology evidence',
  check: 'Check evidence',
};

function SubjectNote({ subject }: { subject: NewIncidentSubject }) {
  const selected = subject.kind === 'config' ? Object.keys(subject.selectedLines ?? {}).length : 0;
  return (
    <div className="flex items-start gap-2.5 rounded-md border border-border bg-surface-sunken px-3 py-2 text-sm">
      <span className="mt-0.5 shrink-0 text-fg-muted" aria-hidden="true">
        {subject.kind === 'config' ? (
          <CatalogIcon size={16} />
        ) : subject.kind === 'check' ? (
          <HealthIcon size={16} />
        ) : (
          <DashboardIcon size={16} />
        )}
      </span>
      <p className="m-0 min-w-0 text-fg-muted">
        <span className="font-medium text-fg">{SUBJECT_EVIDENCE_LABELS[subject.kind]}</span> added
        to the root hypothesis: <span className="break-words">{subject.description}</span>
        {selected > 0 ? ` (${selected} selected ${selected === 1 ? 'line' : 'lines'})` : ''}
      </p>
    </div>
  );
}

export function CreateIncidentDialog({ subject, onCreated, onClose }: CreateIncidentDialogProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const formId = useId();
  const ids = {
    title: useId(),
    description: useId(),
    type: useId(),
    severity: useId(),
    status: useId(),
  } satisfies Record<FieldName, string>;
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<NewIncidentForm>(newIncidentForm);
  const [errors, setErrors] = useState<NewIncidentErrors>({});

  const create = useMutation({
    mutationFn: (input: { form: NewIncidentForm; userId: string }) =>
      createIncident(client, { ...input, subject }),
    onSuccess: (result) => {
      // Spec doc 2 §8: a failed hypothesis or evidence is logged, without a user message.
      if (result.followUpError) {
        console.error('Incident created; its hypothesis or evidence failed', result.followUpError);
      }
      void queryClient.invalidateQueries({ queryKey: incidentAreaKeys.all(client.baseUrl) });
      void queryClient.invalidateQueries({ queryKey: incidentKeys.all(client.baseUrl) });
      void queryClient.invalidateQueries({
        queryKey: [...checkKeys.all(client.baseUrl), 'evidence-incidents'],
      });
      onCreated(result.incident);
    },
    onError: (error: unknown) => {
      toast.error(errorMessage(error));
    },
  });

  const update = <K extends FieldName>(name: K, value: NewIncidentForm[K]) => {
    setForm((previous) => ({ ...previous, [name]: value }));
    if (errors[name]) setErrors((previous) => ({ ...previous, [name]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const next = validateNewIncident(form);
    setErrors(next);
    const first = FIELD_ORDER.find((name) => next[name]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(ids[first])}`)?.focus();
      return;
    }
    if (!user?.id) {
      toast.error(NO_USER_MESSAGE);
      return;
    }
    create.mutate({ form, userId: user.id });
  };

  const a11y = (name: FieldName) => ({
    id: ids[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${ids[name]}-error` : undefined,
  });

  return (
    <Dialog
      open
      onClose={onClose}
      size="md"
      title="Create New Incident"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} isLoading={create.isPending}>
            Create
          </Button>
        </>
      }
    >
      <form ref={formRef} id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        {subject ? <SubjectNote subject={subject} /> : null}
        <Field id={ids.title} label="Title" required error={errors.title}>
          <input
            {...a11y('title')}
            type="text"
            value={form.title}
            required
            maxLength={NEW_INCIDENT_LIMITS.title}
            autoComplete="off"
            data-autofocus
            placeholder="What is happening?"
            onChange={(event) => update('title', event.target.value)}
            className={`${fieldClass} h-9`}
          />
        </Field>
        <Field id={ids.description} label="Description" error={errors.description}>
          <textarea
            {...a11y('description')}
            rows={4}
            value={form.description}
            maxLength={NEW_INCIDENT_LIMITS.description}
            placeholder="Impact, first signs, links"
            onChange={(event) => update('description', event.target.value)}
            className={`${fieldClass} resize-y py-1.5`}
          />
        </Field>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Field id={ids.type} label="Type" required error={errors.type}>
            <select
              {...a11y('type')}
              value={form.type}
              required
              onChange={(event) => update('type', event.target.value as NewIncidentForm['type'])}
              className={`${fieldClass} h-9 px-2`}
            >
              {INCIDENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {INCIDENT_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={ids.severity} label="Severity" required error={errors.severity}>
            <select
              {...a11y('severity')}
              value={form.severity}
              required
              onChange={(event) =>
                update('severity', event.target.value as NewIncidentForm['severity'])
              }
              className={`${fieldClass} h-9 px-2`}
            >
              {INCIDENT_SEVERITIES.map((severity) => (
                <option key={severity} value={severity}>
                  {INCIDENT_SEVERITY_LABELS[severity]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={ids.status} label="Status" required error={errors.status}>
            <select
              {...a11y('status')}
              value={form.status}
              required
              onChange={(event) =>
                update('status', event.target.value as NewIncidentForm['status'])
              }
              className={`${fieldClass} h-9 px-2`}
            >
              {INCIDENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {INCIDENT_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </form>
    </Dialog>
  );
}
