/**
 * The dialog's footer actions (spec doc 1 §2; contract rbac-and-flags.md §3.2):
 * - Edit: /settings/canaries/{canary_id}, or the custom resource / topology the canary came from;
 *   only for a signed-in user (not in the health-only mode, which has no settings, nor on a kiosk);
 * - Run Now: roles admin, editor, commander, responder (a hard-coded role check);
 * - Playbooks: write on playbook_runs;
 * - Attach as evidence: write on incident, the incidents feature on, a signed-in user, and not in
 *   the embedded mode.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { useApiClient } from '../../../api/api-context';
import { checkQueries, invalidateCheck, runCheck, type CheckRunResult } from '../../../api/checks';
import { errorMessage } from '../../../api/client';
import { formatDuration } from '../../../lib/duration';
import { useFeatureEnabled } from '../../../rbac/flags-context';
import { canRunCheck } from '../../../rbac/roles';
import { useSession } from '../../../rbac/session-context';
import { useCan } from '../../../rbac/use-can';
import { Button, buttonClasses } from '../../../ui/button';
import { RefreshIcon, SettingsIcon } from '../../../ui/icons';
import { toast } from '../../../ui/toast';
import { canaryEditTarget, checkDialogPaths } from './check-dialog-links';
import type { CheckView } from '../../../entities/check/check-view';
import { AttachEvidenceDialog } from '../../../entities/evidence/attach-evidence-dialog';
import { PlaybooksRunMenu } from '../../../entities/playbook/playbooks-run-menu';

/** The toast text for a Run Now result (the body is optional, api.md §3.3). */
export function runResultMessage(result: CheckRunResult | null): {
  tone: 'success' | 'error';
  message: string;
} {
  if (!result || result.pass === undefined)
    return { tone: 'success', message: 'Check run completed' };
  const took = result.duration !== undefined ? ` in ${formatDuration(result.duration)}` : '';
  if (result.pass) return { tone: 'success', message: `Check passed${took}` };
  const reason = result.error || result.message;
  return { tone: 'error', message: `Check failed${took}${reason ? `: ${reason}` : ''}` };
}

function EditAction({ canary }: { canary: NonNullable<CheckView['canary']> }) {
  const client = useApiClient();
  const target = canaryEditTarget(canary);
  const componentId = target.kind === 'component' ? target.componentId : '';
  const topology = useQuery({
    ...checkQueries.componentTopology(client, componentId),
    enabled: target.kind === 'component',
  });
  const linkClass = buttonClasses('secondary', 'md');
  if (target.kind === 'crd') {
    return (
      <Link href={target.href} className={linkClass}>
        <SettingsIcon size={16} />
        {target.name ? `CRD linked to ${target.name}` : 'Open linked resource'}
      </Link>
    );
  }
  if (target.kind === 'component') {
    const href = topology.data
      ? checkDialogPaths.topologySettings(topology.data.id)
      : checkDialogPaths.topology(target.componentId);
    return (
      <Link href={href} className={linkClass}>
        <SettingsIcon size={16} />
        {topology.data ? `Created by ${topology.data.name}` : 'Linked to component'}
      </Link>
    );
  }
  return (
    <Link href={target.href} className={linkClass}>
      <SettingsIcon size={16} />
      Edit
    </Link>
  );
}

function RunNowButton({ checkId }: { checkId: string }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: () => runCheck(client, checkId),
    onSuccess: async (result) => {
      const { tone, message } = runResultMessage(result);
      toast[tone](message);
      await invalidateCheck(queryClient, client.baseUrl, checkId);
    },
    onError: (error: unknown) => {
      toast.error(errorMessage(error));
    },
  });
  return (
    <Button
      variant="primary"
      icon={<RefreshIcon size={16} />}
      isLoading={run.isPending}
      onClick={() => run.mutate()}
    >
      {run.isPending ? 'Running…' : 'Run Now'}
    </Button>
  );
}

function EvidenceButton({
  check,
  timeRange,
  userId,
}: {
  check: CheckView;
  timeRange: string;
  userId: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Attach as Evidence</Button>
      {open ? (
        <AttachEvidenceDialog
          subject={check.name}
          defaultDescription={`Health check ${check.name}`}
          evidence={{
            type: 'check',
            check_id: check.id,
            evidence: { check_id: check.id, includeMessages: true, start: timeRange },
          }}
          userId={userId}
          createSubject={{
            kind: 'check',
            checkId: check.id,
            start: timeRange,
            description: `Health check ${check.name}`,
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

export interface CheckDialogActionsProps {
  check: CheckView;
  timeRange: string;
  /** Embedded mode hides the evidence button. */
  isEmbedded?: boolean;
}

export function CheckDialogActions({
  check,
  timeRange,
  isEmbedded = false,
}: CheckDialogActionsProps) {
  const { user, roles } = useSession();
  const canRunPlaybooks = useCan('playbook_runs', 'write');
  const canWriteIncidents = useCan('incident', 'write');
  const incidentsEnabled = useFeatureEnabled('incidents');
  const showEvidence = !isEmbedded && canWriteIncidents && incidentsEnabled && Boolean(user?.id);
  return (
    <div className="flex w-full flex-wrap items-center justify-end gap-2">
      {check.canary && user ? <EditAction canary={check.canary} /> : null}
      {canRunPlaybooks ? <PlaybooksRunMenu resource={{ kind: 'check', id: check.id }} /> : null}
      {showEvidence && user ? (
        <EvidenceButton check={check} timeRange={timeRange} userId={user.id} />
      ) : null}
      {canRunCheck(roles) ? <RunNowButton checkId={check.id} /> : null}
    </div>
  );
}
