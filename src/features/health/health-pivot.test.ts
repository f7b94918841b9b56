import { describe, expect, it } from 'vitest';
import type { CheckSummary } from '../../api/types';
import { withLabelState } from './health-label-filter';
import { buildPivot, isPivotActive, PIVOT_NONE } from './health-pivot';

const check = (id: string, name: string, labels: Record<string, string>): CheckSummary =>
  ({
    id,
    canary_id: 'c',
    name,
    namespace: 'default',
    status: 'healthy',
    labels,
    uptime: { passed: 1, failed: 0 },
    latency: { rolling1h: 0 },
  }) as CheckSummary;

describe('buildPivot', () => {
  const checks = [
    check('1', 'api', { env: 'prod', team: 'a' }),
    check('2', 'api', { env: 'staging', team: 'a' }),
    check('3', 'db', { env: 'prod', team: 'b' }),
    check('4', 'cache', { team: 'b' }),
  ];

  it('makes one column per label value (missing last) and one row per check title', () => {
    const pivot = buildPivot(checks, 'env', '');
    expect(pivot.columns).toEqual(['prod', 'staging', PIVOT_NONE]);
    expect(pivot.rows.map((row) => row.key)).toEqual(['api', 'cache', 'db']);
    const api = pivot.rows.find((row) => row.key === 'api')!;
    expect(api.cells.get('prod')?.map((c) => c.id)).toEqual(['1']);
    expect(api.cells.get('staging')?.map((c) => c.id)).toEqual(['2']);
    expect(pivot.rows.find((row) => row.key === 'cache')!.cells.get(PIVOT_NONE)).toHaveLength(1);
  });

  it('names rows by another label when pivotLabel is set, gathering its checks per cell', () => {
    const pivot = buildPivot(checks, 'env', 'team');
    expect(pivot.rows.map((row) => row.key)).toEqual(['a', 'b']);
    expect(pivot.rows[1]!.cells.get('prod')?.map((c) => c.id)).toEqual(['3']);
  });

  it('is active only with a known label key and a cell type', () => {
    expect(isPivotActive('env', 'uptime', ['env'])).toBe(true);
    expect(isPivotActive('none', 'uptime', ['env'])).toBe(false);
    expect(isPivotActive('nope', 'uptime', ['env'])).toBe(false);
    expect(isPivotActive('env', '', ['env'])).toBe(false);
  });
});

describe('withLabelState', () => {
  it('sets include/exclude and removes the entry on 0', () => {
    const included = withLabelState({}, 'canary:env:prod', 1);
    expect(included).toEqual({ 'canary:env:prod': 1 });
    expect(withLabelState(included, 'canary:team:a', -1)).toEqual({
      'canary:env:prod': 1,
      'canary:team:a': -1,
    });
    expect(withLabelState(included, 'canary:env:prod', 0)).toEqual({});
  });
});
