/**
 * The Action Plan tab: the incident's hypothesis trees (root → factor → solution) from the
 * detail read, with create, status and title autosave, disprove, delete (comments and evidence
 * first), the evidence of each node and its definition-of-done actions (spec doc 2 §2–§5).
 * Roots are always open, new nodes open, `expandAll` (`comments=true`) opens every node.
 * Every write invalidates the incident's key; readers see no write actions.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useApiClient } from '../../../api/api-context';
import {
  createHypothesis,
  deleteEvidence,
  deleteHypotheses,
  descendantIds,
  invalidateIncident,
  prefetchEvidenceSubjects,
  setCachedHypothesis,
  updateEvidence,
  updateHypothesis,
} from '../../../api/hypotheses';
import type {
  EvidenceDetail,
  HypothesisDetail,
  HypothesisStatus,
  HypothesisType,
  IncidentDetail,
} from '../../../api/incident-model';
import { useCan } from '../../../rbac/use-can';
import { useSession } from '../../../rbac/session-context';
import { Button } from '../../../ui/button';
import { PlusIcon } from '../../../ui/icons';
import { toast } from '../../../ui/toast';
import {
  ActionPlanContext,
  TreeStore,
  type ActionPlanActions,
  type ActionPlanContextValue,
} from './action-plan-context';
import {
  ConfirmDialog,
  CreateHypothesisDialog,
  DeleteHypothesisDialog,
} from './hypothesis-dialogs';
import { HypothesisNode } from './hypothesis-node';
import { buildHypothesisTree, ExpansionStore } from './hypothesis-tree';

export interface ActionPlanProps {
  incident: IncidentDetail;
  /** `comments=true` in the URL: every node expanded (Expand All / Collapse All). */
  expandAll: boolean;
  /** The incident is still loading: 'fetching tree...'. */
  isLoading?: boolean;
}

type DialogState =
  | { kind: 'create'; parent: HypothesisDetail | null; type: HypothesisType }
  | { kind: 'delete'; hypothesis: HypothesisDetail }
  | { kind: 'remove-dod'; evidence: EvidenceDetail }
  | { kind: 'delete-evidence'; evidence: EvidenceDetail }
  | null;

function logError(what: string, error: unknown): void {
  console.error(`${what}:`, error);
}

export function ActionPlan({ incident, expandAll, isLoading = false }: ActionPlanProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const canWrite = useCan('incident', 'write');
  const canWriteEvidence = useCan('evidences', 'write');
  const incidentId = incident.id;
  const [dialog, setDialog] = useState<DialogState>(null);

  // The tree is rebuilt from each read, keeping unchanged child lists (memoised nodes skip).
  const [treeStore] = useState(() => new TreeStore(buildHypothesisTree(incident.hypotheses)));
  const tree = useMemo(
    () => buildHypothesisTree(incident.hypotheses, treeStore.tree),
    [incident.hypotheses, treeStore],
  );
  const [expansion] = useState(() => new ExpansionStore());
  // In the same commit (a layout effect, before the browser paints): a saved status or a new
  // node is on screen one frame sooner than after a passive effect.
  useLayoutEffect(() => {
    treeStore.set(tree);
    expansion.setIds(tree.ids);
  }, [tree, treeStore, expansion]);
  useEffect(() => {
    expansion.setAll(expandAll);
  }, [expandAll, expansion]);
  // What the evidence cards point at, read ahead in a few batched requests (not per node); again
  // only when the evidence changes, not when a hypothesis is saved (500 cache look-ups each time).
  const evidences = useMemo(
    () => (incident.hypotheses ?? []).flatMap((h) => h.evidences ?? []),
    [incident.hypotheses],
  );
  const evidenceKey = evidences
    .map(
      (e) =>
        `${e.id}:${e.type ?? ''}:${e.check_id ?? ''}:${e.component_id ?? ''}:${e.config_id ?? ''}:` +
        `${e.config_change_id ?? ''}:${e.config_analysis_id ?? ''}`,
    )
    .join(',');
  const latestEvidences = useRef(evidences);
  useLayoutEffect(() => {
    latestEvidences.current = evidences;
  });
  useEffect(() => {
    prefetchEvidenceSubjects(queryClient, client, latestEvidences.current);
  }, [evidenceKey, queryClient, client]);

  const latest = useRef({ hypotheses: incident.hypotheses ?? [], userId: user?.id });
  useEffect(() => {
    latest.current = { hypotheses: incident.hypotheses ?? [], userId: user?.id };
  });

  const ops = useMemo(() => {
    const refresh = () => invalidateIncident(queryClient, client.baseUrl, incidentId);
    // After the next paint: invalidating the incident's queries takes about 20 ms of script on a
    // slow machine, which would otherwise hold back drawing the saved value.
    const refreshAfterPaint = () =>
      requestAnimationFrame(() => setTimeout(() => void refresh(), 0));
    const patchHypothesis = (id: string, patch: { status: string } | { title: string }) =>
      updateHypothesis(client, id, patch)
        // Shown as saved at once; the re-read of the incident follows.
        .then(() => setCachedHypothesis(queryClient, client.baseUrl, incidentId, id, patch))
        .catch((error: unknown) => logError('Hypothesis update failed', error))
        .finally(refreshAfterPaint);
    const setDefinitionOfDone = (evidence: EvidenceDetail, value: boolean) =>
      updateEvidence(client, evidence.id, { definition_of_done: value })
        .catch((error: unknown) => {
          logError('Definition of done update failed', error);
          toast.error(
            value
              ? 'Marking evidence as part of definition of done failed'
              : 'Removing evidence from definition of done failed',
          );
        })
        .finally(() => void refresh());
    return { refresh, patchHypothesis, setDefinitionOfDone };
  }, [client, queryClient, incidentId]);

  const actions = useMemo<ActionPlanActions>(
    () => ({
      saveStatus: (hypothesis, status) => void ops.patchHypothesis(hypothesis.id, { status }),
      saveTitle: (hypothesis, title) => void ops.patchHypothesis(hypothesis.id, { title }),
      disprove: (hypothesis) => void ops.patchHypothesis(hypothesis.id, { status: 'disproven' }),
      openCreate: (parent, type) => setDialog({ kind: 'create', parent, type }),
      openDelete: (hypothesis) => setDialog({ kind: 'delete', hypothesis }),
      addToDefinitionOfDone: (evidence) => void ops.setDefinitionOfDone(evidence, true),
      openRemoveFromDefinitionOfDone: (evidence) => setDialog({ kind: 'remove-dod', evidence }),
      openDeleteEvidence: (evidence) => setDialog({ kind: 'delete-evidence', evidence }),
    }),
    [ops],
  );

  const context = useMemo<ActionPlanContextValue>(
    () => ({ incidentId, treeStore, expansion, actions, canWrite, canWriteEvidence }),
    [incidentId, treeStore, expansion, actions, canWrite, canWriteEvidence],
  );

  const { refresh } = ops;

  const create = async (
    parent: HypothesisDetail | null,
    type: HypothesisType,
    values: { title: string; status: HypothesisStatus },
  ): Promise<boolean> => {
    const userId = latest.current.userId;
    if (!userId) return false;
    try {
      const row = await createHypothesis(client, {
        created_by: userId,
        incident_id: incidentId,
        parent_id: parent?.id,
        title: values.title,
        type,
        status: values.status,
      });
      if (parent) expansion.expand(parent.id);
      if (row?.id) expansion.expand(row.id);
      await refresh();
      return true;
    } catch (error: unknown) {
      // Spec doc 2 §8: creation failures are logged, with no message to the user.
      logError('Hypothesis creation failed', error);
      return false;
    }
  };

  const remove = async (hypothesis: HypothesisDetail) => {
    try {
      await deleteHypotheses(client, descendantIds(latest.current.hypotheses, hypothesis.id));
    } catch (error: unknown) {
      logError('Hypothesis deletion failed', error);
    } finally {
      await refresh();
    }
  };

  const removeEvidence = (evidence: EvidenceDetail) => {
    deleteEvidence(client, evidence.id)
      .catch((error: unknown) => {
        logError('Evidence delete failed', error);
        toast.error('Evidence delete failed');
      })
      .finally(() => void refresh());
  };

  const roots = tree.roots;
  const showLoading = isLoading || incident.hypotheses == null;

  return (
    <ActionPlanContext.Provider value={context}>
      <div className="flex flex-col gap-3">
        {showLoading ? (
          <p className="text-sm text-fg-muted" role="status">
            fetching tree...
          </p>
        ) : roots.length === 0 ? (
          <div className="flex flex-col items-start gap-2 rounded-md border border-dashed border-border p-4">
            <p className="text-sm text-fg-muted">This incident has no hypotheses yet.</p>
            {canWrite ? (
              <Button
                icon={<PlusIcon />}
                size="sm"
                onClick={() => setDialog({ kind: 'create', parent: null, type: 'root' })}
              >
                Add root hypothesis
              </Button>
            ) : null}
          </div>
        ) : (
          <ul aria-label="Hypotheses" className="m-0 flex flex-col gap-3 p-0">
            {roots.map((root) => (
              <HypothesisNode key={root.id} hypothesis={root} depth={0} isRoot />
            ))}
          </ul>
        )}
      </div>
      {dialog?.kind === 'create' ? (
        <CreateHypothesisDialog
          parent={dialog.parent}
          type={dialog.type}
          onClose={() => setDialog(null)}
          onCreate={(values) => create(dialog.parent, dialog.type, values)}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteHypothesisDialog
          hypothesis={dialog.hypothesis}
          nested={descendantIds(incident.hypotheses ?? [], dialog.hypothesis.id).length - 1}
          onClose={() => setDialog(null)}
          onDisprove={() => actions.disprove(dialog.hypothesis)}
          onDelete={() => remove(dialog.hypothesis)}
        />
      ) : null}
      {dialog?.kind === 'remove-dod' ? (
        <ConfirmDialog
          title="Remove from definition of done ?"
          description={dialog.evidence.description ?? undefined}
          confirmLabel="Remove"
          onClose={() => setDialog(null)}
          onConfirm={() => void ops.setDefinitionOfDone(dialog.evidence, false)}
        />
      ) : null}
      {dialog?.kind === 'delete-evidence' ? (
        <ConfirmDialog
          title="Delete evidence ?"
          description={dialog.evidence.description ?? undefined}
          confirmLabel="Delete"
          onClose={() => setDialog(null)}
          onConfirm={() => removeEvidence(dialog.evidence)}
        />
      ) : null}
    </ActionPlanContext.Provider>
  );
}
