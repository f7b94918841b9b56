/**
 * `/catalog/insights` URL state (spec doc 2 §2, §7 "Insights query", §9): component, type
 * (analysis type), severity, analyzer, status, configType, sortBy (default first_observed),
 * sortOrder (default desc), pageIndex, and the open insight (`insightId`). Page size is the spec's
 * 50. A bad value reads as its default, so a hand-edited link never breaks the page.
 */
import { INSIGHTS_DEFAULT_PAGE_SIZE } from '../../../api/catalog';
import {
  INSIGHT_SORT_COLUMNS,
  type InsightListParams,
  type InsightSortColumn,
} from '../../../api/catalog-insights';
import { TYPE_LABELS } from '../../../api/type-labels';
import {
  enumCodec,
  numberCodec,
  param,
  readParams,
  type Codec,
  type ParamValues,
} from '../../../lib/url-state';

/** "Insight analysis types" (spec doc 2 §9); technical_debt is read as technicalDebt. */
export const INSIGHT_TYPES = [
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'compliance',
  'reliability',
  'technicalDebt',
  'recommendation',
  'other',
] as const;
export type InsightType = (typeof INSIGHT_TYPES)[number];

/** The shared type label table (`api/type-labels.ts`), shared with incidents. */
export const INSIGHT_TYPE_LABELS: Record<InsightType, string> = TYPE_LABELS;

export const INSIGHT_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type InsightSeverity = (typeof INSIGHT_SEVERITIES)[number];

/** Statuses of config_analysis (`open` by default on the server). */
export const INSIGHT_STATUSES = ['open', 'resolved', 'silenced'] as const;
export type InsightStatus = (typeof INSIGHT_STATUSES)[number];

/** "insights default page size 50". */
export const INSIGHTS_PAGE_SIZE = INSIGHTS_DEFAULT_PAGE_SIZE;
/** Longest analyzer or config type accepted from a link. */
export const MAX_INSIGHT_FILTER_LENGTH = 200;

/** The display name of an analysis type as stored (`technical_debt` → 'Technical Debt'). */
export function insightTypeLabel(type: string | null | undefined): string {
  const canonical = canonicalInsightType(type ?? '');
  if (canonical) return INSIGHT_TYPE_LABELS[canonical];
  return type ?? '';
}

/** The canonical analysis type of a value, case- and underscore-insensitive; undefined if none. */
export function canonicalInsightType(raw: string): InsightType | undefined {
  const key = raw.trim().replace(/_/g, '').toLowerCase();
  return INSIGHT_TYPES.find((type) => type.toLowerCase() === key);
}

/** An optional choice from a list: '' and `All` mean none, case-insensitive, bad values fall back. */
function optionalChoice<T extends string>(
  canonical: (raw: string) => T | undefined,
): Codec<T | ''> {
  return {
    parse: (raw) => {
      const value = raw.trim();
      if (value === '' || value.toLowerCase() === 'all') return '';
      return canonical(value);
    },
    serialize: (value) => value,
  };
}

function fromList<T extends string>(list: readonly T[]): (raw: string) => T | undefined {
  return (raw) => list.find((item) => item === raw.toLowerCase());
}

/** Free text (analyzer, config type): trimmed, `All` means none, too long falls back. */
const optionalText: Codec<string> = {
  parse: (raw) => {
    const value = raw.trim();
    if (value.length > MAX_INSIGHT_FILTER_LENGTH) return undefined;
    return value.toLowerCase() === 'all' ? '' : value;
  },
  serialize: (value) => value,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidCodec: Codec<string> = {
  parse: (raw) => (UUID.test(raw.trim()) ? raw.trim().toLowerCase() : undefined),
  serialize: (value) => value,
};

export const DEFAULT_INSIGHT_SORT = { sortBy: 'first_observed', sortOrder: 'desc' } as const;

export const insightsUrlSchema = {
  component: param(uuidCodec, ''),
  type: param(optionalChoice(canonicalInsightType), '' as InsightType | ''),
  severity: param(optionalChoice(fromList(INSIGHT_SEVERITIES)), '' as InsightSeverity | ''),
  analyzer: param(optionalText, ''),
  status: param(optionalChoice(fromList(INSIGHT_STATUSES)), '' as InsightStatus | ''),
  configType: param(optionalText, ''),
  sortBy: param(enumCodec(INSIGHT_SORT_COLUMNS), DEFAULT_INSIGHT_SORT.sortBy as InsightSortColumn),
  sortOrder: param(enumCodec(['asc', 'desc'] as const), DEFAULT_INSIGHT_SORT.sortOrder),
  pageIndex: param(numberCodec({ min: 0, integer: true }), 0),
  insightId: param(uuidCodec, ''),
};
export type InsightsUrlValues = ParamValues<typeof insightsUrlSchema>;

export function parseInsightsParams(search: string | URLSearchParams): InsightsUrlValues {
  return readParams(search, insightsUrlSchema);
}

/** The insights request of the URL state (every page is 50 rows). */
export function insightListParams(
  values: InsightsUrlValues,
  pageIndex: number = values.pageIndex,
  pageSize: number = INSIGHTS_PAGE_SIZE,
): InsightListParams {
  return {
    ...(values.component ? { component: values.component } : {}),
    ...(values.configType ? { configType: values.configType } : {}),
    ...(values.type ? { type: values.type } : {}),
    ...(values.severity ? { severity: values.severity } : {}),
    ...(values.analyzer ? { analyzer: values.analyzer } : {}),
    ...(values.status ? { status: values.status } : {}),
    sortBy: values.sortBy,
    sortOrder: values.sortOrder,
    pageIndex,
    pageSize,
  };
}

/** "page count is ceiling of total over page size" (at least 1). */
export function insightPageCount(total: number | undefined, pageSize = INSIGHTS_PAGE_SIZE): number {
  if (total === undefined || total <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/** The URL patch of a header click; cleared sorting is the default (first observed, newest). */
export function insightSortingPatch(
  sorting: readonly { id: string; desc: boolean }[],
): Pick<InsightsUrlValues, 'sortBy' | 'sortOrder' | 'pageIndex'> {
  const first = sorting[0];
  if (first && (INSIGHT_SORT_COLUMNS as readonly string[]).includes(first.id)) {
    return {
      sortBy: first.id as InsightSortColumn,
      sortOrder: first.desc ? 'desc' : 'asc',
      pageIndex: 0,
    };
  }
  return { ...DEFAULT_INSIGHT_SORT, pageIndex: 0 };
}

/** Whether any filter differs from its default (for 'Clear filters'). */
export function hasActiveInsightFilters(values: InsightsUrlValues): boolean {
  return (
    values.component !== '' ||
    values.type !== '' ||
    values.severity !== '' ||
    values.analyzer !== '' ||
    values.status !== '' ||
    values.configType !== ''
  );
}

export const CLEARED_INSIGHT_FILTERS: Partial<InsightsUrlValues> = {
  component: '',
  type: '',
  severity: '',
  analyzer: '',
  status: '',
  configType: '',
  pageIndex: 0,
};
