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

export function labelId(key: string, value: string): string {
  return `canary:${key}:${value}`;
}

/** A check's string labels with their filter ids. */
interface CheckLabel {
  key: string;
  value: string;
  id: string;
}

// What the pipeline derives from a check, worked out once per summary row (rows are never
// changed: a refresh brings new objects), so a search or a label toggle does not redo it for
// 10,000 checks.
const labelCache = new WeakMap<CheckSummary, readonly CheckLabel[]>();
const searchCache = new WeakMap<CheckSummary, string>();
const NO_LABELS: readonly CheckLabel[] = [];

function checkLabels(check: CheckSummary): readonly CheckLabel[] {
  let labels = labelCache.get(check);
  if (labels === undefined) {
    const source = check.labels;
    if (!source) {
      labels = NO_LABELS;
    } else {
      const list: CheckLabel[] = [];
      for (const key in source) {
        if (!Object.hasOwn(source, key)) continue;
        const value = source[key];
        if (typeof value === 'string') list.push({ key, value, id: labelId(key, value) });
      }
      labels = list;
    }
    labelCache.set(check, labels);
  }
  return labels;
}

/** The lower-cased text a search looks in: description, canary name, endpoint and name. */
function searchText(check: CheckSummary): string {
  let text = searchCache.get(check);
  if (text === undefined) {
    // NUL between the fields: a needle never spans two of them.
    text = [check.description, check.canary_name, check.endpoint, check.name]
      .map((field) => (field ?? '').toLowerCase())
      .join('\u0000');
    searchCache.set(check, text);
  }
  return text;
}

/** Every label key present on any check, in label order. */
export function labelKeysOf(checks: readonly CheckSummary[]): string[] {
  // Straight over the label objects: no per-check label list on the way to the first rows.
  const keys = new Set<string>();
  for (const check of checks) {
    const source = check.labels;
    if (!source) continue;
    for (const key in source) {
      if (Object.hasOwn(source, key) && typeof source[key] === 'string') keys.add(key);
    }
  }
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
  let passing = 0;
  for (const check of checks) if (isHealthy(check)) passing += 1;
  return { passing, failing: checks.length - passing };
}

/** `localeCompare` of the default locale, without building a collator on every call. */
const collator = new Intl.Collator();
const compareText = (a: string, b: string): number => collator.compare(a, b);

// ---- pipeline steps (§5.2) ----

/** Step 1: drop healthy checks; the rest ordered by description. */
export function applyHidePassing(checks: readonly CheckSummary[], hidePassing: boolean) {
  if (!hidePassing) return [...checks];
  return checks
    .filter((check) => !isHealthy(check))
    .sort((a, b) => compareText(a.description ?? '', b.description ?? ''));
}

/** Step 2: case-insensitive substring over description, canary name, endpoint and name. */
export function applySearch(checks: readonly CheckSummary[], query: string) {
  const needle = searchNeedle(query);
  if (!needle) return [...checks];
  return checks.filter((check) => searchText(check).includes(needle));
}

/** The text a query searches for (trimmed, lower-cased; empty means no search). */
export function searchNeedle(query: string): string {
  return query.trim().toLowerCase();
}

/** Step 3: the label list, from the checks left after steps 1–2. */
export function buildLabelOptions(checks: readonly CheckSummary[]): LabelOption[] {
  return labelIndex(checks).options;
}

/**
 * The label list of `checks` and their label keys (`labelKeysOf`), in one pass over the labels.
 */
export function labelIndex(checks: readonly CheckSummary[]): {
  keys: string[];
  options: LabelOption[];
} {
  // Keyed by key then value: no id string is built per check, only per distinct label.
  const byKey = new Map<string, Map<string, LabelOption>>();
  for (const check of checks) {
    const source = check.labels;
    if (!source) continue;
    for (const key in source) {
      if (!Object.hasOwn(source, key)) continue;
      const value = source[key];
      if (typeof value !== 'string') continue;
      let values = byKey.get(key);
      if (!values) {
        values = new Map();
        byKey.set(key, values);
      }
      if (!values.has(value)) {
        values.set(value, {
          id: labelId(key, value),
          key,
          value,
          label: value === 'true' ? key : `${key}: ${value}`,
        });
      }
    }
  }
  const options: LabelOption[] = [];
  for (const values of byKey.values()) options.push(...values.values());
  options.sort((a, b) => compareLabelKeys(a.key, b.key) || compareText(a.value, b.value));
  // The keys in the order they were first met, as labelKeysOf's set, then sorted the same way.
  return { keys: sortLabelKeys(byKey.keys()), options };
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
  const includes = new Set([...active].filter(([, state]) => state === 1).map(([id]) => id));
  const excludes = new Set([...active].filter(([, state]) => state === -1).map(([id]) => id));
  return checks.filter((check) => {
    const labels = checkLabels(check);
    if (labels.some((label) => excludes.has(label.id))) return false;
    if (includes.size === 0) return true;
    return labels.some((label) => includes.has(label.id));
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
    .sort((a, b) => compareText(a.label, b.label));
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
  // Each check's value once, not once per comparison; the sort is stable as before.
  return checks
    .map((check) => ({ check, value: value(check) }))
    .sort((a, b) => {
      const va = a.value;
      const vb = b.value;
      if (va === undefined || vb === undefined) return va === vb ? 0 : va === undefined ? 1 : -1;
      if (typeof va === 'string' && typeof vb === 'string') return compareText(va, vb) * direction;
      return ((va as number) - (vb as number)) * direction;
    })
    .map((entry) => entry.check);
}

// ---- grouping (§5.3) ----

/** What several checks share: the one value all of them have, else `multiple`. */
function commonValue(current: string | undefined, value: string | undefined): string {
  const next = value ?? '';
  return current === undefined || current === next ? next : 'multiple';
}

/** A group's figures, in one pass over its members (10,000 checks make 100 groups or more). */
function aggregate(key: string, label: string, members: CheckGroup['members']): CheckGroup {
  let healthy = 0;
  let passed = 0;
  let failed = 0;
  let latencySum = 0;
  let latencyCount = 0;
  let type: string | undefined;
  let icon: string | undefined;
  const namespaces = new Set<string>();
  for (const { check } of members) {
    if (isHealthy(check)) healthy += 1;
    passed += check.uptime?.passed ?? 0;
    failed += check.uptime?.failed ?? 0;
    const latency = displayLatency(check);
    if (latency !== undefined) {
      latencySum += latency;
      latencyCount += 1;
    }
    // Once `multiple`, always `multiple`.
    if (type !== 'multiple') type = commonValue(type, check.type);
    if (icon !== 'multiple') icon = commonValue(icon, check.icon);
    if (check.namespace) namespaces.add(check.namespace);
  }
  return {
    key,
    label,
    members,
    good: healthy === members.length,
    mixed: healthy > 0 && healthy < members.length,
    passed,
    failed,
    latency: latencyCount ? latencySum / latencyCount : undefined,
    type: type ?? '',
    icon: icon ?? '',
    namespaces: [...namespaces],
  };
}

/** Step 7: group (null for `no-group`). Groups sort by label; (none) and Others go last. */
export function groupChecks(checks: readonly CheckSummary[], groupBy: string): CheckGroup[] | null {
  if (groupBy === 'no-group') return null;
  const buckets = new Map<string, CheckGroup['members']>();
  const add = (key: string, check: CheckSummary, title: string) => {
    const list = buckets.get(key);
    if (list) list.push({ check, title });
    else buckets.set(key, [{ check, title }]);
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
    return compareText(a.label, b.label);
  });
}

// ---- the whole view ----

/**
 * The view's first two steps for a builder: hide passing, then the search. A search whose needle
 * contains the previous one's filters the previous result instead of every check.
 */
interface SearchStep {
  all: readonly CheckSummary[];
  hidePassing: boolean;
  afterHidePassing: CheckSummary[];
  needle: string;
  afterSearch: CheckSummary[];
}

function searchStep(
  all: readonly CheckSummary[],
  filters: HealthFilters,
  previous: SearchStep | undefined,
): SearchStep {
  const needle = searchNeedle(filters.query);
  const sameBase = previous?.all === all && previous.hidePassing === filters.hidePassing;
  const afterHidePassing = sameBase
    ? previous.afterHidePassing
    : applyHidePassing(all, filters.hidePassing);
  let afterSearch: CheckSummary[];
  if (sameBase && previous.needle === needle) afterSearch = previous.afterSearch;
  else if (!needle) afterSearch = afterHidePassing;
  else if (sameBase && previous.needle !== '' && needle.includes(previous.needle))
    afterSearch = previous.afterSearch.filter((check) => searchText(check).includes(needle));
  else afterSearch = afterHidePassing.filter((check) => searchText(check).includes(needle));
  return { all, hidePassing: filters.hidePassing, afterHidePassing, needle, afterSearch };
}

function viewFrom(
  all: readonly CheckSummary[],
  filters: HealthFilters,
  labelKeys: readonly string[],
  step: SearchStep,
  agentNames?: ReadonlyMap<string, string>,
  allLabels?: LabelOption[],
): HealthView {
  const groupBy = resolveGroupBy(filters.groupBy, labelKeys);
  const tabBy = resolveTabBy(filters.tabBy, labelKeys);

  const afterSearch = step.afterSearch;
  // Steps 1–2 left every check in its order (without hide-passing, which sorts, they only ever
  // remove some): the label list of all of them.
  const labels =
    allLabels && !step.hidePassing && afterSearch.length === all.length
      ? allLabels
      : buildLabelOptions(afterSearch);
  const active = activeLabelFilters(filters.labels, labels);
  const afterLabels = active.size > 0 ? applyLabelFilters(afterSearch, active) : afterSearch;
  const tabs = buildTabs(afterLabels, tabBy, agentNames);
  const tab = tabs.some((candidate) => candidate.id === filters.tab) ? filters.tab : ALL_TAB;
  const checks = sortChecks(applyTab(afterLabels, tabBy, tab), filters.sortBy, filters.sortDesc);

  const isFiltered =
    filters.hidePassing || active.size > 0 || step.needle !== '' || tab !== ALL_TAB;
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

export function buildHealthView(
  all: readonly CheckSummary[],
  filters: HealthFilters,
  agentNames?: ReadonlyMap<string, string>,
): HealthView {
  return viewFrom(all, filters, labelKeysOf(all), searchStep(all, filters, undefined), agentNames);
}

/** The filters that make a view, as a cache key. */
function viewKey(filters: HealthFilters): string {
  return JSON.stringify([
    filters.hidePassing,
    searchNeedle(filters.query),
    Object.entries(filters.labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    filters.tabBy,
    filters.tab,
    filters.groupBy,
    filters.sortBy ?? '',
    filters.sortDesc ?? false,
  ]);
}

/** How many recent views a builder keeps (going back to one, e.g. clearing a search, is free). */
const KEPT_VIEWS = 4;

/**
 * Work out what a search looks in for each check, ahead of the first keystroke (the page calls it
 * when the browser is idle after the first rows are drawn), from index `from` until `shouldStop`
 * says so. Returns the index to go on from (`checks.length` when done).
 */
export function warmSearch(
  checks: readonly CheckSummary[],
  from: number,
  shouldStop: () => boolean,
): number {
  let index = from;
  while (index < checks.length) {
    searchText(checks[index]!);
    index += 1;
    if (index % 256 === 0 && shouldStop()) break;
  }
  return index;
}

export interface HealthViewBuilder {
  /** The label keys of `all` (worked out once per summary). */
  labelKeys(all: readonly CheckSummary[]): string[];
  /** `buildHealthView`, reusing the work of the previous calls on the same summary. */
  view(all: readonly CheckSummary[], filters: HealthFilters): HealthView;
}

/**
 * A `buildHealthView` with memory, for the page: the same result for the same inputs, but a
 * search narrows the previous search's result, a view seen lately (same summary, same filters)
 * comes back as the very same object (so the table keeps its rows), and the label keys (with the
 * label list of every check, which a view without hide-passing and search shows) are
 * worked out once per summary. A new summary starts afresh.
 */
export function createHealthViewBuilder(): HealthViewBuilder {
  let summary: readonly CheckSummary[] | undefined;
  let keys: string[] = [];
  let allLabels: LabelOption[] = [];
  let step: SearchStep | undefined;
  let views = new Map<string, HealthView>();
  const adopt = (all: readonly CheckSummary[]) => {
    if (summary === all) return;
    summary = all;
    ({ keys, options: allLabels } = labelIndex(all));
    step = undefined;
    views = new Map();
  };
  return {
    labelKeys(all) {
      adopt(all);
      return keys;
    },
    view(all, filters) {
      adopt(all);
      const key = viewKey(filters);
      const kept = views.get(key);
      if (kept) {
        views.delete(key);
        views.set(key, kept);
        return kept;
      }
      step = searchStep(all, filters, step);
      const view = viewFrom(all, filters, keys, step, undefined, allLabels);
      views.set(key, view);
      if (views.size > KEPT_VIEWS) views.delete(views.keys().next().value as string);
      return view;
    },
  };
}
