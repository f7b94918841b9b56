/**
 * Pure rules of the topology card (spec doc 2 §4 "Topology", §9): sizes, the health border, which
 * properties the card shows and how, and the summary row (checks by status, insights and
 * incidents by type with their severities, low merged into medium).
 */
import { formatDuration } from '../../lib/duration';
import type {
  SeverityCounts,
  TopologyComponent,
  TopologyProperty,
  TopologySummary,
} from '../../api/types';

// ---- sizes ----

export const TOPOLOGY_CARD_SIZES = ['small', 'medium', 'large', 'extra_large'] as const;
export type TopologyCardSize = (typeof TOPOLOGY_CARD_SIZES)[number];
export const DEFAULT_TOPOLOGY_CARD_SIZE: TopologyCardSize = 'extra_large';

/** Card widths in px (spec §9). */
export const TOPOLOGY_CARD_WIDTHS: Readonly<Record<TopologyCardSize, number>> = {
  small: 198,
  medium: 258,
  large: 356,
  extra_large: 554,
};

/** Headline properties shown per size; a wider card shows more. */
export const HEADLINE_LIMITS: Readonly<Record<TopologyCardSize, number>> = {
  small: 2,
  medium: 4,
  large: 6,
  extra_large: 8,
};

export function isTopologyCardSize(value: unknown): value is TopologyCardSize {
  return typeof value === 'string' && (TOPOLOGY_CARD_SIZES as readonly string[]).includes(value);
}

/** A size from a URL or attribute value; anything else is the default. */
export function toTopologyCardSize(value: string | null | undefined): TopologyCardSize {
  return isTopologyCardSize(value) ? value : DEFAULT_TOPOLOGY_CARD_SIZE;
}

// ---- health ----

/** What the card shows of a component's health; the border is red or orange for the first two. */
export type ComponentHealth = 'unhealthy' | 'warning' | 'healthy' | 'unknown';

/**
 * The component's health: `health`, else `status` (Mission Control fills one or both). Degraded
 * words count as unhealthy, `info` as healthy; anything unreadable is unknown.
 */
export function componentHealth(
  component: Pick<TopologyComponent, 'health' | 'status'>,
): ComponentHealth {
  const word = (component.health || component.status || '').toLowerCase();
  if (['unhealthy', 'error', 'degraded', 'missing', 'failed'].includes(word)) return 'unhealthy';
  if (word === 'warning') return 'warning';
  if (word === 'healthy' || word === 'info') return 'healthy';
  return 'unknown';
}

export const COMPONENT_HEALTH_LABELS: Readonly<Record<ComponentHealth, string>> = {
  unhealthy: 'Unhealthy',
  warning: 'Warning',
  healthy: 'Healthy',
  unknown: 'Unknown',
};

// ---- properties ----

/** The headline properties in display order (`order`, then as listed), without hidden ones. */
export function headlineProperties(properties: readonly TopologyProperty[] | null | undefined) {
  return (properties ?? [])
    .map((property, index) => ({ property, index }))
    .filter(({ property }) => property.headline === true && property.type !== 'hidden')
    .filter(({ property }) => hasValue(property))
    .sort((a, b) => (a.property.order ?? 0) - (b.property.order ?? 0) || a.index - b.index)
    .map(({ property }) => property);
}

function hasValue(property: TopologyProperty): boolean {
  return isNumber(property.value) || (typeof property.text === 'string' && property.text !== '');
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** The property's label: `label`, else `name`. */
export function propertyLabel(property: TopologyProperty): string {
  return property.label || property.name || '';
}

/** At most two decimals, no trailing zeros, thousands grouped: 1,234.5. */
// One formatter per number of decimals: `toLocaleString` builds a new one on every call, which
// costs milliseconds over a grid of cards.
const FORMATTERS = new Map<number, Intl.NumberFormat>();

function plain(value: number, decimals = 2): string {
  let formatter = FORMATTERS.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals });
    FORMATTERS.set(decimals, formatter);
  }
  return formatter.format(value);
}

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** Bytes in binary units: `512 B`, `1.5 KiB`, `12.3 GiB`. */
export function formatBytes(bytes: number): string {
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const sign = bytes < 0 ? '-' : '';
  return `${sign}${plain(value, value >= 100 || unit === 0 ? 0 : 1)} ${BYTE_UNITS[unit]}`;
}

/** CPU in millicores: `250m` below a core, `1.5 cores` from one. */
export function formatMillicores(millicores: number): string {
  if (Math.abs(millicores) < 1000) return `${plain(millicores, 0)}m`;
  const cores = millicores / 1000;
  return `${plain(cores)} ${cores === 1 ? 'core' : 'cores'}`;
}

/**
 * Money (spec §9): two decimals up to 10, whole units above, `k` above 1000: `$8.50`, `$420`,
 * `$1.2k`. USD shows `$`; another currency code follows the number.
 */
export function formatCurrency(amount: number, currency = 'USD'): string {
  const abs = Math.abs(amount);
  let text: string;
  if (abs > 1000) text = `${plain(abs / 1000, 1)}k`;
  else if (abs > 10) text = plain(Math.round(abs), 0);
  else text = abs.toFixed(2);
  const sign = amount < 0 ? '-' : '';
  const code = currency.toUpperCase();
  return code === 'USD' || code === '$' ? `${sign}$${text}` : `${sign}${text} ${code}`;
}

/** Time since an instant, compact: `45s`, `12m`, `5h`, `3d`, `2mo`, `1y`. */
export function formatAge(since: string, now: number = Date.now()): string | undefined {
  const start = Date.parse(since);
  if (Number.isNaN(start)) return undefined;
  const seconds = Math.max(0, Math.round((now - start) / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days}d`;
  if (days < 365) return `${Math.floor(days / 30)}mo`;
  return `${Math.floor(days / 365)}y`;
}

/** A number with its unit, as the card shows it. */
export function formatQuantity(value: number, unit: string | undefined): string {
  switch ((unit ?? '').toLowerCase()) {
    case 'bytes':
    case 'byte':
      return formatBytes(value);
    case 'millicores':
    case 'millicore':
      return formatMillicores(value);
    case 'percent':
    case '%':
      return `${plain(value)}%`;
    case 'milliseconds':
    case 'ms':
      return formatDuration(value);
    case 'seconds':
    case 's':
      return formatDuration(value * 1000);
    case '':
      return plain(value);
    default:
      return `${plain(value)} ${unit ?? ''}`;
  }
}

/** The value of a property for display (`-` when it has none). */
export function formatPropertyValue(property: TopologyProperty, now: number = Date.now()): string {
  const type = (property.type ?? '').toLowerCase();
  if (isNumber(property.value)) {
    if (type === 'currency') return formatCurrency(property.value, property.unit || 'USD');
    return formatQuantity(property.value, property.unit);
  }
  const text = property.text ?? '';
  if (text === '') return '-';
  if (type === 'age') return formatAge(text, now) ?? text;
  return property.unit ? `${text} ${property.unit}` : text;
}

/** Above this share of `max` a value is highlighted red (spec §9). */
export const PROPERTY_ALERT_PERCENT = 70;

/** How full a property is, 0–100, when it has a numeric value and a `max`; else undefined. */
export function propertyPercent(property: TopologyProperty): number | undefined {
  const { value, max } = property;
  if (!isNumber(value) || !isNumber(max)) return undefined;
  const min = isNumber(property.min) ? property.min : 0;
  if (max <= min) return undefined;
  const percent = ((value - min) / (max - min)) * 100;
  return Math.min(100, Math.max(0, percent));
}

export function isPropertyAlert(percent: number | undefined): boolean {
  return percent !== undefined && percent > PROPERTY_ALERT_PERCENT;
}

/** An http(s) link of a property (`url` type: its text; else its first link), or undefined. */
export function propertyHref(property: TopologyProperty): string | undefined {
  const candidates = [
    ...(property.type === 'url' ? [property.text] : []),
    ...(property.links ?? []).map((link) => link.url),
  ];
  for (const candidate of candidates) {
    if (typeof candidate === 'string' && /^https?:\/\//i.test(candidate.trim())) {
      return candidate.trim();
    }
  }
  return undefined;
}

// ---- summary ----

/** Counts over 999 read as rounded thousands with `k+` (spec §9). */
export function formatCount(count: number): string {
  return count > 999 ? `${Math.round(count / 1000)}k+` : String(count);
}

/** One status of the children's health or of the checks. */
export interface StatusCount {
  status: ComponentHealth;
  count: number;
}

const HEALTH_ORDER: readonly ComponentHealth[] = ['unhealthy', 'warning', 'healthy', 'unknown'];

function toHealth(word: string): ComponentHealth {
  return componentHealth({ status: word });
}

/** Status counts, worst first, without zeros (several unknown words are added up). */
export function statusCounts(counts: Readonly<Record<string, number>> | null | undefined) {
  const merged = new Map<ComponentHealth, number>();
  for (const [word, count] of Object.entries(counts ?? {})) {
    if (!isNumber(count) || count <= 0) continue;
    const status = toHealth(word);
    merged.set(status, (merged.get(status) ?? 0) + count);
  }
  return HEALTH_ORDER.flatMap((status): StatusCount[] => {
    const count = merged.get(status);
    return count ? [{ status, count }] : [];
  });
}

/** The children's health counts of a summary (`healthy`, `unhealthy`, `warning`, `info`). */
export function childHealthCounts(summary: TopologySummary | null | undefined): StatusCount[] {
  if (!summary) return [];
  return statusCounts({
    unhealthy: summary.unhealthy ?? 0,
    warning: summary.warning ?? 0,
    healthy: (summary.healthy ?? 0) + (summary.info ?? 0),
  });
}

/** Severities, most severe first; `low` is shown as `medium` (spec §9). */
export const SEVERITY_ORDER = ['critical', 'high', 'medium', 'info'] as const;
export type SummarySeverity = (typeof SEVERITY_ORDER)[number] | 'other';

/** critical and blocker → critical; low → medium; info and warning stay; anything else other. */
export function summarySeverity(severity: string): SummarySeverity {
  const word = severity.toLowerCase();
  if (word === 'critical' || word === 'blocker') return 'critical';
  if (word === 'high') return 'high';
  if (word === 'medium' || word === 'low') return 'medium';
  if (word === 'info' || word === 'warning') return 'info';
  return 'other';
}

const SEVERITY_RANK: Readonly<Record<SummarySeverity, number>> = {
  critical: 0,
  high: 1,
  medium: 2,
  info: 3,
  other: 4,
};

/** One incident type or insight (analysis) type of the summary row. */
export interface TypedSummary {
  type: string;
  total: number;
  /** The most severe severity present. */
  worst: SummarySeverity;
  /** Counts by severity, most severe first, low merged into medium. */
  severities: { severity: SummarySeverity; count: number }[];
}

/**
 * Reduce `{type: {severity: n}}` (incidents or insights) to one entry per type, low merged into
 * medium, ordered by the worst severity and then by count and name.
 */
export function typedSummary(
  counts: Readonly<Record<string, SeverityCounts>> | null | undefined,
): TypedSummary[] {
  const result: TypedSummary[] = [];
  for (const [type, bySeverity] of Object.entries(counts ?? {})) {
    const merged = new Map<SummarySeverity, number>();
    for (const [severity, count] of Object.entries(bySeverity ?? {})) {
      if (!isNumber(count) || count <= 0) continue;
      const key = summarySeverity(severity);
      merged.set(key, (merged.get(key) ?? 0) + count);
    }
    const severities = [...merged]
      .map(([severity, count]) => ({ severity, count }))
      .sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
    const first = severities[0];
    if (!first) continue;
    const total = severities.reduce((sum, entry) => sum + entry.count, 0);
    result.push({ type, total, worst: first.severity, severities });
  }
  return result.sort(
    (a, b) =>
      SEVERITY_RANK[a.worst] - SEVERITY_RANK[b.worst] ||
      b.total - a.total ||
      a.type.localeCompare(b.type),
  );
}

/** `technicalDebt`, `technical_debt` → `technical debt`. */
export function typeLabel(type: string): string {
  return type
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/** "2 security insights: 1 critical, 1 medium" (for titles and screen readers). */
export function describeTyped(entry: TypedSummary, noun: string): string {
  const plural = entry.total === 1 ? noun : `${noun}s`;
  const parts = entry.severities.map(({ severity, count }) => `${count} ${severity}`);
  return `${entry.total} ${typeLabel(entry.type)} ${plural}: ${parts.join(', ')}`;
}

/** The whole summary row of a component (empty parts are empty arrays). */
export interface CardSummary {
  children: StatusCount[];
  checks: StatusCount[];
  insights: TypedSummary[];
  incidents: TypedSummary[];
}

/**
 * The summary row: `summary` of the topology endpoint, falling back to the component's own
 * `checks`, `analysis` and `incidents` columns when a backend leaves them out of the summary.
 */
export function cardSummary(
  component: Pick<TopologyComponent, 'summary' | 'checks' | 'analysis' | 'incidents'>,
): CardSummary {
  const summary = component.summary ?? undefined;
  return {
    children: childHealthCounts(summary),
    checks: statusCounts(summary?.checks ?? component.checks),
    insights: typedSummary(summary?.insights ?? component.analysis),
    incidents: typedSummary(summary?.incidents ?? component.incidents),
  };
}

export function isEmptySummary(summary: CardSummary): boolean {
  return (
    summary.children.length === 0 &&
    summary.checks.length === 0 &&
    summary.insights.length === 0 &&
    summary.incidents.length === 0
  );
}
