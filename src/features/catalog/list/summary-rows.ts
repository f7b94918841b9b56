/**
 * The grouped summary's rows (spec doc 2 §2): one row per server group (type and tag groupings),
 * nested under its config class when `config_class` is grouped by (the class is derived from the
 * type, api.md §4.1), with the class row adding up its groups. Favourite types sort first, at
 * both levels; otherwise the server's order (by the grouping columns) is kept.
 */
import type { CatalogSummaryRow, ConfigHealthCounts } from '../../../api/catalog';
import { configClassOf, TAG_GROUP_SUFFIX } from '../catalog-params';

export interface SummaryRow {
  id: string;
  kind: 'class' | 'group';
  /** The class name, or the type of a group. */
  label: string;
  /** A group's type (absent when type is not grouped by). */
  type?: string;
  configClass: string;
  /** Tag grouping values of a group, by tag key. */
  tags: Record<string, string | null>;
  count: number;
  health: Required<ConfigHealthCounts>;
  analysis: Record<string, number>;
  changes: number;
  cost30d: number;
  favourite: boolean;
  children?: SummaryRow[];
}

/** The tag keys of a groupBy (`app__tag` → `app`). */
export function tagGroupKeys(groupBy: readonly string[]): string[] {
  return groupBy
    .filter((item) => item.endsWith(TAG_GROUP_SUFFIX))
    .map((item) => item.slice(0, -TAG_GROUP_SUFFIX.length));
}

const emptyHealth = (): Required<ConfigHealthCounts> => ({
  healthy: 0,
  unhealthy: 0,
  warning: 0,
  unknown: 0,
});

function num(value: unknown): number {
  const parsed = typeof value === 'string' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : 0;
}

function groupRow(
  row: CatalogSummaryRow,
  tagKeys: readonly string[],
  favourites: ReadonlySet<string>,
) {
  const type = typeof row.type === 'string' ? row.type : undefined;
  const tags: Record<string, string | null> = {};
  for (const key of tagKeys) {
    const value = row[key];
    tags[key] = typeof value === 'string' ? value : null;
  }
  const health = emptyHealth();
  for (const tone of Object.keys(health) as (keyof typeof health)[]) {
    health[tone] = num(row.health?.[tone]);
  }
  const analysis: Record<string, number> = {};
  for (const [key, value] of Object.entries(row.analysis ?? {})) analysis[key] = num(value);
  const tagLabel = tagKeys.map((key) => tags[key] ?? '(none)').join(' / ');
  return {
    id: `group:${type ?? ''}:${JSON.stringify(tags)}`,
    kind: 'group' as const,
    label: type ?? tagLabel,
    ...(type !== undefined ? { type } : {}),
    configClass: configClassOf(type),
    tags,
    count: num(row.count),
    health,
    analysis,
    changes: num(row.changes),
    cost30d: num(row.cost_30d),
    favourite: type !== undefined && favourites.has(type),
  };
}

function favouritesFirst(rows: SummaryRow[]): SummaryRow[] {
  return [...rows.filter((row) => row.favourite), ...rows.filter((row) => !row.favourite)];
}

function classRow(configClass: string, children: SummaryRow[]): SummaryRow {
  const health = emptyHealth();
  const analysis: Record<string, number> = {};
  let count = 0;
  let changes = 0;
  let cost30d = 0;
  for (const child of children) {
    count += child.count;
    changes += child.changes;
    cost30d += child.cost30d;
    for (const tone of Object.keys(health) as (keyof typeof health)[]) {
      health[tone] += child.health[tone];
    }
    for (const [key, value] of Object.entries(child.analysis)) {
      analysis[key] = (analysis[key] ?? 0) + value;
    }
  }
  const ordered = favouritesFirst(children);
  return {
    id: `class:${configClass}`,
    kind: 'class',
    label: configClass || '(no class)',
    configClass,
    tags: {},
    count,
    health,
    analysis,
    changes,
    cost30d,
    favourite: ordered.some((child) => child.favourite),
    children: ordered,
  };
}

export function buildSummaryRows(
  rows: readonly CatalogSummaryRow[],
  groupBy: readonly string[],
  favourites: readonly string[] = [],
): SummaryRow[] {
  const tagKeys = tagGroupKeys(groupBy);
  const pinned = new Set(favourites);
  const groups = rows.map((row) => groupRow(row, tagKeys, pinned));
  const byClass = groupBy.includes('config_class') && groupBy.includes('type');
  if (!byClass) return favouritesFirst(groups);
  const classes = new Map<string, SummaryRow[]>();
  for (const group of groups) {
    const list = classes.get(group.configClass);
    if (list) list.push(group);
    else classes.set(group.configClass, [group]);
  }
  return favouritesFirst(
    [...classes.entries()].map(([configClass, children]) => classRow(configClass, children)),
  );
}

/** Every group row (class rows' children in place of the class), for CSV. */
export function leafRows(rows: readonly SummaryRow[]): SummaryRow[] {
  return rows.flatMap((row) => (row.children ? row.children : [row]));
}

export type SummarySortKey = 'label' | 'count' | 'changes' | 'cost30d';

/** Rows sorted by a column (children too); favourites stay first. */
export function sortSummaryRows(
  rows: readonly SummaryRow[],
  key: SummarySortKey,
  descending: boolean,
): SummaryRow[] {
  const compare = (a: SummaryRow, b: SummaryRow) => {
    const order =
      key === 'label' ? a.label.localeCompare(b.label) : (a[key] as number) - (b[key] as number);
    return descending ? -order : order;
  };
  const sorted = [...rows]
    .map((row) =>
      row.children ? { ...row, children: sortSummaryRows(row.children, key, descending) } : row,
    )
    .sort(compare);
  return favouritesFirst(sorted);
}
