/**
 * The insight detail modal (spec doc 2 §2 "a row opens a detail", §9 "Insight message truncated
 * to 500 characters"): the config, analyzer, type, severity, status, source, first and last
 * observed, the message and the analysis as JSON. The open insight lives in the URL
 * (`insightId`); Escape or Close closes it and focus returns to the row's button. 'Attach as
 * Evidence' (write on incident, incidents enabled) links the insight to an incident as a
 * config_analysis evidence.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useApiClient } from '../../../api/api-context';
import type { ConfigInsight, ConfigInsightDetail } from '../../../api/catalog';
import { catalogInsightQueries } from '../../../api/catalog-insights';
import { errorMessage } from '../../../api/client';
import { AttachEvidenceButton } from '../../../entities/evidence/attach-evidence-button';
import { useEvidenceAuthor } from '../../../entities/evidence/attach-evidence';
import { Dialog } from '../../../ui/dialog';
import { Spinner } from '../../../ui/spinner';
import { INSIGHT_MESSAGE_MAX_LENGTH, truncateInsightMessage } from '../catalog-params';
import { ConfigLink } from '../changes/catalog-cells';
import { JsonBlock } from '../changes/json-block';
import { SeverityLabel } from '../changes/severity-label';
import { insightTypeLabel } from './insights-params';
import { InsightStatusLabel } from './insight-status';
import { RelativeTime } from '../../../ui/relative-time';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs font-medium text-fg-muted">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-fg">{children}</dd>
    </div>
  );
}

function orDash(value: string | null | undefined): ReactNode {
  return value ? value : <span className="text-fg-subtle">—</span>;
}

export interface InsightDetailDialogProps {
  insightId: string;
  /** The row it was opened from, shown while the insight loads. */
  initial?: ConfigInsight | ConfigInsightDetail;
  onClose: () => void;
}

export function InsightDetailDialog({ insightId, initial, onClose }: InsightDetailDialogProps) {
  const client = useApiClient();
  const query = useQuery(catalogInsightQueries.insight(client, insightId));
  const insight: Partial<ConfigInsightDetail> | undefined = query.data ?? initial;
  const message = query.data?.message ?? (initial as ConfigInsightDetail | undefined)?.message;
  const cut = (message ?? '').length > INSIGHT_MESSAGE_MAX_LENGTH;
  const author = useEvidenceAuthor();
  const configId = insight?.config?.id;
  const insightName = `${insight?.analyzer || 'insight'}${insight?.config?.name ? ` of ${insight.config.name}` : ''}`;

  let body: ReactNode;
  if (query.isPending && !initial) {
    body = <Spinner label="Loading insight" />;
  } else if (query.isError) {
    body = (
      <p role="alert" className="text-sm text-unhealthy">
        {errorMessage(query.error)}
      </p>
    );
  } else if (query.isSuccess && query.data === null) {
    body = <p className="text-sm text-fg-muted">Insight not found</p>;
  } else {
    const config = insight?.config;
    body = (
      <div className="flex flex-col gap-5">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
          <div className="col-span-2 flex min-w-0 flex-col gap-0.5">
            <dt className="text-xs font-medium text-fg-muted">Config</dt>
            <dd className="min-w-0 text-sm">
              {config ? (
                <ConfigLink id={config.id} name={config.name} type={config.type} />
              ) : (
                <span className="text-fg-subtle">—</span>
              )}
            </dd>
          </div>
          <Field label="Analyzer">{orDash(insight?.analyzer)}</Field>
          <Field label="Type">{orDash(insightTypeLabel(insight?.analysis_type))}</Field>
          <Field label="Severity">
            <SeverityLabel severity={insight?.severity} />
          </Field>
          <Field label="Status">
            <InsightStatusLabel status={insight?.status} />
          </Field>
          <Field label="First observed">
            <RelativeTime value={insight?.first_observed} />
          </Field>
          <Field label="Last observed">
            <RelativeTime value={insight?.last_observed} />
          </Field>
          <Field label="Source">{orDash(query.data?.source)}</Field>
        </dl>
        <section className="flex flex-col gap-1.5" aria-label="Message">
          <h3 className="text-xs font-semibold tracking-wide text-fg-muted uppercase">Message</h3>
          {query.isPending && !message ? (
            <Spinner label="Loading message" />
          ) : (
            <p className="text-sm break-words whitespace-pre-wrap text-fg">
              {message ? truncateInsightMessage(message) : ''}
              {cut ? (
                <span className="text-fg-muted">
                  {'… '}
                  <span className="text-xs">(cut at {INSIGHT_MESSAGE_MAX_LENGTH} characters)</span>
                </span>
              ) : null}
              {message ? null : <span className="text-fg-muted">No message</span>}
            </p>
          )}
        </section>
        {query.isPending ? null : (
          <JsonBlock label="Analysis" value={query.data?.analysis} emptyText="No analysis" />
        )}
      </div>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      footer={
        author && configId ? (
          <AttachEvidenceButton
            subject={`the ${insightName}`}
            defaultDescription={(message?.trim() || insightName).slice(0, 500)}
            evidence={{
              type: 'config_analysis',
              config_analysis_id: insightId,
              config_id: configId,
            }}
          />
        ) : undefined
      }
      title={
        <span className="flex flex-wrap items-baseline gap-x-2">
          <span>{insight?.analyzer || 'Insight'}</span>
          {insight?.config?.name ? (
            <span className="font-normal text-fg-muted">· {insight.config.name}</span>
          ) : null}
        </span>
      }
    >
      {body}
    </Dialog>
  );
}
