import { describe, expect, it } from 'vitest';
import type { CheckSummary } from '../../api/types';
import { checkLink, filterChecks, isPassing, summarizeChecks } from './summarize-checks';

function check(overrides: Partial<CheckSummary> & Pick<CheckSummary, 'id' | 'name'>): CheckSummary {
  return {
    canary_id: 'canary-1',
    status: 'healthy',
    namespace: 'default',
    labels: null,
    uptime: { passed: 1, failed: 0 },
    latency: {},
    ...overrides,
  };
}

const checks: CheckSummary[] = [
  check({ id: '1', name: 'payments-api', namespace: 'prod', labels: { team: 'payments' } }),
  check({
    id: '2',
    name: 'Checkout',
    namespace: 'prod',
    status: 'unhealthy',
    labels: { team: 'payments', tier: '1' },
  }),
  check({ id: '3', name: 'auth', namespace: 'staging', status: 'unhealthy', labels: null }),
  check({ id: '4', name: 'billing', namespace: 'prod', status: 'unknown' as string }),
  check({ id: '5', name: 'search', namespace: undefined, labels: { team: 'search' } }),
];

describe('isPassing', () => {
  it('passes only the healthy status', () => {
    expect(isPassing({ status: 'healthy' })).toBe(true);
    expect(isPassing({ status: 'unhealthy' })).toBe(false);
    expect(isPassing({ status: undefined })).toBe(false);
  });
});

describe('filterChecks', () => {
  it('returns everything without filters', () => {
    expect(filterChecks(checks)).toHaveLength(5);
    expect(filterChecks(checks, { namespace: '  ', labels: {} })).toHaveLength(5);
  });

  it('filters by exact namespace', () => {
    expect(filterChecks(checks, { namespace: 'prod' }).map((c) => c.id)).toEqual(['1', '2', '4']);
  });

  it('filters by label containment and drops checks without labels', () => {
    expect(filterChecks(checks, { labels: { team: 'payments' } }).map((c) => c.id)).toEqual([
      '1',
      '2',
    ]);
    expect(
      filterChecks(checks, { labels: { team: 'payments', tier: '1' } }).map((c) => c.id),
    ).toEqual(['2']);
  });

  it('does not match inherited properties', () => {
    expect(filterChecks(checks, { labels: { toString: 'x' } })).toHaveLength(0);
  });

  it('combines namespace and labels', () => {
    expect(
      filterChecks(checks, { namespace: 'staging', labels: { team: 'payments' } }),
    ).toHaveLength(0);
  });
});

describe('summarizeChecks', () => {
  it('counts passing, failing (anything not healthy) and total', () => {
    const summary = summarizeChecks(checks);
    expect(summary).toMatchObject({ total: 5, passing: 2, failing: 3, status: 'unhealthy' });
  });

  it('lists failing checks by name, case-insensitively', () => {
    expect(summarizeChecks(checks).failingChecks.map((c) => c.name)).toEqual([
      'auth',
      'billing',
      'Checkout',
    ]);
  });

  it('is unknown without checks and healthy when all pass', () => {
    expect(summarizeChecks([]).status).toBe('unknown');
    expect(summarizeChecks([checks[0]!]).status).toBe('healthy');
  });

  it('falls back to the description, then the id, for nameless checks', () => {
    const [failing] = summarizeChecks([
      check({ id: 'x', name: '', description: 'Described', status: 'unhealthy' }),
    ]).failingChecks;
    expect(failing?.name).toBe('Described');
  });
});

describe('checkLink', () => {
  it('builds the console link and encodes the id', () => {
    expect(checkLink('https://vigil.example/', 'a b')).toBe(
      'https://vigil.example/health?checkId=a%20b',
    );
    expect(checkLink(undefined, 'a')).toBeUndefined();
  });
});
