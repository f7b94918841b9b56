/**
 * The incident's status (spec doc 2 §4): a selector offering only the allowed targets of the
 * current status, and the Close / Reopen toggle. Choosing mitigated or resolved first asks for
 * contributing factors ('Add contributing factors to definition of done': select evidences —
 * at least one to submit —, Skip or Cancel); the chosen evidences join the definition of done
 * (failures there are ignored) and then the status is saved. Toasts 'Incident status updated
 * successfully' / 'Incident status updated failed'.
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useApiClient } from '../../../api/api-context';
import { updateEvidence, updateIncident } from '../../../api/incident-detail';
import {
  STATUSES_ASKING_FOR_CONTRIBUTING_FACTORS,
  allowedIncidentStatuses,
  type IncidentDetail,
  type IncidentStatus,
} from '../../../api/incident-model';
import { incidentStatusLabel } from '../../../entities/incident/incident-badges';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { toast } from '../../../ui/toast';
import { EvidencePicker } from './evidence-picker';
import { useIncidentRefresh } from './use-incident-refresh';
import { selectClass } from './workspace-fields';
import { TEXTS, evidencesOutsideDefinitionOfDone } from './workspace-model';

function ContributingFactorsDialog({
  incident,
  status,
  busy,
  onSubmit,
  onSkip,
  onCancel,
}: {
  incident: IncidentDetail;
  status: IncidentStatus;
  busy: boolean;
  onSubmit: (evidenceIds: string[]) => void;
  onSkip: () => void;
  onCancel: () => void;
}) {
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const errorId = useId();
  const evidences = evidencesOutsideDefinitionOfDone(incident);
  const submit = () => {
    if (selected.length === 0) {
      setError(TEXTS.selectEvidence);
      return;
    }
    onSubmit(selected);
  };
  return (
    <Dialog
      open
      onClose={onCancel}
      title={TEXTS.contributingFactors}
      description={`The incident becomes ${incidentStatusLabel(status)}. Choose the evidence that must hold before it is done.`}
      size="md"
      footer={
        <>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={onSkip} disabled={busy}>
            Skip
          </Button>
          <Button variant="primary" onClick={submit} isLoading={busy}>
            Submit
          </Button>
        </>
      }
    >
      <EvidencePicker
        incident={incident}
        evidences={evidences}
        mode="multiple"
        selected={selected}
        onChange={(ids) => {
          setSelected(ids);
          if (ids.length > 0) setError(undefined);
        }}
        label="Contributing factors"
        describedBy={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} role="alert" className="mt-3 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}

export function IncidentStatusControl({
  incident,
  canWrite,
}: {
  incident: IncidentDetail;
  canWrite: boolean;
}) {
  const client = useApiClient();
  const refresh = useIncidentRefresh(incident.id);
  const selectId = useId();
  const [asking, setAsking] = useState<IncidentStatus | null>(null);
  const current = (incident.status ?? '').toLowerCase();

  const save = useMutation({
    mutationFn: async ({ status, evidenceIds }: { status: string; evidenceIds: string[] }) => {
      // Definition-of-done failures in this flow are ignored (spec doc 2 §4).
      await Promise.allSettled(
        evidenceIds.map((id) => updateEvidence(client, id, { definition_of_done: true })),
      );
      await updateIncident(client, incident.id, { status });
    },
    onSuccess: () => {
      toast.success(TEXTS.statusUpdated);
      setAsking(null);
    },
    onError: () => toast.error(TEXTS.statusFailed),
    onSettled: () => refresh(),
  });

  if (!canWrite) return null;

  const choose = (target: string) => {
    if (!target || target === current) return;
    if ((STATUSES_ASKING_FOR_CONTRIBUTING_FACTORS as readonly string[]).includes(target)) {
      setAsking(target as IncidentStatus);
      return;
    }
    save.mutate({ status: target, evidenceIds: [] });
  };
  const closed = current === 'closed';
  const options = allowedIncidentStatuses(current);
  // While a change is saved the selector shows its target, not the status it leaves.
  const shown = save.isPending ? (save.variables?.status ?? current) : current;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="text-sm text-fg-muted">
        Status
      </label>
      <select
        id={selectId}
        value={options.includes(shown as IncidentStatus) ? shown : ''}
        disabled={save.isPending}
        onChange={(event) => choose(event.target.value)}
        className={selectClass}
      >
        {options.includes(shown as IncidentStatus) ? null : (
          <option value="">{incidentStatusLabel(shown)}</option>
        )}
        {options.map((status) => (
          <option key={status} value={status}>
            {incidentStatusLabel(status)}
          </option>
        ))}
      </select>
      <Button
        variant={closed ? 'primary' : 'secondary'}
        isLoading={save.isPending && !asking}
        onClick={() => save.mutate({ status: closed ? 'open' : 'closed', evidenceIds: [] })}
      >
        {closed ? 'Reopen' : 'Close'}
      </Button>
      {asking ? (
        <ContributingFactorsDialog
          incident={incident}
          status={asking}
          busy={save.isPending}
          onSubmit={(evidenceIds) => save.mutate({ status: asking, evidenceIds })}
          onSkip={() => save.mutate({ status: asking, evidenceIds: [] })}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </div>
  );
}
