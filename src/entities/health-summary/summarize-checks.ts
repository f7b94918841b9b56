/**
 * Pure health-summary maths shared by the `<vigil-health-summary>` widget and (later) the console:
 * filtering by namespace and labels, and the passing/failing counts of rbac-and-flags.md §5.5.
 */
import type { CheckSummary } from '../../api/types';

/** Filters a health summary accepts. Empty or undefined fields do not filter. */
export interface HealthSummaryFilters {
  /** Exact check namespace. */
  namespace?: string;
  /** Every key must be present on the check's merged labels with exactly this value. */
  labels?: Readonly<Record<string, string>>;
}

/** One failing check, reduced to what a summary shows. */
export interface FailingCheck {
  id: string;
  name: string;
  namespace: string | undefined;
  status: string | undefined;
}

/** Overall state of a set of checks: any failing check makes it unhealthy; none at all is unknown. */
export type HealthSummaryStatus = 'healthy' | 'unhealthy' | 'unknown';

export interface HealthSummaryCounts {
  total: number;
  passing: number;
  failing: number;
  status: HealthSummaryStatus;
  /** Failing checks ordered by name (case-insensitive), then namespace. */
  failingChecks: FailingCheck[];
}

/** A check passes only when its status is exactly `healthy`; everything else fails (§5.5). */
export function isPassing(check: Pick<CheckSummary, 'status'>): boolean {
  return check.status === 'healthy';
}

function matchesLabels(
  checkLabels: CheckSummary['labels'],
  wanted: Readonly<Record<string, string>>,
): boolean {
  const entries = Object.entries(wanted);
  if (entries.length === 0) return true;
  if (!checkLabels) return false;
  return entries.every(
    ([key, value]) => Object.hasOwn(checkLabels, key) && checkLabels[key] === value,
  );
}

/** Keep the checks matching every given filter (namespace exact, labels by containment). */
export function filterChecks(
  checks: readonly CheckSummary[],
  filters: HealthSummaryFilters = {},
): CheckSummary[] {
  const namespace = filters.namespace?.trim();
  const labels = filters.labels ?? {};
  return checks.filter(
    (check) =>
      (!namespace || (check.namespace ?? '') === namespace) && matchesLabels(check.labels, labels),
  );
}

function compareFailing(a: FailingCheck, b: FailingCheck): number {
  const byName = a.name.toLowerCase().localeCompare(b.name.toLowerCase());
  if (byName !== 0) return byName;
  return (a.namespace ?? '').localeCompare(b.namespace ?? '');
}

/** Count passing and failing checks and list the failing ones. */
export function summarizeChecks(checks: readonly CheckSummary[]): HealthSummaryCounts {
  const failingChecks: FailingCheck[] = [];
  let passing = 0;
  for (const check of checks) {
    if (isPassing(check)) {
      passing += 1;
    } else {
      failingChecks.push({
        id: check.id,
        name: check.name || check.description || check.id,
        namespace: check.namespace || undefined,
        status: check.status,
      });
    }
  }
  failingChecks.sort(compareFailing);
  const failing = failingChecks.length;
  const total = checks.length;
  const status: HealthSummaryStatus =
    total === 0 ? 'unknown' : failing > 0 ? 'unhealthy' : 'healthy';
  return { total, passing, failing, status, failingChecks };
}

/**
 * Link to one check in the console (`{consoleUrl}/health?checkId=<id>`), or undefined without a
 * console URL. The caller is responsible for having validated `consoleUrl` as http(s).
 */
export function checkLink(consoleUrl: string | undefined, checkId: string): string | undefined {
  if (!consoleUrl) return undefined;
  return `${consoleUrl.replace(/\/+$/, '')}/health?checkId=${encodeURIComponent(checkId)}`;
}
