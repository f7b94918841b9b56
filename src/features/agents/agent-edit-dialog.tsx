/**
 * Edit an agent: the name is read-only, the properties are editable (`PATCH /db/agents`, toast
 * 'Agent updated'). Delete asks first whether to clean up the agent's resources, then for
 * confirmation, then soft-deletes (toast 'Agent deleted'). Without write permission on agents
 * the dialog only shows the agent. The steps share one dialog, so focus stays inside it.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  LOCAL_AGENT_ID,
  useAgent,
  useDeleteAgent,
  useUpdateAgent,
  type AgentSummary,
} from '../../api/agents';
import { errorMessage } from '../../api/client';
import { formatRelative, formatTimestamp } from '../../lib/time';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Spinner } from '../../ui/spinner';
import { StatusIcon } from '../../ui/status-icon';
import { toast } from '../../ui/toast';
import { propertiesFromRows, rowsFromProperties, type PropertyErrors } from './agent-form';
import { PropertiesEditor, TextField } from './agent-fields';
import { agentStatus, AGENT_STATUS_LABELS } from './agent-status';

export const AGENT_UPDATED_MESSAGE = 'Agent updated';
export const AGENT_DELETED_MESSAGE = 'Agent deleted';

type Step = 'edit' | 'cleanup' | 'confirm';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="w-24 shrink-0 text-fg-muted">{label}</dt>
      <dd className="min-w-0 break-words text-fg">{children}</dd>
    </div>
  );
}

function AgentDetails({ agent }: { agent: AgentSummary }) {
  const status = agentStatus(agent.last_seen);
  return (
    <dl className="flex flex-col gap-1.5 text-sm">
      <Detail label="Status">
        <StatusIcon
          tone={status === 'online' ? 'healthy' : 'unknown'}
          label={AGENT_STATUS_LABELS[status]}
          showLabel
        />
      </Detail>
      <Detail label="Last seen">
        {agent.last_seen ? (
          <time dateTime={agent.last_seen} title={formatTimestamp(agent.last_seen)}>
            {formatRelative(agent.last_seen)}
          </time>
        ) : (
          'Never'
        )}
      </Detail>
      {agent.version ? <Detail label="Version">{agent.version}</Detail> : null}
      {agent.hostname ? <Detail label="Hostname">{agent.hostname}</Detail> : null}
    </dl>
  );
}

interface LoadedProps {
  agent: AgentSummary;
  canWrite: boolean;
  onClose: () => void;
}

function AgentEditForm({ agent, canWrite, onClose }: LoadedProps) {
  const [rows, setRows] = useState(() => rowsFromProperties(agent.properties));
  const [errors, setErrors] = useState<PropertyErrors | undefined>();
  const [step, setStep] = useState<Step>('edit');
  const [cleanup, setCleanup] = useState(false);
  const update = useUpdateAgent();
  const remove = useDeleteAgent();
  const deleteRef = useRef<HTMLButtonElement>(null);
  const noRef = useRef<HTMLButtonElement>(null);
  const cancelDeleteRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const shownStep = useRef<Step>(step);
  const busy = update.isPending || remove.isPending;

  // The dialog stays open across steps: move focus to the new step's safe choice.
  useEffect(() => {
    // Only on a change of step (not on mount, nor StrictMode's second effect run).
    if (shownStep.current === step) return;
    shownStep.current = step;
    const target = { edit: deleteRef, cleanup: noRef, confirm: cancelDeleteRef }[step];
    target.current?.focus();
  }, [step]);

  const save = () => {
    const result = propertiesFromRows(rows);
    if (!result.ok) {
      setErrors(result.errors);
      // Let the errors render, then go to the first one.
      queueMicrotask(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    update.mutate(
      { id: agent.id, properties: result.properties },
      {
        onSuccess: () => {
          toast.success(AGENT_UPDATED_MESSAGE);
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  const confirmDelete = () =>
    remove.mutate(
      { id: agent.id, cleanup },
      {
        onSuccess: () => {
          toast.success(AGENT_DELETED_MESSAGE);
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  const close = busy ? () => undefined : onClose;

  if (step === 'cleanup') {
    return (
      <Dialog
        open
        onClose={() => setStep('edit')}
        size="sm"
        title="Delete agent resources?"
        footer={
          <>
            <Button onClick={() => setStep('edit')}>Cancel</Button>
            <Button
              ref={noRef}
              onClick={() => {
                setCleanup(false);
                setStep('confirm');
              }}
            >
              No
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setCleanup(true);
                setStep('confirm');
              }}
            >
              Yes
            </Button>
          </>
        }
      >
        <p className="text-sm text-fg">
          Also delete the resources of <strong className="font-semibold">{agent.name}</strong>: its
          health checks, config items, config scrapers, topologies and components?
        </p>
      </Dialog>
    );
  }

  if (step === 'confirm') {
    return (
      <Dialog
        open
        onClose={remove.isPending ? () => undefined : () => setStep('edit')}
        size="sm"
        title="Delete agent?"
        footer={
          <>
            <Button ref={cancelDeleteRef} onClick={() => setStep('edit')} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" onClick={confirmDelete} isLoading={remove.isPending}>
              Delete
            </Button>
          </>
        }
      >
        <p className="text-sm text-fg">
          Agent <strong className="font-semibold">{agent.name}</strong> will be deleted
          {cleanup ? ' together with its resources' : ' and its resources kept'}. Its access token
          stops working.
        </p>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onClose={close}
      title={canWrite ? 'Edit Agent' : 'Agent'}
      footer={
        canWrite ? (
          <>
            {agent.id === LOCAL_AGENT_ID ? (
              <p className="mr-auto self-center text-xs text-fg-muted">
                The local agent cannot be deleted.
              </p>
            ) : (
              <Button
                ref={deleteRef}
                variant="danger"
                className="mr-auto"
                onClick={() => setStep('cleanup')}
                disabled={busy}
              >
                Delete
              </Button>
            )}
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button
              type="submit"
              form={`agent-edit-${agent.id}`}
              variant="primary"
              isLoading={update.isPending}
            >
              Save
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>Close</Button>
        )
      }
    >
      <form
        id={`agent-edit-${agent.id}`}
        ref={formRef}
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (canWrite) save();
        }}
      >
        <TextField
          label="Name"
          value={agent.name}
          readOnly
          hint="The name cannot be changed after creation."
        />
        <AgentDetails agent={agent} />
        <PropertiesEditor
          rows={rows}
          errors={errors}
          readOnly={!canWrite}
          onChange={(next) => {
            setRows(next);
            setErrors(undefined);
          }}
        />
      </form>
    </Dialog>
  );
}

export interface AgentEditDialogProps {
  id: string;
  canWrite: boolean;
  onClose: () => void;
  /** The agent's row in the table, shown at once while the agent loads. */
  initial?: AgentSummary;
}

/** The dialog for `?id=`: loads the agent, then shows the form (or why it cannot). */
export function AgentEditDialog({ id, canWrite, onClose, initial }: AgentEditDialogProps) {
  const agent = useAgent(id, initial);
  if (agent.data) {
    // Keyed by id: another agent starts from its own properties.
    return (
      <AgentEditForm key={agent.data.id} agent={agent.data} canWrite={canWrite} onClose={onClose} />
    );
  }
  return (
    <Dialog open onClose={onClose} title="Agent" footer={<Button onClick={onClose}>Close</Button>}>
      {agent.isPending ? (
        <Spinner label="Loading agent" />
      ) : agent.isError ? (
        <p role="alert" className="text-sm text-fg">
          {errorMessage(agent.error)}
        </p>
      ) : (
        <p className="text-sm text-fg">Agent not found. It may have been deleted.</p>
      )}
    </Dialog>
  );
}
