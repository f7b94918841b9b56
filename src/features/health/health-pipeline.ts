/**
 * The health dashboard's computations (contract rbac-and-flags.md §5), as plain functions:
 * filter pipeline, label list, tabs, sort, grouping with group health, counts and label
 * ordering. The page only wires URL state and rendering around `buildHealthView`.
 */
import type { CheckSummary } from '../../api/types';
import { uptimePercent } from '../../lib/duration';

export const FIXED_GROUP_BY = ['no-group', 'canary_name', 'name', 'description', 'type'] as const;
export const FIXED_TAB_BY = ['namespace', 'agent_id'] as const;
export const SORT_BY = ['name', 'uptime', 'latency'] as const;
export type SortBy = (typeof SORT_BY)[number];

export const ALL_TAB = 'All';
export const NO_NAMESPACE_TAB = 'none';
export const NONE_GROUP = '(none)';
export const OTHERS_GROUP = 'Others';
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

export interface HealthFilters {
  hidePassing: boolean;
  query: string;
  /** `{"canary:<key>:<value>": 1 | -1}` */
  labels: Readonly<Record<string, 1 | -1>>;
  tabBy: string;
  tab: string;
  groupBy: string;
  sortBy?: SortBy;
  sortDesc?: boolean;
}

export interface LabelOption {
  /** `canary:<key>:<value>` */
  id: string;
  key: string;
  value: string;
  /** `<key>` when the value is "true", else `<key>: <value>`. */
  label: string;
}

export interface HealthTab {
  id: string;
  label: string;
  count: number;
}

export interface CheckGroup {
  key: string;
  label: string;
  /** Members with the title to show (the `name` grouping shows the part after the group). */
  members: { check: CheckSummary; title: string }[];
  good: boolean;
  mixed: boolean;
  passed: number;
  failed: number;
  /** Mean of the members' displayed latency (members without one are ignored). */
  latency: number | undefined;
  type: string;
  icon: string;
  namespaces: string[];
}

export interface HealthCounts {
  passing: number;
  failing: number;
}

export interface HealthView {
  /** Checks after every filter and the sort. */
  checks: CheckSummary[];
  labels: LabelOption[];
  tabs: HealthTab[];
  /** null for `no-group`. */
  groups: CheckGroup[] | null;
  counts: {
    all: HealthCounts;
    /** Over the checks after every filter (§5.5). */
    filtered: HealthCounts;
    /** The counts to show: filtered when any filter is active, else all. */
    shown: HealthCounts;
    isFiltered: boolean;
    /** Passing checks hidden only by hide-passing. */
    hiddenPassing: number;
  };
  /** Active label filters, plus 1 when hide-passing is on. */
  filterBadge: number;
  /** The groupBy / tabBy in effect (bad values fall back to the defaults). */
  groupBy: string;
  tabBy: string;
  tab: string;
}

// ---- small helpers ----

export function isHealthy(check: CheckSummary): boolean {
  return check.status === 'healthy';
}

/** The latency the table shows: p95, else p97, else p99. */
export function displayLatency(check: Pick<CheckSummary, 'latency'>): number | undefined {
  const { p95, p97, p99 } = check.latency ?? {};
  return p95 ?? p97 ?? p99 ?? undefined;
}

/** Strip a leading `<namespace>/` from a check's name. */
export function checkTitle(check: Pick<CheckSummary, 'name' | 'namespace'>): string {
  const prefix = check.namespace ? `${check.namespace}/` : '';
  return prefix && check.name.startsWith(prefix) ? check.name.slice(prefix.length) : check.name;
}

const LABEL_PRIORITY = ['account', 'namespace', 'name'];

/** Label keys case-insensitively, with account, namespace and name first (§5.4). */
export function compareLabelKeys(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  const pa = LABEL_PRIORITY.indexOf(la);
  const pb = LABEL_PRIORITY.indexOf(lb);
  if (pa !== pb)
    return (pa === -1 ? LABEL_PRIORITY.length : pa) - (pb === -1 ? LABEL_PRIORITY.length : pb);
  return la < lb ? -1 : la > lb ? 1 : 0;
}

export function sortLabelKeys(keys: Iterable<string>): string[] {
  return [...keys].sort(compareLabelKeys);
}

function labelEntries(check: CheckSummary): [string, string][] {
  return Object.entries(check.labels ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
}

export function labelId(key: string, value: string): string {
  return `canary:${key}:${value}`;
}

/** Every label key present on any check, in label order. */
export function labelKeysOf(checks: readonly CheckSummary[]): string[] {
  const keys = new Set<string>();
  for (const check of checks) for (const [key] of labelEntries(check)) keys.add(key);
  return sortLabelKeys(keys);
}

/** The groupBy in effect: a fixed option or a present label key, else `canary_name`. */
export function resolveGroupBy(value: string, labelKeys: readonly string[]): string {
  return (FIXED_GROUP_BY as readonly string[]).includes(value) || labelKeys.includes(value)
    ? value
    : 'canary_name';
}

/** The tabBy in effect: namespace, agent_id or a present label key, else `namespace`. */
export function resolveTabBy(value: string, labelKeys: readonly string[]): string {
  return (FIXED_TAB_BY as readonly string[]).includes(value) || labelKeys.includes(value)
    ? value
    : 'namespace';
}

function countOf(checks: readonly CheckSummary[]): HealthCounts {
  const passing = checks.filter(isHealthy).length;
  return { passing, failing: checks.length - passing };
}

// ---- pipeline steps (§5.2) ----

/** Step 1: drop healthy checks; the rest ordered by description. */
export function applyHidePassing(checks: readonly CheckSummary[], hidePassing: boolean) {
  if (!hidePassing) return [...checks];
  return checks
    .filter((check) => !isHealthy(check))
    .sort((a, b) => (a.description ?? '').localeCompare(b.description ?? ''));
}

/** Step 2: case-insensitive substring over description, canary name, endpoint and name. */
export function applySearch(checks: readonly CheckSummary[], query: string) {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...checks];
  return checks.filter((check) =>
    [check.description, check.canary_name, check.endpoint, check.name].some((field) =>
      (field ?? '').toLowerCase().includes(needle),
    ),
  );
}

/** Step 3: the label list, from the checks left after steps 1–2. */
export function buildLabelOptions(checks: readonly CheckSummary[]): LabelOption[] {
  const options = new Map<string, LabelOption>();
  for (const check of checks) {
    for (const [key, value] of labelEntries(check)) {
      const id = labelId(key, value);
      if (!options.has(id)) {
        options.set(id, { id, key, value, label: value === 'true' ? key : `${key}: ${value}` });
      }
    }
  }
  return [...options.values()].sort(
    (a, b) => compareLabelKeys(a.key, b.key) || a.value.localeCompare(b.value),
  );
}

/** The label filters that apply: entries naming a label present in the list. */
export function activeLabelFilters(
  filters: Readonly<Record<string, 1 | -1>>,
  options: readonly LabelOption[],
): Map<string, 1 | -1> {
  const present = new Set(options.map((option) => option.id));
  const active = new Map<string, 1 | -1>();
  for (const [id, state] of Object.entries(filters)) {
    if (present.has(id) && (state === 1 || state === -1)) active.set(id, state);
  }
  return active;
}

/** Step 4: exclude wins; with includes a check needs one of them; no labels → only if no includes. */
export function applyLabelFilters(
  checks: readonly CheckSummary[],
  active: ReadonlyMap<string, 1 | -1>,
): CheckSummary[] {
  if (active.size === 0) return [...checks];
  const includes = [...active].filter(([, state]) => state === 1).map(([id]) => id);
  const excludes = new Set([...active].filter(([, state]) => state === -1).map(([id]) => id));
  return checks.filter((check) => {
    const ids = labelEntries(check).map(([key, value]) => labelId(key, value));
    if (ids.some((id) => excludes.has(id))) return false;
    if (includes.length === 0) return true;
    return ids.some((id) => includes.includes(id));
  });
}

/** The tab a check belongs to for `tabBy`, or undefined (then it is only under All). */
export function tabOf(check: CheckSummary, tabBy: string): string | undefined {
  if (tabBy === 'namespace') return check.namespace || NO_NAMESPACE_TAB;
  if (tabBy === 'agent_id') return check.agent_id || undefined;
  return check.labels?.[tabBy] ?? undefined;
}

/** Step 5: tabs (All first), from the checks after step 4. */
export function buildTabs(
  checks: readonly CheckSummary[],
  tabBy: string,
  agentNames: ReadonlyMap<string, string> = new Map(),
): HealthTab[] {
  const counts = new Map<string, number>();
  for (const check of checks) {
    const tab = tabOf(check, tabBy);
    if (tab !== undefined) counts.set(tab, (counts.get(tab) ?? 0) + 1);
  }
  const label = (id: string) =>
    tabBy === 'agent_id' ? (agentNames.get(id) ?? (id === LOCAL_AGENT_ID ? 'local' : id)) : id;
  const tabs = [...counts]
    .map(([id, count]) => ({ id, label: label(id), count }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return [{ id: ALL_TAB, label: ALL_TAB, count: checks.length }, ...tabs];
}

export function applyTab(checks: readonly CheckSummary[], tabBy: string, tab: string) {
  if (tab === ALL_TAB) return [...checks];
  return checks.filter((check) => tabOf(check, tabBy) === tab);
}

function nameKey(check: CheckSummary): string {
  return (check.name || check.description || check.endpoint || '').toLowerCase();
}

/** Step 6: sort by name, uptime score or latency; checks without a value go last. */
export function sortChecks(
  checks: readonly CheckSummary[],
  sortBy: SortBy | undefined,
  sortDesc = false,
): CheckSummary[] {
  if (!sortBy) return [...checks];
  const direction = sortDesc ? -1 : 1;
  const value = (check: CheckSummary): string | number | undefined => {
    if (sortBy === 'name') return nameKey(check);
    if (sortBy === 'uptime')
      return uptimePercent(check.uptime?.passed ?? 0, check.uptime?.failed ?? 0);
    return displayLatency(check);
  };
  return [...checks].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === undefined || vb === undefined) return va === vb ? 0 : va === undefined ? 1 : -1;
    if (typeof va === 'string' && typeof vb === 'string') return va.localeCompare(vb) * direction;
    return ((va as number) - (vb as number)) * direction;
  });
}

// ---- grouping (§5.3) ----

function aggregate(key: string, label: string, members: CheckGroup['members']): CheckGroup {
  const checks = members.map((member) => member.check);
  const healthy = checks.filter(isHealthy).length;
  const latencies = checks.map(displayLatency).filter((v): v is number => v !== undefined);
  const common = (pick: (check: CheckSummary) => string | undefined) => {
    const values = new Set(checks.map((check) => pick(check) ?? ''));
    return values.size === 1 ? ([...values][0] ?? '') : 'multiple';
  };
  return {
    key,
    label,
    members,
    good: healthy === checks.length,
    mixed: healthy > 0 && healthy < checks.length,
    passed: checks.reduce((sum, check) => sum + (check.uptime?.passed ?? 0), 0),
    failed: checks.reduce((sum, check) => sum + (check.uptime?.failed ?? 0), 0),
    latency: latencies.length
      ? latencies.reduce((sum, v) => sum + v, 0) / latencies.length
      : undefined,
    type: common((check) => check.type),
    icon: common((check) => check.icon),
    namespaces: [...new Set(checks.map((check) => check.namespace).filter(Boolean))] as string[],
  };
}

/** Step 7: group (null for `no-group`). Groups sort by label; (none) and Others go last. */
export function groupChecks(checks: readonly CheckSummary[], groupBy: string): CheckGroup[] | null {
  if (groupBy === 'no-group') return null;
  const buckets = new Map<string, CheckGroup['members']>();
  const add = (key: string, check: CheckSummary, title: string) => {
    const list = buckets.get(key) ?? [];
    list.push({ check, title });
    buckets.set(key, list);
  };
  for (const check of checks) {
    if (groupBy === 'canary_name' || groupBy === 'description' || groupBy === 'type') {
      add(check[groupBy] || NONE_GROUP, check, checkTitle(check));
    } else if (groupBy === 'name') {
      const slash = check.name.indexOf('/');
      if (slash > 0) add(check.name.slice(0, slash), check, check.name.slice(slash + 1));
      else add(check.name, check, check.name);
    } else {
      add(check.labels?.[groupBy] ?? OTHERS_GROUP, check, checkTitle(check));
    }
  }
  const groups = [...buckets].map(([key, members]) => {
    // `name` grouping: a group with a single member shows the member's full name.
    const shown =
      groupBy === 'name' && members.length === 1
        ? members.map((member) => ({ ...member, title: member.check.name }))
        : members;
    return aggregate(key, key, shown);
  });
  const last = new Set([NONE_GROUP, OTHERS_GROUP]);
  return groups.sort((a, b) => {
    if (last.has(a.key) !== last.has(b.key)) return last.has(a.key) ? 1 : -1;
    return a.label.localeCompare(b.label);
  });
}

// ---- the whole view ----

export function buildHealthView(
  all: readonly CheckSummary[],
  filters: HealthFilters,
  agentNames?: ReadonlyMap<string, string>,
): HealthView {
  const labelKeys = labelKeysOf(all);
  const groupBy = resolveGroupBy(filters.groupBy, labelKeys);
  const tabBy = resolveTabBy(filters.tabBy, labelKeys);

  const afterSearch = applySearch(applyHidePassing(all, filters.hidePassing), filters.query);
  const labels = buildLabelOptions(afterSearch);
  const active = activeLabelFilters(filters.labels, labels);
  const afterLabels = applyLabelFilters(afterSearch, active);
  const tabs = buildTabs(afterLabels, tabBy, agentNames);
  const tab = tabs.some((candidate) => candidate.id === filters.tab) ? filters.tab : ALL_TAB;
  const checks = sortChecks(applyTab(afterLabels, tabBy, tab), filters.sortBy, filters.sortDesc);

  const isFiltered =
    filters.hidePassing || active.size > 0 || filters.query.trim() !== '' || tab !== ALL_TAB;
  const allCounts = countOf(all);
  const filtered = countOf(checks);
  // Passing checks that hide-passing removed but that match every other filter (for the
  // "N hidden" hint next to the counts).
  const hiddenPassing = filters.hidePassing
    ? applyTab(applyLabelFilters(applySearch(all, filters.query), active), tabBy, tab).filter(
        isHealthy,
      ).length
    : 0;
  return {
    checks,
    labels,
    tabs,
    groups: groupChecks(checks, groupBy),
    counts: {
      all: allCounts,
      filtered,
      shown: isFiltered ? filtered : allCounts,
      isFiltered,
      hiddenPassing,
    },
    filterBadge: active.size + (filters.hidePassing ? 1 : 0),
    groupBy,
    tabBy,
    tab,
  };
}
