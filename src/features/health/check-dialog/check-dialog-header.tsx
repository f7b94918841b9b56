/**
 * The dialog's header: the title line (status, icon, name, type) and, under it, namespace,
 * endpoint, the agent badge and the labels (account, namespace and name first, spec §5.4).
 */
import { Badge } from '../../../ui/badge';
import { HealthIcon } from '../../../ui/icons';
import { StatusIcon } from '../../../ui/status-icon';
import { sortLabelKeys } from '../health-pipeline';
import type { CheckView } from '../../../entities/check/check-view';

/** The dialog title: status shape + text, the check's icon and its name. */
export function CheckDialogTitle({ check }: { check: CheckView | undefined }) {
  if (!check) return <span>Check</span>;
  const status = check.status ?? 'unknown';
  return (
    <span className="flex min-w-0 items-center gap-2">
      <StatusIcon status={status} label={status} size={16} />
      <span
        className="inline-flex size-7 shrink-0 items-center justify-center rounded-md bg-surface-sunken text-fg-muted"
        title={check.icon ?? check.type}
        aria-hidden="true"
      >
        <HealthIcon size={16} />
      </span>
      <span className="truncate" title={check.name}>
        {check.name}
      </span>
      {check.type ? <Badge>{check.type}</Badge> : null}
    </span>
  );
}

export function CheckDialogHeader({ check }: { check: CheckView }) {
  const labels = sortLabelKeys(Object.keys(check.labels)).flatMap((key) => {
    const value = check.labels[key];
    return typeof value === 'string' ? [[key, value] as const] : [];
  });
  return (
    <div className="flex flex-col gap-2">
      <dl className="m-0 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <div className="flex min-w-0 items-center gap-1.5">
          <dt className="text-fg-muted">Namespace</dt>
          <dd className="m-0 truncate text-fg">{check.namespace ?? '-'}</dd>
        </div>
        {check.endpoint ? (
          <div className="flex min-w-0 items-center gap-1.5">
            <dt className="text-fg-muted">Endpoint</dt>
            <dd className="m-0 truncate font-mono text-xs text-fg" title={check.endpoint}>
              {check.endpoint}
            </dd>
          </div>
        ) : null}
        {check.agentName || check.agentId ? (
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Agent</dt>
            <dd className="m-0">
              <Badge tone="primary" title={check.agentId}>
                Agent: {check.agentName ?? check.agentId}
              </Badge>
            </dd>
          </div>
        ) : null}
        {check.description && check.description !== check.name ? (
          <div className="flex min-w-0 items-center gap-1.5">
            <dt className="sr-only">Description</dt>
            <dd className="m-0 truncate text-fg-muted">{check.description}</dd>
          </div>
        ) : null}
      </dl>
      {labels.length > 0 ? (
        <ul aria-label="Labels" className="m-0 flex list-none flex-wrap gap-1.5 p-0">
          {labels.map(([key, value]) => (
            <li key={key}>
              <Badge title={`${key}: ${value}`}>
                {value === 'true' ? key : `${key}: ${value}`}
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
