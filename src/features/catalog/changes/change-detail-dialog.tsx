/**
 * The change detail modal (spec doc 2 §2, §7 "GET /config_changes by config_id and id"): the
 * config, type, severity, source, times, count, author and summary, the diff (unified or side by
 * side), the details and the patches. The open change lives in the URL (`changeId`), so a link
 * reopens it; Escape or Close closes it and focus returns to the row's button. 'Attach as
 * Evidence' (write on incident, incidents enabled) links the change to an incident as a
 * config_change evidence.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useApiClient } from '../../../api/api-context';
import type { CatalogChange } from '../../../api/catalog';
import { catalogChangeQueries } from '../../../api/catalog-changes';
import { errorMessage } from '../../../api/client';
import { AttachEvidenceButton } from '../../../entities/evidence/attach-evidence-button';
import { useEvidenceAuthor } from '../../../entities/evidence/attach-evidence';
import { DiffView } from '../../../ui/code-view';
import { Dialog } from '../../../ui/dialog';
import { Spinner } from '../../../ui/spinner';
import { ConfigLink } from './catalog-cells';
import { JsonBlock } from './json-block';
import { SeverityLabel } from './severity-label';
import { RelativeTime } from '../../../ui/relative-time';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs font-medium text-fg-muted">{label}</dt>
      <dd className="min-w-0 text-sm text-fg">{children}</dd>
    </div>
  );
}

function Plain({ value }: { value: string | number | null | undefined }) {
  if (value === null || value === undefined || value === '') {
    return <span className="text-fg-subtle">—</span>;
  }
  return <span className="break-words">{value}</span>;
}

export interface ChangeDetailDialogProps {
  changeId: string;
  /** The row the change was opened from, shown while the full change loads. */
  initial?: CatalogChange;
  /** Names of people by id (the list's lookup), for `created_by`. */
  people?: Readonly<Record<string, string>>;
  onClose: () => void;
}

export function ChangeDetailDialog({
  changeId,
  initial,
  people,
  onClose,
}: ChangeDetailDialogProps) {
  const client = useApiClient();
  const query = useQuery(catalogChangeQueries.change(client, changeId, initial?.config_id));
  const change = query.data;
  const configId = change?.config_id ?? initial?.config_id;
  const configName = change?.config?.name ?? initial?.name;
  const configType = change?.config?.type ?? initial?.type;
  const changeType = change?.change_type ?? initial?.change_type;
  const createdById = change?.created_by ?? initial?.created_by;
  const createdBy =
    change?.external_created_by ??
    initial?.external_created_by ??
    (createdById ? (people?.[createdById] ?? createdById) : undefined);
  const summary = change?.summary ?? initial?.summary;
  const author = useEvidenceAuthor();
  const changeLabel = `the ${changeType || 'change'}${configName ? ` of ${configName}` : ''}`;

  let body: ReactNode;
  if (query.isPending && !initial) {
    body = <Spinner label="Loading change" />;
  } else if (query.isError) {
    body = (
      <p role="alert" className="text-sm text-unhealthy">
        {errorMessage(query.error)}
      </p>
    );
  } else if (query.isSuccess && change === null) {
    body = <p className="text-sm text-fg-muted">Change not found</p>;
  } else {
    body = (
      <div className="flex flex-col gap-5">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
          <div className="col-span-2 flex min-w-0 flex-col gap-0.5">
            <dt className="text-xs font-medium text-fg-muted">Config</dt>
            <dd className="min-w-0 text-sm">
              {configId ? <ConfigLink id={configId} name={configName} type={configType} /> : '—'}
            </dd>
          </div>
          <Field label="Change type">
            <Plain value={changeType} />
          </Field>
          <Field label="Severity">
            <SeverityLabel severity={change?.severity ?? initial?.severity} />
          </Field>
          <Field label="Source">
            <Plain value={change?.source ?? initial?.source} />
          </Field>
          <Field label="Created">
            <RelativeTime value={change?.created_at ?? initial?.created_at} />
          </Field>
          <Field label="First observed">
            <RelativeTime value={change?.first_observed ?? initial?.first_observed} />
          </Field>
          <Field label="Count">
            <Plain value={change?.count ?? initial?.count} />
          </Field>
          <Field label="Created by">
            <Plain value={createdBy} />
          </Field>
        </dl>
        <section className="flex flex-col gap-1.5" aria-label="Summary">
          <h3 className="text-xs font-semibold tracking-wide text-fg-muted uppercase">Summary</h3>
          <p className="text-sm break-words whitespace-pre-wrap text-fg">
            {summary || <span className="text-fg-muted">No summary</span>}
          </p>
        </section>
        {query.isPending ? (
          <Spinner label="Loading diff and details" />
        ) : (
          <>
            <section className="flex flex-col gap-1.5" aria-label="Diff">
              <h3 className="text-xs font-semibold tracking-wide text-fg-muted uppercase">Diff</h3>
              {change?.diff ? (
                <DiffView
                  diff={change.diff}
                  label={`Diff of ${configName ?? 'the config'}`}
                  defaultMode="split"
                />
              ) : (
                <p className="text-sm text-fg-muted">This change has no diff.</p>
              )}
            </section>
            <JsonBlock label="Details" value={change?.details} emptyText="No details" />
            <JsonBlock label="Patches" value={change?.patches} emptyText="No patches" />
          </>
        )}
      </div>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      size="xl"
      footer={
        author && configId ? (
          <AttachEvidenceButton
            subject={changeLabel}
            defaultDescription={(
              summary?.trim() || `${changeType || 'Change'} of ${configName ?? 'the config'}`
            ).slice(0, 500)}
            evidence={{ type: 'config_change', config_change_id: changeId, config_id: configId }}
          />
        ) : undefined
      }
      title={
        <span className="flex flex-wrap items-baseline gap-x-2">
          <span>{changeType || 'Change'}</span>
          {configName ? <span className="font-normal text-fg-muted">· {configName}</span> : null}
        </span>
      }
    >
      {body}
    </Dialog>
  );
}
