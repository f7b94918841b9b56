/**
 * One send's details (spec doc 3 §2.9 "a detail dialog opens via the id query parameter"): read
 * by id, so a shared `/notifications?id=…` link opens it too. Every field of the send-history
 * entity: rule, event, resource, status, count, first observed, recipient, duration, error, body.
 */
import { Link } from 'wouter';
import { errorMessage } from '../../../api/client';
import { SEND_RESOURCE_TYPE_LABELS, useSendHistoryItem } from '../../../api/notifications';
import { formatDuration } from '../../../lib/duration';
import { formatTimestamp } from '../../../lib/time';
import { Button } from '../../../ui/button';
import { CodeView } from '../../../ui/code-view';
import { DetailRow } from '../../../ui/detail-list';
import { Dialog } from '../../../ui/dialog';
import { Spinner } from '../../../ui/spinner';
import { notificationPaths } from '../notification-paths';
import { SendStatus } from './send-status';

/** A JSON body is shown formatted; any other text as it was sent. */
function SendBody({ body }: { body: string }) {
  let json: string | undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object') json = JSON.stringify(parsed, null, 2);
  } catch {
    json = undefined;
  }
  return json ? (
    <CodeView content={json} language="json" label="Body" maxHeight="40vh" />
  ) : (
    <pre className="max-h-[40vh] overflow-auto rounded-md border border-border bg-surface-sunken p-3 text-sm whitespace-pre-wrap text-fg">
      {body}
    </pre>
  );
}

export interface SendHistoryDialogProps {
  id: string;
  ruleNames: ReadonlyMap<string, string> | undefined;
  personName: (id: string | null) => string | undefined;
  onClose: () => void;
}

export function SendHistoryDialog({ id, ruleNames, personName, onClose }: SendHistoryDialogProps) {
  const item = useSendHistoryItem(id);
  const send = item.data;
  const ruleName = send ? (ruleNames?.get(send.notification_id) ?? send.notification_id) : '';
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={
        send ? `${send.source_event} · ${send.resource?.name ?? send.resource_id}` : 'Notification'
      }
      description={send ? formatTimestamp(send.created_at) : undefined}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {item.isPending ? (
        <Spinner label="Loading" />
      ) : item.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(item.error)}
        </p>
      ) : !send ? (
        <p className="text-sm text-fg-muted">No data available</p>
      ) : (
        <div className="flex flex-col gap-4">
          <dl className="flex flex-col gap-2">
            <DetailRow label="Status">
              <SendStatus status={send.status} />
            </DetailRow>
            <DetailRow label="Rule">
              <Link
                href={notificationPaths.rules(send.notification_id)}
                className="text-link hover:underline"
              >
                {ruleName}
              </Link>
            </DetailRow>
            <DetailRow label="Event">
              <code className="font-mono text-xs">{send.source_event}</code>
            </DetailRow>
            <DetailRow label="Resource">
              {send.resource?.name ?? send.resource_id}
              <span className="ml-2 text-fg-muted">
                {SEND_RESOURCE_TYPE_LABELS[send.resource_type] ?? send.resource_type}
                {send.resource?.type ? ` · ${send.resource.type}` : ''}
              </span>
            </DetailRow>
            <DetailRow label="Recipient">{personName(send.person_id) ?? '-'}</DetailRow>
            <DetailRow label="Count">{send.count}</DetailRow>
            <DetailRow label="First observed">{formatTimestamp(send.first_observed)}</DetailRow>
            <DetailRow label="Created">{formatTimestamp(send.created_at)}</DetailRow>
            <DetailRow label="Duration">{formatDuration(send.duration_millis)}</DetailRow>
          </dl>
          {send.error ? (
            <section aria-label="Error">
              <h3 className="mb-1 text-sm font-semibold">Error</h3>
              <pre className="max-h-48 overflow-auto rounded-md border border-border bg-surface-sunken p-3 text-sm whitespace-pre-wrap text-danger">
                {send.error}
              </pre>
            </section>
          ) : null}
          <section aria-label="Body">
            <h3 className="mb-1 text-sm font-semibold">Body</h3>
            {send.body ? (
              <SendBody body={send.body} />
            ) : (
              <p className="text-sm text-fg-muted">No data available</p>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}
