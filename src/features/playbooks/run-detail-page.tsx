/**
 * /playbooks/runs/{id} (spec doc 3 §2.10, §4, §8; postgrest.md §8.7; api.md §10.3, §10.5): the
 * run's playbook (a link to its runs), status, resource, started, scheduled, duration, queued,
 * triggered by and error; Re-run (the same playbook, resource and parameters), the parameters
 * modal, 'Download logs', and Approve for a listed approver while the run waits for approval.
 * The run and its steps refresh every 2 s until completed, failed or cancelled; the selected
 * step's log every 1 s until the step is completed or failed. A failed run with an error shows
 * the synthetic 'Initialization' step first; the last step is selected by default; skipped steps
 * cannot be opened.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useRoute } from 'wouter';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/client';
import {
  defaultStepId,
  elapsedMs,
  isListedApprover,
  isStepClickable,
  isTerminalRun,
  rerunParams,
  runSteps,
  statusLabel,
  type RunStep,
} from '../../api/playbooks-logic';
import {
  listRunActionDetails,
  playbookQueries,
  useApproveRun,
  useRunPlaybook,
  type PersonRef,
  type PlaybookResource,
  type PlaybookRunRow,
  type RunActionDetail,
} from '../../api/playbooks';
import { cx } from '../../lib/class-names';
import { formatDuration } from '../../lib/duration';
import { formatTimestamp } from '../../lib/time';
import { useSession } from '../../rbac/session-context';
import { useCan } from '../../rbac/use-can';
import { Avatar } from '../../ui/avatar';
import { Breadcrumb } from '../../ui/breadcrumb';
import { Button } from '../../ui/button';
import { DetailRow } from '../../ui/detail-list';
import { Dialog } from '../../ui/dialog';
import { EmptyState } from '../../ui/empty-state';
import { TextAreaField } from '../../ui/form-field';
import { AlertCircleIcon, DownloadIcon, PlaybookIcon, RefreshIcon } from '../../ui/icons';
import { RelativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { playbooksPaths } from './playbooks-paths';
import { RunStatus, RunStatusIcon } from './run-status';
import { runResource, runTitle } from './runs-table';
import { useYamlText } from '../../ui/use-yaml-text';

function personOf(value: PlaybookRunRow['created_by']): PersonRef | null {
  return value && typeof value === 'object' ? value : null;
}

function resourceOf(run: PlaybookRunRow): PlaybookResource | undefined {
  if (run.check_id) return { kind: 'check', id: run.check_id };
  if (run.config_id) return { kind: 'config', id: run.config_id };
  if (run.component_id) return { kind: 'component', id: run.component_id };
  return undefined;
}

/** The text of 'Download logs': every step's output in order. */
export function runLogText(run: PlaybookRunRow, actions: readonly RunActionDetail[]): string {
  const lines = [
    `Playbook: ${runTitle(run)}`,
    `Run: ${run.id}`,
    `Status: ${run.status}`,
    ...(run.error ? [`Error: ${run.error}`] : []),
    '',
  ];
  for (const action of actions) {
    lines.push(`=== ${action.name} (${action.status}) ===`);
    const result = action.result ?? {};
    for (const key of ['stdout', 'stderr', 'logs'] as const) {
      const value = result[key];
      if (typeof value === 'string' && value) lines.push(`--- ${key} ---`, value);
    }
    if (action.error) lines.push(`--- error ---`, action.error);
    lines.push('');
  }
  return lines.join('\n');
}

function saveText(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function ParametersDialog({
  parameters,
  onClose,
}: {
  parameters: Record<string, unknown> | null | undefined;
  onClose: () => void;
}) {
  const entries = Object.entries(parameters ?? {});
  return (
    <Dialog open onClose={onClose} size="md" title="Parameters">
      {entries.length === 0 ? (
        <p className="m-0 text-sm text-fg-muted">No parameters for this playbook.</p>
      ) : (
        <dl className="m-0 flex flex-col gap-2">
          {entries.map(([key, value]) => (
            <DetailRow key={key} label={<span className="font-mono text-xs">{key}</span>}>
              <span className="font-mono text-xs whitespace-pre-wrap">
                {typeof value === 'string' ? value : JSON.stringify(value)}
              </span>
            </DetailRow>
          ))}
        </dl>
      )}
    </Dialog>
  );
}

function StepLog({ runId, step, runStatus }: { runId: string; step: RunStep; runStatus: string }) {
  const client = useApiClient();
  const query = useQuery({
    ...playbookQueries.action(client, runId, step.id, runStatus),
    enabled: !step.synthetic,
  });
  if (step.synthetic) {
    return (
      <pre className="m-0 p-3 font-mono text-xs whitespace-pre-wrap text-unhealthy">
        {step.error}
      </pre>
    );
  }
  if (query.isPending) return <Spinner label="Loading logs" className="m-3" />;
  if (query.isError) {
    return (
      <p role="alert" className="m-0 p-3 text-sm text-unhealthy">
        {errorMessage(query.error)}
      </p>
    );
  }
  const action = query.data;
  const result = action?.result ?? {};
  const sections = (['stdout', 'stderr', 'logs'] as const)
    .map((key) => ({ key, text: typeof result[key] === 'string' ? result[key] : '' }))
    .filter((section) => section.text);
  const other = Object.fromEntries(
    Object.entries(result).filter(([key]) => !['stdout', 'stderr', 'logs'].includes(key)),
  );
  return (
    <div className="flex flex-col gap-3 p-3" data-testid="step-log">
      {action?.error ? (
        <pre className="m-0 rounded-md border border-unhealthy/40 bg-unhealthy/10 p-2 font-mono text-xs whitespace-pre-wrap text-unhealthy">
          {action.error}
        </pre>
      ) : null}
      {sections.map((section) => (
        <section key={section.key} aria-label={section.key}>
          <h4 className="m-0 mb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">
            {section.key}
          </h4>
          <pre className="m-0 max-h-96 overflow-auto rounded-md bg-surface-sunken p-2 font-mono text-xs whitespace-pre-wrap text-fg">
            {section.text}
          </pre>
        </section>
      ))}
      {Object.keys(other).length > 0 ? (
        <section aria-label="result">
          <h4 className="m-0 mb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">
            result
          </h4>
          <ResultYaml value={other} />
        </section>
      ) : null}
      {!action?.error && sections.length === 0 && Object.keys(other).length === 0 ? (
        <p className="m-0 text-sm text-fg-muted">
          {action?.status === 'running' ? 'Waiting for output…' : 'No logs'}
        </p>
      ) : null}
    </div>
  );
}

function StepTimes({ step }: { step: RunStep }) {
  if (step.status === 'sleeping' || (!step.start_time && step.scheduled_time)) {
    return <RelativeTime value={step.scheduled_time} prefix="Scheduled " compact />;
  }
  const ms = elapsedMs(step);
  return <span className="tabular-nums">{ms === undefined ? '' : formatDuration(ms)}</span>;
}

function Steps({ run }: { run: PlaybookRunRow }) {
  const client = useApiClient();
  const actions = useQuery(playbookQueries.actions(client, run.id, run.status));
  // The steps stop polling with the run: read them once more when it finishes, since the last poll
  // may predate the final step's outcome (the runner writes both in one transaction).
  const finished = isTerminalRun(run.status);
  const wasFinished = useRef(finished);
  const { refetch: refetchActions } = actions;
  useEffect(() => {
    if (finished && !wasFinished.current) void refetchActions();
    wasFinished.current = finished;
  }, [finished, refetchActions]);
  const steps = runSteps(run, actions.data ?? []);
  const [chosen, setChosen] = useState<string | undefined>();
  const selectedId =
    chosen && steps.some((step) => step.id === chosen) ? chosen : defaultStepId(steps);
  const selected = steps.find((step) => step.id === selectedId);
  if (actions.isError && steps.length === 0) {
    return (
      <p role="alert" className="text-sm text-unhealthy">
        {errorMessage(actions.error)}
      </p>
    );
  }
  return (
    <div className="grid min-h-64 grid-cols-1 overflow-hidden rounded-lg border border-border bg-surface-raised md:grid-cols-[minmax(220px,300px)_minmax(0,1fr)]">
      <div className="border-b border-border md:border-r md:border-b-0">
        <h3 className="m-0 border-b border-border px-3 py-2 text-sm font-semibold text-fg">
          Steps
        </h3>
        {actions.isPending ? (
          <Spinner label="Loading steps" className="m-3" />
        ) : steps.length === 0 ? (
          <p className="m-0 p-3 text-sm text-fg-muted">
            {isTerminalRun(run.status) ? 'No steps ran.' : 'No step has started yet.'}
          </p>
        ) : (
          <ol className="m-0 list-none p-1" aria-label="Steps">
            {steps.map((step) => {
              const active = step.id === selectedId;
              const clickable = isStepClickable(step);
              return (
                <li key={step.id}>
                  <button
                    type="button"
                    disabled={!clickable}
                    aria-current={active ? 'step' : undefined}
                    onClick={() => setChosen(step.id)}
                    className={cx(
                      'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
                      active ? 'bg-primary/10 text-fg' : 'text-fg hover:bg-surface-hover',
                      !clickable && 'cursor-default opacity-60 hover:bg-transparent',
                    )}
                  >
                    <RunStatusIcon status={step.status} />
                    <span className="min-w-0 flex-1 truncate">{step.name}</span>
                    <span className="sr-only">{statusLabel(step.status)}</span>
                    <span className="shrink-0 text-xs text-fg-muted">
                      <StepTimes step={step} />
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <div className="min-w-0" aria-live="polite">
        {selected ? (
          <>
            <div className="flex items-center gap-2 border-b border-border px-3 py-2">
              <h3 className="m-0 min-w-0 flex-1 truncate text-sm font-semibold text-fg">
                {selected.name}
              </h3>
              <RunStatus status={selected.status} className="text-xs" />
            </div>
            <StepLog key={selected.id} runId={run.id} step={selected} runStatus={run.status} />
          </>
        ) : (
          <p className="m-0 p-3 text-sm text-fg-muted">Select a step to see its logs.</p>
        )}
      </div>
    </div>
  );
}

function ApprovalButtons({ run }: { run: PlaybookRunRow }) {
  const client = useApiClient();
  const { user } = useSession();
  const canWrite = useCan('playbook_runs', 'write');
  const teams = useQuery({
    ...playbookQueries.myTeams(client, user?.id ?? ''),
    enabled: Boolean(user?.id) && canWrite,
  });
  const decide = useApproveRun(run.id);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const approval = run.playbooks?.spec?.approval;
  if (!canWrite || !isListedApprover(approval, user, teams.data ?? [])) return null;
  const send = (decision: { reject?: boolean; reason?: string }) =>
    decide.mutate(decision, {
      onSuccess: (message) => {
        setRejecting(false);
        toast.success(message);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  return (
    <>
      <Button variant="danger" disabled={decide.isPending} onClick={() => setRejecting(true)}>
        Reject
      </Button>
      <Button variant="primary" isLoading={decide.isPending && !rejecting} onClick={() => send({})}>
        Approve
      </Button>
      {rejecting ? (
        <Dialog
          open
          onClose={() => setRejecting(false)}
          size="sm"
          title="Reject this run?"
          description="The run is cancelled and does not start."
          footer={
            <>
              <Button onClick={() => setRejecting(false)}>Cancel</Button>
              <Button
                variant="danger"
                isLoading={decide.isPending}
                onClick={() => send({ reject: true, reason })}
              >
                Reject
              </Button>
            </>
          }
        >
          <TextAreaField
            label="Reason"
            value={reason}
            onChange={setReason}
            maxLength={1000}
            rows={3}
          />
        </Dialog>
      ) : null}
    </>
  );
}

function RunHeader({ run }: { run: PlaybookRunRow }) {
  const client = useApiClient();
  const [, navigate] = useLocation();
  const canRun = useCan('playbook_runs', 'write');
  const rerun = useRunPlaybook();
  const [showParams, setShowParams] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const person = personOf(run.created_by);
  const resource = runResource(run);
  const approval = run.playbooks?.spec?.approval as
    { approvers?: { people?: string[]; teams?: string[] } } | undefined;

  const download = async () => {
    setDownloading(true);
    try {
      const actions = await listRunActionDetails(client, run.id);
      saveText(`playbook-run-${run.id}.log`, runLogText(run, actions));
      toast.success('Downloaded logs');
    } catch (error: unknown) {
      console.error('Failed to download logs', error);
      toast.error('Failed to download logs');
    } finally {
      setDownloading(false);
    }
  };

  const startRerun = () =>
    rerun.mutate(
      { id: run.playbook_id, resource: resourceOf(run), params: rerunParams(run.parameters) },
      {
        onSuccess: (response) => {
          if (response?.run_id) navigate(playbooksPaths.run(response.run_id));
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  const queuedMs =
    run.start_time && run.created_at
      ? Date.parse(run.start_time) - Date.parse(run.created_at)
      : undefined;

  return (
    <section
      aria-label="Run details"
      className="flex flex-col gap-4 rounded-lg border border-border bg-surface-raised p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-surface-sunken">
            <RunStatusIcon status={run.status} size={20} />
          </span>
          <div className="min-w-0">
            <h2 className="m-0 truncate text-lg font-semibold text-fg">{runTitle(run)}</h2>
            <p className="m-0 text-sm text-fg-muted">
              <RunStatus status={run.status} />
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {run.status === 'pending_approval' ? <ApprovalButtons run={run} /> : null}
          <Button onClick={() => setShowParams(true)}>Parameters</Button>
          <Button
            icon={<DownloadIcon size={16} />}
            isLoading={downloading}
            onClick={() => void download()}
          >
            Download logs
          </Button>
          {canRun ? (
            <Button
              icon={<RefreshIcon size={16} />}
              variant="primary"
              disabled={rerun.isPending}
              onClick={startRerun}
            >
              {rerun.isPending ? 'Running...' : 'Re-run'}
            </Button>
          ) : null}
        </div>
      </div>
      {run.status === 'pending_approval' ? (
        <p
          role="status"
          className="m-0 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-fg"
        >
          This run waits for approval
          {approval?.approvers
            ? ` by ${[...(approval.approvers.people ?? []), ...(approval.approvers.teams ?? []).map((team) => `team ${team}`)].join(', ')}`
            : ''}
          .
        </p>
      ) : null}
      <dl className="m-0 grid grid-cols-1 gap-x-8 gap-y-2 md:grid-cols-2 xl:grid-cols-3">
        <DetailRow label="Playbook">
          <Link
            href={playbooksPaths.runs({ playbookId: run.playbook_id })}
            className="text-link hover:underline"
          >
            {runTitle(run)}
          </Link>
        </DetailRow>
        <DetailRow label="Status">{statusLabel(run.status)}</DetailRow>
        <DetailRow label="Resource">
          {resource ? (
            <>
              <span className="mr-1.5 text-xs text-fg-subtle">{resource.kind}</span>
              <Link href={resource.href} className="text-link hover:underline">
                {resource.name}
              </Link>
            </>
          ) : (
            <span className="text-fg-subtle">-</span>
          )}
        </DetailRow>
        <DetailRow label="Started">
          {run.start_time ? (
            <span title={formatTimestamp(run.start_time)}>
              <RelativeTime value={run.start_time} />
            </span>
          ) : (
            <span className="text-fg-subtle">Not started</span>
          )}
        </DetailRow>
        <DetailRow label="Scheduled">
          <span title={formatTimestamp(run.scheduled_time)}>
            <RelativeTime value={run.scheduled_time} />
          </span>
        </DetailRow>
        <DetailRow label="Duration">
          <span className="tabular-nums">{formatDuration(elapsedMs(run))}</span>
        </DetailRow>
        <DetailRow label="Queued">
          <span title={formatTimestamp(run.created_at)}>
            <RelativeTime value={run.created_at} />
            {queuedMs !== undefined && queuedMs >= 0 ? (
              <span className="text-fg-muted"> · waited {formatDuration(queuedMs)}</span>
            ) : null}
          </span>
        </DetailRow>
        <DetailRow label="Triggered by">
          {person ? (
            <span className="inline-flex items-center gap-1.5">
              <Avatar name={person.name} src={person.avatar} size="sm" className="size-5" />
              {person.name || person.email || person.id}
            </span>
          ) : (
            <span className="text-fg-subtle">-</span>
          )}
        </DetailRow>
        {run.error ? (
          <DetailRow label="Error">
            <span className="text-unhealthy">{run.error}</span>
          </DetailRow>
        ) : null}
      </dl>
      {showParams ? (
        <ParametersDialog parameters={run.parameters} onClose={() => setShowParams(false)} />
      ) : null}
    </section>
  );
}

export function RunDetailPage({ id }: { id: string }) {
  const client = useApiClient();
  const query = useQuery(playbookQueries.run(client, id));
  const run = query.data;
  return (
    <div className="flex flex-col gap-4">
      <Breadcrumb
        items={[
          { key: 'playbooks', label: 'Playbooks', href: playbooksPaths.list() },
          { key: 'runs', label: 'Runs', href: playbooksPaths.runs() },
          { key: 'run', label: run ? runTitle(run) : 'Run' },
        ]}
      />
      {query.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading run" />
        </div>
      ) : query.isError ? (
        <EmptyState
          icon={<AlertCircleIcon size={22} />}
          title="Something went wrong"
          description={errorMessage(query.error)}
          actions={
            <Button variant="primary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        />
      ) : !run ? (
        <EmptyState
          icon={<PlaybookIcon size={22} />}
          title="Run not found"
          description="This playbook run does not exist."
        />
      ) : (
        <>
          <RunHeader run={run} />
          <Steps run={run} />
        </>
      )}
    </div>
  );
}

/** `/playbooks/runs/:id` in the route table: the run of the address. */
export function RunDetailRoute() {
  const [, params] = useRoute<{ id: string }>('/playbooks/runs/:id');
  return <RunDetailPage id={params?.id ?? ''} />;
}

/** A step's result other than its logs, as YAML (the YAML package loads with the first one). */
function ResultYaml({ value }: { value: Record<string, unknown> }) {
  const text = useYamlText(value);
  if (text === undefined) return <Spinner label="Loading result" className="m-1" />;
  return (
    <pre className="m-0 max-h-96 overflow-auto rounded-md bg-surface-sunken p-2 font-mono text-xs whitespace-pre-wrap text-fg">
      {text}
    </pre>
  );
}
