/**
 * The evidence of one hypothesis with its actions: add to / remove from the definition of done
 * and delete. The detail read embeds the evidence; a node without it reads its own
 * ('Loading evidences please wait...').
 */
import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { useApiClient } from '../../../api/api-context';
import { hypothesisQueries } from '../../../api/hypotheses';
import type { EvidenceDetail, HypothesisDetail } from '../../../api/incident-model';
import { EvidenceView } from '../../../entities/evidence/evidence-view';
import { Button } from '../../../ui/button';
import { IconButton } from '../../../ui/icon-button';
import { CheckIcon, MinusIcon, TrashIcon } from '../../../ui/icons';
import { useActionPlan } from './action-plan-context';

const EvidenceActions = memo(function EvidenceActions({ evidence }: { evidence: EvidenceDetail }) {
  const { actions } = useActionPlan();
  return (
    <>
      {evidence.definition_of_done ? (
        <Button
          variant="ghost"
          size="sm"
          icon={<MinusIcon />}
          className="h-7 px-2 text-xs"
          onClick={() => actions.openRemoveFromDefinitionOfDone(evidence)}
        >
          Remove from definition of done
        </Button>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          icon={<CheckIcon />}
          className="h-7 px-2 text-xs"
          onClick={() => actions.addToDefinitionOfDone(evidence)}
        >
          Add to definition of done
        </Button>
      )}
      <IconButton
        size="sm"
        label={`Delete evidence ${evidence.description ?? ''}`.trim()}
        icon={<TrashIcon />}
        onClick={() => actions.openDeleteEvidence(evidence)}
      />
    </>
  );
});

const EvidenceItem = memo(function EvidenceItem({ evidence }: { evidence: EvidenceDetail }) {
  const { canWriteEvidence } = useActionPlan();
  return (
    <li className="list-none rounded-md border border-border bg-surface p-3 [contain-intrinsic-size:auto_7rem] [content-visibility:auto]">
      <EvidenceView
        evidence={evidence}
        actions={canWriteEvidence ? <EvidenceActions evidence={evidence} /> : undefined}
      />
    </li>
  );
});

function EvidenceItems({ evidences, label }: { evidences: EvidenceDetail[]; label: string }) {
  if (evidences.length === 0) {
    return <p className="text-sm text-fg-subtle">No Evidence</p>;
  }
  return (
    <ul aria-label={label} className="m-0 flex flex-col gap-2 p-0">
      {evidences.map((evidence) => (
        <EvidenceItem key={evidence.id} evidence={evidence} />
      ))}
    </ul>
  );
}

function FetchedEvidence({ hypothesis, label }: { hypothesis: HypothesisDetail; label: string }) {
  const client = useApiClient();
  const { incidentId } = useActionPlan();
  const { data, isPending } = useQuery(
    hypothesisQueries.children(client, incidentId, hypothesis.id),
  );
  if (isPending) {
    return <p className="text-sm text-fg-muted">Loading evidences please wait...</p>;
  }
  return <EvidenceItems evidences={data?.evidences ?? []} label={label} />;
}

export const HypothesisEvidenceList = memo(function HypothesisEvidenceList({
  hypothesis,
}: {
  hypothesis: HypothesisDetail;
}) {
  const label = `Evidence of ${hypothesis.title || '(no title)'}`;
  if (hypothesis.evidences == null)
    return <FetchedEvidence hypothesis={hypothesis} label={label} />;
  return <EvidenceItems evidences={hypothesis.evidences} label={label} />;
});
