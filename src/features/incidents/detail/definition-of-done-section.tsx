/**
 * The definition of done (spec doc 2 §4, §5, §8): the evidences that must hold before the
 * incident is done, each done or not done. Writers may remove one ('Remove from definition of
 * done', after 'Remove from definition of done ?'), mark a comment evidence done or not done
 * (after a confirmation), and add one through the wizard (Automatic: evidence → script; Manual:
 * a text that becomes a comment evidence).
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiClient } from '../../../api/api-context';
import { updateEvidence } from '../../../api/incident-detail';
import type { IncidentDetail } from '../../../api/incident-model';
import { cx } from '../../../lib/class-names';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { CheckIcon, ClockIcon, MinusIcon } from '../../../ui/icons';
import { toast } from '../../../ui/toast';
import { useIncidentRefresh } from './use-incident-refresh';
import {
  TEXTS,
  definitionOfDone,
  evidenceLabel,
  evidenceTypeLabel,
  type EvidenceWithHypothesis,
} from './workspace-model';

type Pending =
  | { kind: 'remove'; evidence: EvidenceWithHypothesis }
  | { kind: 'done'; evidence: EvidenceWithHypothesis; done: boolean };

function DoneBadge({ done }: { done: boolean }) {
  return (
    <span
      className={cx(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        done ? 'bg-healthy-soft text-healthy' : 'bg-warning-soft text-warning',
      )}
    >
      {done ? <CheckIcon size={12} /> : <ClockIcon size={12} />}
      {done ? 'Done' : 'Not done'}
    </span>
  );
}

export function DefinitionOfDoneSection({
  incident,
  canWrite,
}: {
  incident: IncidentDetail;
  canWrite: boolean;
}) {
  const client = useApiClient();
  const refresh = useIncidentRefresh(incident.id);
  const [pending, setPending] = useState<Pending | null>(null);
  const items = definitionOfDone(incident);

  const change = useMutation({
    mutationFn: (next: Pending) =>
      next.kind === 'remove'
        ? updateEvidence(client, next.evidence.id, { definition_of_done: false })
        : updateEvidence(client, next.evidence.id, { done: next.done }),
    onSuccess: () => setPending(null),
    onError: (_error, next) =>
      toast.error(next.kind === 'remove' ? TEXTS.removeDodFailed : TEXTS.addDodFailed),
    onSettled: () => refresh(),
  });

  if (items.length === 0) {
    return <p className="text-sm text-fg-muted">No evidence is part of the definition of done.</p>;
  }
  return (
    <>
      <ul aria-label="Definition of done" className="flex flex-col gap-2">
        {items.map((evidence) => {
          const done = evidence.done === true;
          return (
            <li
              key={evidence.id}
              data-done={done}
              className="flex flex-col gap-1.5 rounded-md border border-border bg-surface-sunken px-3 py-2"
            >
              <div className="flex items-start justify-between gap-2">
                <p className="min-w-0 text-sm font-medium break-words text-fg">
                  {evidenceLabel(evidence)}
                </p>
                <DoneBadge done={done} />
              </div>
              <p className="text-xs text-fg-muted">
                {evidenceTypeLabel(evidence.type)}
                {evidence.hypothesisTitle ? ` · ${evidence.hypothesisTitle}` : ''}
              </p>
              {evidence.script ? (
                <code className="block rounded bg-surface px-2 py-1 font-mono text-xs break-all text-fg-muted">
                  {evidence.script}
                </code>
              ) : null}
              {canWrite ? (
                <div className="flex flex-wrap items-center gap-1">
                  {evidence.type === 'comment' ? (
                    <button
                      type="button"
                      onClick={() => setPending({ kind: 'done', evidence, done: !done })}
                      className="rounded px-1.5 py-0.5 text-xs font-medium text-link hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-primary"
                    >
                      {done ? 'Mark as not done' : 'Mark as done'}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    aria-label={`${TEXTS.removeDod}: ${evidenceLabel(evidence)}`}
                    onClick={() => setPending({ kind: 'remove', evidence })}
                    className="ml-auto inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium text-fg-muted hover:bg-surface-hover hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
                  >
                    <MinusIcon size={12} />
                    Remove
                  </button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'remove'
            ? TEXTS.removeDodConfirm
            : pending?.done
              ? 'Mark as done ?'
              : 'Mark as not done ?'
        }
        description={pending ? evidenceLabel(pending.evidence) : undefined}
        confirmLabel={
          pending?.kind === 'remove'
            ? 'Remove'
            : pending?.done
              ? 'Mark as done'
              : 'Mark as not done'
        }
        variant={pending?.kind === 'remove' ? 'danger' : 'primary'}
        busy={change.isPending}
        onConfirm={() => pending && change.mutate(pending)}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
