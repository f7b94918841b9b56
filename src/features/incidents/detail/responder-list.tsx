/**
 * The incident's responders (spec doc 2 §4): each person or team with its type, the link to its
 * external ticket, the timeline Created → Acknowledged → Resolved → Closed (the first missing step
 * is current) and the time to acknowledge once acknowledged. Writers add responders (the wizard)
 * and soft-delete them after 'Delete Responder ?'.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiClient } from '../../../api/api-context';
import { errorMessage } from '../../../api/client';
import {
  deleteResponder,
  incidentDetailQueries,
  type ResponderRow,
} from '../../../api/incident-detail';
import { ComponentIcon } from '../../../entities/topology-card/component-icon';
import { cx } from '../../../lib/class-names';
import { formatTimestamp } from '../../../lib/time';
import { Avatar } from '../../../ui/avatar';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ExternalLinkIcon, TrashIcon } from '../../../ui/icons';
import { IconButton } from '../../../ui/icon-button';
import { Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';
import { useIncidentRefresh } from './use-incident-refresh';
import {
  TEXTS,
  formatDuration,
  responderLink,
  responderName,
  responderTimeline,
  responderType,
  responderTypeLabel,
  timeToAcknowledge,
} from './workspace-model';

function Timeline({ responder }: { responder: ResponderRow }) {
  const steps = responderTimeline(responder);
  return (
    <ol aria-label={`Timeline of ${responderName(responder)}`} className="flex gap-1">
      {steps.map((step) => (
        <li
          key={step.label}
          aria-current={step.state === 'current' ? 'step' : undefined}
          data-state={step.state}
          title={step.time ? formatTimestamp(step.time) : undefined}
          className="flex min-w-0 flex-auto flex-col gap-1"
        >
          <span
            aria-hidden="true"
            className={cx(
              'h-1 rounded-full',
              step.state === 'done' && 'bg-healthy',
              step.state === 'current' && 'bg-primary',
              step.state === 'pending' && 'bg-border',
            )}
          />
          <span
            className={cx(
              'text-[11px] leading-tight whitespace-nowrap',
              step.state === 'done' && 'text-fg',
              step.state === 'current' && 'font-semibold text-link',
              step.state === 'pending' && 'text-fg-subtle',
            )}
          >
            {step.label}
            <span className="sr-only">
              {step.state === 'done'
                ? ` ${formatTimestamp(step.time)}`
                : step.state === 'current'
                  ? ' (current step)'
                  : ' (not yet)'}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

function ResponderItem({
  responder,
  canWrite,
  onDelete,
}: {
  responder: ResponderRow;
  canWrite: boolean;
  onDelete: () => void;
}) {
  const name = responderName(responder);
  const type = responderType(responder);
  const link = responderLink(responder);
  const ack = timeToAcknowledge(responder);
  return (
    <li
      data-responder-type={type}
      className="flex flex-col gap-2 rounded-md border border-border bg-surface-sunken px-3 py-2"
    >
      <div className="flex items-start gap-2">
        {responder.person ? (
          <Avatar name={responder.person.name} src={responder.person.avatar} size="sm" />
        ) : (
          <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-surface text-fg-muted">
            <ComponentIcon icon={responder.team?.icon ?? type} size={16} />
          </span>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="truncate text-sm font-medium text-fg">{name}</span>
          <span className="flex flex-wrap items-center gap-x-2 text-xs text-fg-muted">
            {responderTypeLabel(type)}
            {link ? (
              <a
                href={link}
                target="_blank"
                rel="noreferrer noopener"
                className="inline-flex items-center gap-0.5 text-link hover:underline"
              >
                {responder.external_id}
                <ExternalLinkIcon size={11} />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : responder.external_id ? (
              <span className="font-mono">{responder.external_id}</span>
            ) : null}
          </span>
        </div>
        {canWrite ? (
          <IconButton
            label={`Delete responder ${name}`}
            icon={<TrashIcon size={14} />}
            size="sm"
            onClick={onDelete}
          />
        ) : null}
      </div>
      <Timeline responder={responder} />
      {ack !== undefined ? (
        <p className="text-xs text-fg-muted">
          Time to acknowledge: <span className="font-medium text-fg">{formatDuration(ack)}</span>
        </p>
      ) : null}
    </li>
  );
}

export function ResponderList({ incidentId, canWrite }: { incidentId: string; canWrite: boolean }) {
  const client = useApiClient();
  const refresh = useIncidentRefresh(incidentId);
  const query = useQuery(incidentDetailQueries.responders(client, incidentId));
  const [deleting, setDeleting] = useState<ResponderRow | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => deleteResponder(client, id),
    onSuccess: () => {
      toast.success(TEXTS.responderDeleted);
      setDeleting(null);
    },
    onError: (error: unknown) => toast.error(errorMessage(error)),
    onSettled: () => refresh(),
  });

  if (query.isPending) return <Spinner label="Loading responders" />;
  if (query.isError && !query.data) {
    return <p className="text-sm text-danger">{errorMessage(query.error)}</p>;
  }
  const responders = query.data ?? [];
  return (
    <>
      {responders.length === 0 ? (
        <p className="text-sm text-fg-muted">No responders yet.</p>
      ) : (
        <ul aria-label="Responders" className="flex flex-col gap-2">
          {responders.map((responder) => (
            <ResponderItem
              key={responder.id}
              responder={responder}
              canWrite={canWrite}
              onDelete={() => setDeleting(responder)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={TEXTS.deleteResponder}
        description={TEXTS.deleteResponderConfirm}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
