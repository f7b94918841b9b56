/**
 * Attach something as evidence (a check, selected log lines, config lines, a topology component,
 * a config change, an insight): pick an incident (the 10 most recent, or a debounced title
 * search), describe the evidence, and `POST /db/evidences` on the incident's root hypothesis with
 * the caller's evidence fields (postgrest.md §8.5). Success is the toast 'Linked to incident
 * successfully' with a link to the incident (spec doc 2 §2, §8). Where the spec lets an incident
 * be created from the subject (a config or a component, §4; a failing check, issue 13's journey),
 * 'Create new incident' opens the create dialog with it as the first evidence. Shared by the
 * check dialog, the logs page, config detail, topology cards, changes and insights.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useApiClient } from '../../api/api-context';
import {
  checkQueries,
  createEvidence,
  evidenceHypothesisId,
  type IncidentWithHypotheses,
} from '../../api/checks';
import { errorMessage } from '../../api/client';
import type { NewIncidentSubject } from '../../api/incident-create';
import { incidentAreaKeys } from '../../api/incident-keys';
import type { IncidentRow } from '../../api/incident-model';
import { incidentKeys } from '../../api/incidents';
import type { CreateEvidenceInput } from '../../api/types';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { PlusIcon } from '../../ui/icons';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { CreateIncidentDialog } from '../incident/create-incident-dialog';

const REQUIRED_MESSAGE = 'This field is required';
const inputClass =
  'w-full rounded-md border border-border bg-surface px-2 py-1.5 text-sm text-fg shadow-sm placeholder:text-fg-subtle hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-[invalid=true]:border-danger';

/** Search inputs are debounced 400 ms (spec doc 1 §5). */
const SEARCH_DEBOUNCE_MS = 400;

/** Spec doc 2 §8 "Linking evidence success" (shown 5 s at the top right, the toast's default). */
export const LINKED_TO_INCIDENT = 'Linked to incident successfully';

/** The incident workspace's path (as `paths.incident`; entities do not import the app layer). */
function incidentHref(id: string): string {
  return `/incidents/${encodeURIComponent(id)}`;
}

/** The success toast with the link to the incident the evidence went to. */
export function toastLinkedToIncident(incident: Pick<IncidentRow, 'id' | 'incident_id'>) {
  toast.success(LINKED_TO_INCIDENT, {
    action: {
      label: `Open ${incident.incident_id || 'the incident'}`,
      href: incidentHref(incident.id),
    },
  });
}

/** The evidence row's own fields: everything but the hypothesis, description and creator. */
export type EvidenceFields = Omit<
  CreateEvidenceInput,
  'hypothesis_id' | 'description' | 'created_by'
>;

export interface AttachEvidenceDialogProps {
  /** What is attached, in the dialog's description: 'Add {subject} as evidence to an incident.' */
  subject: string;
  /** The description field's first value. */
  defaultDescription: string;
  evidence: EvidenceFields;
  /** The signed-in person (`created_by`). */
  userId: string;
  /**
   * Offered as 'Create new incident' where the spec allows launching creation from the subject
   * (a config, a topology component or a check); its description follows the description field.
   */
  createSubject?: NewIncidentSubject;
  onClose: () => void;
}

function incidentLabel(incident: IncidentWithHypotheses): string {
  return incident.incident_id ? `${incident.incident_id} · ${incident.title}` : incident.title;
}

export function AttachEvidenceDialog({
  subject,
  defaultDescription,
  evidence,
  userId,
  createSubject,
  onClose,
}: AttachEvidenceDialogProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const formId = useId();
  const searchId = useId();
  const descriptionId = useId();
  const descriptionErrorId = useId();
  const incidentErrorId = useId();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const incidents = useQuery({
    ...checkQueries.evidenceIncidents(client, debounced.trim()),
    placeholderData: (previous) => previous,
  });
  const [selected, setSelected] = useState<IncidentWithHypotheses | null>(null);
  const [description, setDescription] = useState(defaultDescription);
  const [errors, setErrors] = useState<{ incident?: string; description?: string }>({});

  const attach = useMutation({
    mutationFn: (input: { incident: IncidentWithHypotheses; hypothesisId: string }) =>
      createEvidence(client, {
        ...evidence,
        hypothesis_id: input.hypothesisId,
        description: description.trim(),
        created_by: userId,
      }),
    onSuccess: (_row, input) => {
      void queryClient.invalidateQueries({
        queryKey: incidentAreaKeys.incident(client.baseUrl, input.incident.id),
      });
      void queryClient.invalidateQueries({ queryKey: incidentKeys.all(client.baseUrl) });
      toastLinkedToIncident(input.incident);
      onClose();
    },
    onError: (error: unknown) => {
      toast.error(errorMessage(error));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    const hypothesisId = selected ? evidenceHypothesisId(selected) : undefined;
    if (!selected || !hypothesisId) next.incident = REQUIRED_MESSAGE;
    if (!description.trim()) next.description = REQUIRED_MESSAGE;
    setErrors(next);
    if (selected && hypothesisId && !next.description) {
      attach.mutate({ incident: selected, hypothesisId });
    }
  };

  if (creating && createSubject) {
    return (
      <CreateIncidentDialog
        subject={{ ...createSubject, description: description.trim() || createSubject.description }}
        onCreated={(incident) => {
          toastLinkedToIncident(incident);
          onClose();
        }}
        onClose={() => setCreating(false)}
      />
    );
  }

  const list = incidents.data ?? [];
  return (
    <Dialog
      open
      onClose={onClose}
      size="md"
      title="Attach as evidence"
      description={`Add ${subject} as evidence to an incident.`}
      footer={
        <>
          {createSubject ? (
            <Button
              variant="ghost"
              icon={<PlusIcon size={16} />}
              className="mr-auto"
              onClick={() => setCreating(true)}
            >
              Create new incident
            </Button>
          ) : null}
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} isLoading={attach.isPending}>
            Attach
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-medium text-fg">
            Search incidents
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Incident title"
            className={inputClass}
          />
        </div>
        <fieldset
          className="m-0 flex min-w-0 flex-col gap-1 border-0 p-0"
          aria-describedby={errors.incident ? incidentErrorId : undefined}
          aria-busy={incidents.isFetching || undefined}
        >
          <legend className="mb-1 text-sm font-medium text-fg">
            Incident{' '}
            <span className="font-normal text-fg-muted">
              ({debounced.trim() ? 'matching the search' : 'most recent'})
            </span>
          </legend>
          {incidents.isPending ? (
            <Spinner label="Loading incidents" />
          ) : incidents.isError ? (
            <p role="alert" className="m-0 text-sm text-unhealthy">
              {errorMessage(incidents.error)}
            </p>
          ) : list.length === 0 ? (
            <p className="m-0 text-sm text-fg-muted">No options found</p>
          ) : (
            <ul className="m-0 flex max-h-64 list-none flex-col gap-1 overflow-auto p-0">
              {list.map((incident) => {
                const usable = Boolean(evidenceHypothesisId(incident));
                const radioId = `${formId}-incident-${incident.id}`;
                return (
                  <li
                    key={incident.id}
                    className="flex items-start gap-2 rounded-md px-2 py-1.5 text-sm text-fg hover:bg-surface-hover has-[:disabled]:opacity-70"
                  >
                    <input
                      id={radioId}
                      type="radio"
                      name={`${formId}-incident`}
                      value={incident.id}
                      checked={selected?.id === incident.id}
                      disabled={!usable}
                      onChange={() => setSelected(incident)}
                      className="mt-1 accent-primary"
                    />
                    <label
                      htmlFor={radioId}
                      className="min-w-0 flex-1 cursor-pointer in-[li:has(:disabled)]:cursor-not-allowed"
                    >
                      {incidentLabel(incident)}
                      <span className="block text-xs text-fg-muted">
                        {[incident.status, incident.severity].filter(Boolean).join(' · ')}
                        {usable ? '' : ' · no hypothesis to attach to'}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
          {errors.incident ? (
            <p id={incidentErrorId} className="m-0 text-xs text-danger">
              {errors.incident}
            </p>
          ) : null}
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={descriptionId} className="text-sm font-medium text-fg">
            Description
          </label>
          <textarea
            id={descriptionId}
            rows={3}
            value={description}
            required
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? descriptionErrorId : undefined}
            onChange={(event) => setDescription(event.target.value)}
            className={inputClass}
          />
          {errors.description ? (
            <p id={descriptionErrorId} className="m-0 text-xs text-danger">
              {errors.description}
            </p>
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}
