/**
 * The config detail's right sidebar (spec doc 2 §2, §4 "Config health"): status as a badge (a
 * deleted config shows Deleted with its time and the label reads 'Last status'), type, class,
 * external ids, times with 'Last scraped' (a warning once it is an hour old, not for deleted
 * configs), labels, tags, properties (6 before 'show more ...'), cost, agent, scraper and
 * description.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DetailRow, KeyValueChips } from '../../../ui/detail-list';
import { Link } from 'wouter';
import { useApiClient } from '../../../api/api-context';
import type { ConfigDetail } from '../../../api/catalog';
import { catalogConfigQueries } from '../../../api/catalog-config';
import {
  formatPropertyValue,
  propertyHref,
  propertyLabel,
} from '../../../entities/topology-card/topology-card-format';
import { ComponentIcon } from '../../../entities/topology-card/component-icon';
import { cx } from '../../../lib/class-names';
import { AlertCircleIcon, ExternalLinkIcon } from '../../../ui/icons';
import { StatusIcon } from '../../../ui/status-icon';
import { catalogPaths } from '../catalog-paths';
import { costDeviation, formatCost, isConfigStale } from '../catalog-params';
import { RelativeTime } from '../../../ui/relative-time';

/** "Sidebar properties show 6 items … before 'show more ...'" (spec doc 2 §9). */
export const SIDEBAR_PROPERTIES_SHOWN = 6;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2 border-t border-border px-4 py-3 first:border-t-0">
      <h2 className="text-xs font-semibold tracking-wide text-fg-muted uppercase">{title}</h2>
      {children}
    </section>
  );
}

function StatusBadge({ config }: { config: ConfigDetail }) {
  const label = config.status ?? config.health ?? 'Unknown';
  return (
    <StatusIcon
      status={config.health ?? 'unknown'}
      label={label}
      showLabel
      className="rounded-full border border-border bg-surface-sunken px-2 py-0.5 text-xs font-medium"
    />
  );
}

function Properties({ config }: { config: ConfigDetail }) {
  const [expanded, setExpanded] = useState(false);
  const properties = (config.properties ?? []).filter(
    (property) => (property.type ?? '').toLowerCase() !== 'hidden',
  );
  if (properties.length === 0) return null;
  const shown = expanded ? properties : properties.slice(0, SIDEBAR_PROPERTIES_SHOWN);
  return (
    <Section title="Properties">
      <dl className={cx('flex flex-col gap-1.5', expanded && 'max-h-[200px] overflow-y-auto')}>
        {shown.map((property, index) => {
          const href = propertyHref(property);
          const value = formatPropertyValue(property);
          return (
            <DetailRow key={`${property.name ?? ''}-${index}`} label={propertyLabel(property)}>
              {href ? (
                <a
                  href={href}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="inline-flex items-center gap-1 text-link hover:underline"
                >
                  {property.type === 'url' ? href : value}
                  <ExternalLinkIcon size={12} />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              ) : (
                value
              )}
            </DetailRow>
          );
        })}
      </dl>
      {properties.length > SIDEBAR_PROPERTIES_SHOWN ? (
        <button
          type="button"
          onClick={() => setExpanded((value) => !value)}
          className="self-start text-sm text-link hover:underline focus-visible:outline-2 focus-visible:outline-primary"
          aria-expanded={expanded}
        >
          {expanded ? 'show less' : 'show more ...'}
        </button>
      ) : null}
    </Section>
  );
}

function Cost({ config }: { config: ConfigDetail }) {
  const windows = [
    ['1d', config.cost_total_1d],
    ['7d', config.cost_total_7d],
    ['30d', config.cost_total_30d],
  ] as const;
  if (windows.every(([, value]) => !value)) return null;
  const deviation = costDeviation(config.cost_total_1d, config.cost_total_30d);
  return (
    <Section title="Cost">
      <dl className="grid grid-cols-3 gap-2 text-center">
        {windows.map(([window, value]) => (
          <div
            key={window}
            className="rounded-md border border-border bg-surface-sunken px-2 py-1.5"
          >
            <dt className="text-xs text-fg-muted">{window}</dt>
            <dd className="text-sm font-semibold text-fg tabular-nums">
              {formatCost(value) || '-'}
            </dd>
          </div>
        ))}
      </dl>
      {deviation ? (
        <p
          className={cx(
            'self-start rounded px-1.5 py-0.5 text-xs font-medium',
            deviation.direction === 'up'
              ? 'bg-unhealthy-soft text-unhealthy'
              : 'bg-healthy-soft text-healthy',
          )}
        >
          {deviation.direction === 'up' ? '▲' : '▼'} {Math.abs(deviation.percent)}%{' '}
          {deviation.direction === 'up' ? 'above' : 'below'} the 30-day daily average
        </p>
      ) : null}
    </Section>
  );
}

function AgentName({ id }: { id: string }) {
  const client = useApiClient();
  const query = useQuery(catalogConfigQueries.agent(client, id));
  if (query.isPending) return <span className="text-fg-subtle">…</span>;
  return <span>{query.data?.name ?? id}</span>;
}

export function ConfigSidebar({ config, now }: { config: ConfigDetail; now?: number }) {
  // The time the page was shown: staleness is judged once, not on every render.
  const [shownAt] = useState(() => now ?? Date.now());
  const deleted = Boolean(config.deleted_at);
  const stale = isConfigStale(config, new Date(shownAt));
  const externalIds = (config.external_id ?? []).filter((value) => value !== '');
  return (
    <div className="flex flex-col">
      <Section title="Details">
        <dl className="flex flex-col gap-1.5">
          {deleted ? (
            <DetailRow label="Deleted">
              <span className="inline-flex flex-wrap items-center gap-2">
                <StatusIcon
                  tone="unknown"
                  label="Deleted"
                  showLabel
                  className="rounded-full border border-border bg-surface-sunken px-2 py-0.5 text-xs font-medium"
                />
                <RelativeTime value={config.deleted_at} />
              </span>
            </DetailRow>
          ) : null}
          <DetailRow label={deleted ? 'Last status' : 'Status'}>
            {config.status || config.health ? <StatusBadge config={config} /> : '-'}
          </DetailRow>
          <DetailRow label="Type">
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <ComponentIcon icon={config.type} size={14} className="shrink-0 text-fg-muted" />
              <Link
                href={catalogPaths.type(config.type)}
                className="truncate text-link hover:underline"
              >
                {config.type}
              </Link>
            </span>
          </DetailRow>
          <DetailRow label="Class">{config.config_class || '-'}</DetailRow>
          <DetailRow label="External ID">
            {externalIds.length === 0 ? (
              '-'
            ) : (
              <ul className="flex flex-col gap-0.5 font-mono text-xs">
                {externalIds.map((value) => (
                  <li key={value} className="break-all">
                    {value}
                  </li>
                ))}
              </ul>
            )}
          </DetailRow>
          <DetailRow label="Created">
            <RelativeTime value={config.created_at} />
          </DetailRow>
          <DetailRow label="Updated">
            <RelativeTime value={config.updated_at} />
          </DetailRow>
          <DetailRow label="Last scraped">
            <span
              className={cx('inline-flex flex-wrap items-center gap-1', stale && 'text-warning')}
            >
              {stale ? <AlertCircleIcon size={14} /> : null}
              <RelativeTime value={config.last_scraped_time} />
              {stale ? <span className="font-medium">(over 1 hour ago)</span> : null}
            </span>
          </DetailRow>
          {config.agent_id ? (
            <DetailRow label="Agent">
              <AgentName id={config.agent_id} />
            </DetailRow>
          ) : null}
          {config.config_scrapers ? (
            <DetailRow label="Scraper">
              <Link
                href={catalogPaths.scraper(config.config_scrapers.id)}
                className="text-link hover:underline"
              >
                {config.config_scrapers.name}
              </Link>
            </DetailRow>
          ) : null}
          {config.source ? <DetailRow label="Source">{config.source}</DetailRow> : null}
        </dl>
        {config.description ? (
          <p className="mt-1 text-sm whitespace-pre-wrap text-fg-muted">{config.description}</p>
        ) : null}
      </Section>
      <Section title="Labels">
        <KeyValueChips
          values={config.labels}
          empty={<p className="text-sm text-fg-subtle">None</p>}
        />
      </Section>
      <Section title="Tags">
        <KeyValueChips
          values={config.tags}
          empty={<p className="text-sm text-fg-subtle">None</p>}
        />
      </Section>
      <Properties config={config} />
      <Cost config={config} />
    </div>
  );
}
