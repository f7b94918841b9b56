/**
 * One evidence drawn with its content, by type (spec doc 2 §3, §5): a health check (name, status,
 * link), a topology component (name, health), a config (the selected lines with 3 lines of
 * context, numbered, the selection highlighted), a config change (type, summary, time), an insight
 * (analyzer, message as text), log lines (as text: markup and escapes never reach the DOM) and a
 * comment. What it points at is read through batched lookups (`src/api/hypotheses.ts`), so a tree
 * of hundreds of evidences asks once per relation. `EvidenceSummary` is the one-line form.
 */
import { useQuery } from '@tanstack/react-query';
import { memo, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useApiClient } from '../../api/api-context';
import {
  hypothesisQueries,
  type EvidenceConfig,
  type EvidenceSubjectRelation,
} from '../../api/hypotheses';
import type { EvidenceDetail } from '../../api/incident-model';
import { cx } from '../../lib/class-names';
import { Badge, type BadgeTone } from '../../ui/badge';
import { RelativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import { healthTone, StatusIcon } from '../../ui/status-icon';
import { onDemand, useOnDemand } from '../../ui/use-on-demand';
import { YAML_MODULE } from '../../ui/use-yaml-text';
import {
  configExcerpt,
  evidenceConfigLines,
  evidenceLogLines,
  evidenceTypeLabel,
  parseSelectedLines,
  selectedIndexes,
  storedLinesCover,
  type ExcerptRow,
} from './evidence-content';

// Log messages to text (ANSI escapes and inline HTML removed): only insights and log lines need
// it, so it comes with them rather than with every page that shows evidence (issue 18).
const LOG_MESSAGE = onDemand(() => import('../../lib/log-message'));

/** Where an evidence's subject links to; the console passes its path builders. */
export interface EvidenceHrefs {
  check: (id: string) => string;
  component: (id: string) => string;
  config: (id: string) => string;
}

const DEFAULT_HREFS: EvidenceHrefs = {
  check: (id) => `/health?checkId=${encodeURIComponent(id)}`,
  component: (id) => `/topology/${encodeURIComponent(id)}`,
  config: (id) => `/catalog/${encodeURIComponent(id)}`,
};

/** Log evidence shows this many lines before 'Show all'. */
const LOG_LINES_SHOWN = 10;

function useSubject<R extends EvidenceSubjectRelation>(relation: R, id: string | null | undefined) {
  const client = useApiClient();
  return useQuery({
    ...hypothesisQueries.subject(client, relation, id ?? ''),
    enabled: Boolean(id),
  });
}

function SubjectLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="font-medium break-all text-link underline-offset-2 hover:underline"
    >
      {children}
    </Link>
  );
}

function Missing({ what }: { what: string }) {
  return <p className="text-sm text-fg-subtle italic">{what} no longer exists</p>;
}

function Loading() {
  return (
    <span className="inline-flex items-center gap-2 text-sm text-fg-muted">
      <Spinner size={12} label="Loading evidence" /> Loading…
    </span>
  );
}

function statusBadgeTone(status: string | null | undefined): BadgeTone {
  if (!status) return 'unknown';
  return healthTone({ status });
}

function CheckEvidence({ evidence, hrefs }: { evidence: EvidenceDetail; hrefs: EvidenceHrefs }) {
  const { data, isPending } = useSubject('checks', evidence.check_id);
  if (!evidence.check_id) return null;
  if (isPending) return <Loading />;
  if (!data) return <Missing what="The check" />;
  const status = data.status ?? 'unknown';
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <StatusIcon status={status} />
      <SubjectLink href={hrefs.check(data.id)}>{data.name ?? data.id}</SubjectLink>
      <Badge tone={statusBadgeTone(status)} className="capitalize">
        {status}
      </Badge>
      {data.type ? <span className="text-xs text-fg-subtle">{data.type}</span> : null}
    </div>
  );
}

function TopologyEvidence({ evidence, hrefs }: { evidence: EvidenceDetail; hrefs: EvidenceHrefs }) {
  const { data, isPending } = useSubject('components', evidence.component_id);
  if (!evidence.component_id) return null;
  if (isPending) return <Loading />;
  if (!data) return <Missing what="The component" />;
  const health = data.health ?? data.status ?? 'unknown';
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <StatusIcon status={health} />
      <SubjectLink href={hrefs.component(data.id)}>{data.name ?? data.id}</SubjectLink>
      <Badge tone={statusBadgeTone(health)} className="capitalize">
        {health}
      </Badge>
      {data.type ? <span className="text-xs text-fg-subtle">{data.type}</span> : null}
    </div>
  );
}

/**
 * The config's content as lines, in the format whose lines hold the selected text; `yaml` when
 * the JSON lines do not hold it and the YAML form is to be tried (undefined until it is here).
 */
function configContentLines(
  config: EvidenceConfig,
  wanted: readonly string[],
  toYaml: ((value: unknown) => string) | undefined,
): { lines: string[]; needsYaml: boolean } {
  const body = config.config;
  if (body === undefined || body === null) return { lines: [], needsYaml: false };
  if (typeof body === 'string') return { lines: body.split(/\r?\n/), needsYaml: false };
  const json = JSON.stringify(body, null, 2).split('\n');
  if (wanted.length === 0 || wanted.some((text) => json.includes(text))) {
    return { lines: json, needsYaml: false };
  }
  if (!toYaml) return { lines: [], needsYaml: true };
  const yaml = toYaml(body).replace(/\n$/, '').split('\n');
  return { lines: wanted.some((text) => yaml.includes(text)) ? yaml : json, needsYaml: true };
}

function ExcerptTable({ rows, label }: { rows: ExcerptRow[]; label: string }) {
  const width = rows.reduce(
    (max, row) => (row.kind === 'line' ? Math.max(max, row.number) : max),
    0,
  );
  const digits = String(width).length;
  return (
    <div
      role="group"
      aria-label={label}
      className="overflow-x-auto rounded-md border border-border bg-surface-sunken font-mono text-xs leading-5"
    >
      {rows.map((row, index) =>
        row.kind === 'gap' ? (
          <div key={`gap-${index}`} className="px-2 text-fg-subtle select-none">
            ⋯ {row.hidden} hidden {row.hidden === 1 ? 'line' : 'lines'}
          </div>
        ) : (
          <div
            key={row.number}
            data-line={row.number}
            data-selected={row.selected || undefined}
            className={cx(
              'flex whitespace-pre',
              row.selected && 'bg-warning-soft font-semibold text-fg',
            )}
          >
            <span
              className="shrink-0 border-r border-border px-2 text-right text-fg-subtle select-none"
              style={{ minWidth: `${digits + 2}ch` }}
            >
              {row.number}
            </span>
            <span className="px-2">{row.text || ' '}</span>
          </div>
        ),
      )}
    </div>
  );
}

function ConfigEvidence({ evidence, hrefs }: { evidence: EvidenceDetail; hrefs: EvidenceHrefs }) {
  const stored = useMemo(() => evidenceConfigLines(evidence.evidence), [evidence.evidence]);
  const selected = useMemo(
    () => parseSelectedLines(evidence.evidence?.selected_lines),
    [evidence.evidence],
  );
  // Stored lines that hold the selection at its line numbers are drawn as they were; otherwise
  // (no lines, or only the selected ones) the config itself is read for the context around them.
  const useStored = stored !== undefined && storedLinesCover(stored, selected);
  const client = useApiClient();
  const ref = useSubject('configs', evidence.config_id);
  const content = useQuery({
    ...hypothesisQueries.subject(client, 'config_detail', evidence.config_id ?? ''),
    enabled: Boolean(evidence.config_id) && !useStored,
  });
  // The YAML package loads only when a selection was made in the YAML form of a config.
  const [yamlWanted, setYamlWanted] = useState(false);
  const yaml = useOnDemand(YAML_MODULE, yamlWanted);
  const { lines, needsYaml } = useMemo(() => {
    if (useStored) return { lines: stored, needsYaml: false };
    const wanted = selected.map((s) => s.text).filter((t): t is string => t !== undefined);
    const fetched = content.data
      ? configContentLines(content.data, wanted, yaml?.toYaml)
      : { lines: [], needsYaml: false };
    return {
      lines: fetched.lines.length > 0 ? fetched.lines : (stored ?? []),
      needsYaml: fetched.needsYaml,
    };
  }, [useStored, stored, content.data, selected, yaml]);
  if (needsYaml && !yamlWanted) setYamlWanted(true);
  const rows = useMemo(
    () => configExcerpt(lines, selectedIndexes(lines, selected)),
    [lines, selected],
  );
  const configName =
    (typeof evidence.evidence?.configName === 'string' ? evidence.evidence.configName : null) ??
    ref.data?.name ??
    content.data?.name ??
    evidence.config_id;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      {evidence.config_id ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <SubjectLink href={hrefs.config(evidence.config_id)}>{configName}</SubjectLink>
          {ref.data?.type ? <span className="text-xs text-fg-subtle">{ref.data.type}</span> : null}
        </div>
      ) : null}
      {!useStored && (content.isPending || (needsYaml && !yaml)) && evidence.config_id ? (
        <Loading />
      ) : rows.length > 0 ? (
        <ExcerptTable rows={rows} label={`Selected lines of ${configName ?? 'the config'}`} />
      ) : (
        <p className="text-sm text-fg-subtle">No config content</p>
      )}
    </div>
  );
}

function ChangeEvidence({ evidence, hrefs }: { evidence: EvidenceDetail; hrefs: EvidenceHrefs }) {
  const { data, isPending } = useSubject('config_changes', evidence.config_change_id);
  if (!evidence.config_change_id) return null;
  if (isPending) return <Loading />;
  if (!data) return <Missing what="The change" />;
  const configId = data.config?.id ?? data.config_id ?? evidence.config_id;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="primary">{data.change_type ?? 'Change'}</Badge>
        {configId ? (
          <SubjectLink href={hrefs.config(configId)}>{data.config?.name ?? configId}</SubjectLink>
        ) : null}
        <RelativeTime value={data.created_at} className="text-xs text-fg-muted" />
      </div>
      {data.summary ? <p className="break-words text-fg-muted">{data.summary}</p> : null}
    </div>
  );
}

function AnalysisEvidence({ evidence, hrefs }: { evidence: EvidenceDetail; hrefs: EvidenceHrefs }) {
  const { data, isPending } = useSubject('config_analysis', evidence.config_analysis_id);
  const logMessage = useOnDemand(LOG_MESSAGE, Boolean(data?.message));
  const message = useMemo(
    () => (data?.message && logMessage ? logMessage.logMessageText(data.message) : ''),
    [data, logMessage],
  );
  if (!evidence.config_analysis_id) return null;
  if (isPending || (data?.message && !logMessage)) return <Loading />;
  if (!data) return <Missing what="The insight" />;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="warning">{data.analyzer ?? 'Insight'}</Badge>
        {data.config ? (
          <SubjectLink href={hrefs.config(data.config.id)}>
            {data.config.name ?? data.config.id}
          </SubjectLink>
        ) : null}
      </div>
      {message ? <p className="break-words whitespace-pre-wrap text-fg-muted">{message}</p> : null}
    </div>
  );
}

function LogEvidence({ evidence }: { evidence: EvidenceDetail }) {
  const lines = useMemo(() => evidenceLogLines(evidence.evidence), [evidence.evidence]);
  const [all, setAll] = useState(false);
  const logMessage = useOnDemand(LOG_MESSAGE, lines.length > 0);
  if (lines.length === 0) return <p className="text-sm text-fg-subtle">No log lines</p>;
  if (!logMessage) return <Loading />;
  const shown = all ? lines : lines.slice(0, LOG_LINES_SHOWN);
  return (
    <div className="flex flex-col gap-1">
      <ol
        aria-label="Log lines"
        className="m-0 overflow-x-auto rounded-md border border-border bg-surface-sunken p-0 font-mono text-xs leading-5"
      >
        {shown.map((line, index) => (
          <li key={index} className="flex list-none gap-3 px-2 whitespace-pre-wrap">
            {line.timestamp ? (
              <span className="shrink-0 text-fg-subtle">{line.timestamp}</span>
            ) : null}
            <span className="min-w-0 break-all">{logMessage.logMessageText(line.message)}</span>
          </li>
        ))}
      </ol>
      {lines.length > LOG_LINES_SHOWN ? (
        <button
          type="button"
          onClick={() => setAll((value) => !value)}
          className="self-start text-xs text-link hover:underline"
        >
          {all ? 'Show fewer lines' : `Show all ${lines.length} lines`}
        </button>
      ) : null}
    </div>
  );
}

function CommentEvidence({ evidence }: { evidence: EvidenceDetail }) {
  const text =
    typeof evidence.evidence?.comment === 'string' ? evidence.evidence.comment : undefined;
  if (!text || text === evidence.description) return null;
  return <p className="text-sm break-words whitespace-pre-wrap text-fg-muted">{text}</p>;
}

/** The content of an evidence by its type (no header). */
export const EvidenceContent = memo(function EvidenceContent({
  evidence,
  hrefs = DEFAULT_HREFS,
}: {
  evidence: EvidenceDetail;
  hrefs?: EvidenceHrefs;
}) {
  switch (evidence.type) {
    case 'check':
      return <CheckEvidence evidence={evidence} hrefs={hrefs} />;
    case 'topology':
      return <TopologyEvidence evidence={evidence} hrefs={hrefs} />;
    case 'config':
      return <ConfigEvidence evidence={evidence} hrefs={hrefs} />;
    case 'config_change':
      return <ChangeEvidence evidence={evidence} hrefs={hrefs} />;
    case 'config_analysis':
      return <AnalysisEvidence evidence={evidence} hrefs={hrefs} />;
    case 'log':
      return <LogEvidence evidence={evidence} />;
    case 'comment':
      return <CommentEvidence evidence={evidence} />;
    default:
      return null;
  }
});

export interface EvidenceViewProps {
  evidence: EvidenceDetail;
  /** Buttons at the header's end (delete, definition of done…). */
  actions?: ReactNode;
  hrefs?: EvidenceHrefs;
  className?: string;
}

/** An evidence with its header (type, description, author, time) and its content. */
export const EvidenceView = memo(function EvidenceView({
  evidence,
  actions,
  hrefs,
  className,
}: EvidenceViewProps) {
  return (
    <article
      data-evidence-id={evidence.id}
      data-evidence-type={evidence.type}
      aria-label={`${evidenceTypeLabel(evidence.type)} evidence: ${evidence.description ?? ''}`}
      className={cx('flex min-w-0 flex-col gap-2', className)}
    >
      <header className="flex min-w-0 flex-wrap items-start gap-2">
        <Badge tone="neutral">{evidenceTypeLabel(evidence.type)}</Badge>
        <span className="min-w-0 flex-1 text-sm font-medium break-words text-fg">
          {evidence.description || '(no description)'}
        </span>
        {evidence.definition_of_done ? (
          <Badge tone={evidence.done ? 'healthy' : 'primary'}>
            {evidence.done ? 'Done' : 'Definition of done'}
          </Badge>
        ) : null}
        {actions ? <span className="flex shrink-0 items-center gap-1">{actions}</span> : null}
      </header>
      <EvidenceContent evidence={evidence} hrefs={hrefs} />
      {evidence.created_by?.name || evidence.created_at ? (
        <p className="text-xs text-fg-subtle">
          {evidence.created_by?.name ? `Added by ${evidence.created_by.name} ` : 'Added '}
          <RelativeTime value={evidence.created_at} />
        </p>
      ) : null}
    </article>
  );
});

/** One line: the type, the description and (for links) the subject's name. */
export function EvidenceSummary({
  evidence,
  className,
}: {
  evidence: EvidenceDetail;
  className?: string;
}) {
  return (
    <span
      data-evidence-id={evidence.id}
      className={cx('inline-flex min-w-0 items-center gap-2 text-sm', className)}
    >
      <Badge tone="neutral" className="shrink-0">
        {evidenceTypeLabel(evidence.type)}
      </Badge>
      <span className="min-w-0 truncate" title={evidence.description ?? undefined}>
        {evidence.description || '(no description)'}
      </span>
    </span>
  );
}
