import { describe, expect, it } from 'vitest';
import type { CheckSummary } from '../../api/types';
import {
  activeLabelFilters,
  applyHidePassing,
  applyLabelFilters,
  applySearch,
  buildHealthView,
  buildLabelOptions,
  buildTabs,
  checkTitle,
  createHealthViewBuilder,
  displayLatency,
  groupChecks,
  labelIndex,
  labelKeysOf,
  sortChecks,
  sortLabelKeys,
  type HealthFilters,
} from './health-pipeline';

let seq = 0;
function check(partial: Partial<CheckSummary>): CheckSummary {
  seq += 1;
  return {
    id: partial.id ?? `c${seq}`,
    canary_id: 'k1',
    name: `check-${seq}`,
    status: 'healthy',
    uptime: { passed: 1, failed: 0 },
    latency: {},
    ...partial,
  };
}

const defaults: HealthFilters = {
  hidePassing: false,
  query: '',
  labels: {},
  tabBy: 'namespace',
  tab: 'All',
  groupBy: 'canary_name',
};

describe('hide passing (step 1)', () => {
  it('drops healthy checks and orders the rest by description', () => {
    const checks = [
      check({ description: 'b', status: 'unhealthy' }),
      check({ description: 'x', status: 'healthy' }),
      check({ description: 'a', status: 'unhealthy' }),
    ];
    expect(applyHidePassing(checks, true).map((c) => c.description)).toEqual(['a', 'b']);
    expect(applyHidePassing(checks, false)).toHaveLength(3);
  });
});

describe('text search (step 2)', () => {
  const checks = [
    check({ name: 'api-latency', description: 'API' }),
    check({ name: 'db', canary_name: 'Postgres' }),
    check({ name: 'web', endpoint: 'https://shop.example.com' }),
  ];
  it('matches name, description, canary name and endpoint case-insensitively', () => {
    expect(applySearch(checks, 'API')).toHaveLength(1);
    expect(applySearch(checks, 'postgres')[0]?.name).toBe('db');
    expect(applySearch(checks, 'SHOP')[0]?.name).toBe('web');
    expect(applySearch(checks, '  ')).toHaveLength(3);
    expect(applySearch(checks, 'nothing')).toHaveLength(0);
  });
});

describe('labels (steps 3–4)', () => {
  const prod = check({ labels: { env: 'prod', critical: 'true' } });
  const dev = check({ labels: { env: 'dev' } });
  const bare = check({ labels: null });
  const checks = [prod, dev, bare];

  it('builds ids and texts', () => {
    const options = buildLabelOptions(checks);
    expect(options.map((o) => [o.id, o.label])).toEqual([
      ['canary:critical:true', 'critical'],
      ['canary:env:dev', 'env: dev'],
      ['canary:env:prod', 'env: prod'],
    ]);
  });

  it('gives the label keys with the list, in one pass', () => {
    const mixed = [
      ...checks,
      check({ labels: { Env: 'qa', name: 'x', count: 3 as unknown as string } }),
    ];
    const index = labelIndex(mixed);
    expect(index.options).toEqual(buildLabelOptions(mixed));
    expect(index.keys).toEqual(labelKeysOf(mixed));
    expect(index.keys).toEqual(['name', 'critical', 'env', 'Env']);
  });

  it('ignores filters on labels no check carries', () => {
    const active = activeLabelFilters({ 'canary:env:qa': 1 }, buildLabelOptions(checks));
    expect(active.size).toBe(0);
    expect(applyLabelFilters(checks, active)).toHaveLength(3);
  });

  it('lets exclude win and requires one include', () => {
    const options = buildLabelOptions(checks);
    const both = activeLabelFilters({ 'canary:env:prod': 1, 'canary:critical:true': -1 }, options);
    expect(applyLabelFilters(checks, both)).toEqual([]);
    const include = activeLabelFilters({ 'canary:env:prod': 1, 'canary:env:dev': 1 }, options);
    expect(applyLabelFilters(checks, include)).toEqual([prod, dev]);
    const exclude = activeLabelFilters({ 'canary:env:dev': -1 }, options);
    // A check without labels passes when there are no includes.
    expect(applyLabelFilters(checks, exclude)).toEqual([prod, bare]);
  });
});

describe('label ordering', () => {
  it('puts account, namespace and name first, then the rest case-insensitively', () => {
    expect(sortLabelKeys(['zone', 'Name', 'app', 'namespace', 'Account', 'Beta'])).toEqual([
      'Account',
      'namespace',
      'Name',
      'app',
      'Beta',
      'zone',
    ]);
  });
});

describe('tabs (step 5)', () => {
  it('starts with All and uses "none" for an empty namespace', () => {
    const checks = [
      check({ namespace: 'prod' }),
      check({ namespace: '' }),
      check({ namespace: 'prod' }),
    ];
    expect(buildTabs(checks, 'namespace')).toEqual([
      { id: 'All', label: 'All', count: 3 },
      { id: 'none', label: 'none', count: 1 },
      { id: 'prod', label: 'prod', count: 2 },
    ]);
  });
  it('shows only All by agent when the summary has no agent_id', () => {
    expect(buildTabs([check({})], 'agent_id')).toEqual([{ id: 'All', label: 'All', count: 1 }]);
  });
  it('labels the all-zero agent "local" and uses label values for label keys', () => {
    const local = check({
      agent_id: '00000000-0000-0000-0000-000000000000',
      labels: { team: 'a' },
    });
    expect(buildTabs([local], 'agent_id')[1]?.label).toBe('local');
    expect(buildTabs([local, check({})], 'team').map((t) => t.id)).toEqual(['All', 'a']);
  });
});

describe('sort (step 6)', () => {
  const a = check({ name: 'B', uptime: { passed: 1, failed: 1 }, latency: { p99: 300 } });
  const b = check({ name: 'a', uptime: { passed: 2, failed: 0 }, latency: { p95: 100 } });
  const c = check({ name: 'c', uptime: { passed: 0, failed: 0 }, latency: {} });
  it('sorts by lower-cased name, uptime and latency; missing values last', () => {
    expect(sortChecks([a, b, c], 'name').map((x) => x.name)).toEqual(['a', 'B', 'c']);
    expect(sortChecks([a, b, c], 'name', true).map((x) => x.name)).toEqual(['c', 'B', 'a']);
    expect(sortChecks([a, b, c], 'uptime', true).map((x) => x.name)).toEqual(['a', 'B', 'c']);
    expect(sortChecks([a, b, c], 'latency').map((x) => x.name)).toEqual(['a', 'B', 'c']);
  });
  it('uses p95, else p97, else p99 as the displayed latency', () => {
    expect(displayLatency({ latency: { p95: 1, p97: 2, p99: 3 } })).toBe(1);
    expect(displayLatency({ latency: { p97: 2, p99: 3 } })).toBe(2);
    expect(displayLatency({ latency: { p99: 3 } })).toBe(3);
    expect(displayLatency({ latency: {} })).toBeUndefined();
  });
});

describe('grouping (step 7)', () => {
  it('groups by field with (none) last and aggregates health', () => {
    const groups = groupChecks(
      [
        check({
          canary_name: 'web',
          status: 'healthy',
          uptime: { passed: 5, failed: 1 },
          latency: { p95: 100 },
        }),
        check({
          canary_name: 'web',
          status: 'unhealthy',
          uptime: { passed: 1, failed: 3 },
          latency: { p99: 300 },
        }),
        check({ canary_name: 'db', status: 'unhealthy' }),
        check({ canary_name: undefined, status: 'healthy' }),
      ],
      'canary_name',
    );
    expect(groups?.map((g) => g.label)).toEqual(['db', 'web', '(none)']);
    const web = groups?.[1];
    expect(web).toMatchObject({ good: false, mixed: true, passed: 6, failed: 4, latency: 200 });
    expect(groups?.[0]).toMatchObject({ good: false, mixed: false });
    expect(groups?.[2]).toMatchObject({ good: true, mixed: false });
  });

  it('groups by the part of the name before the first slash', () => {
    const groups = groupChecks(
      [
        check({ name: 'shop/api' }),
        check({ name: 'shop/web/home' }),
        check({ name: 'solo/only' }),
        check({ name: 'plain' }),
      ],
      'name',
    );
    expect(groups?.map((g) => [g.label, g.members.map((m) => m.title)])).toEqual([
      ['plain', ['plain']],
      ['shop', ['api', 'web/home']],
      ['solo', ['solo/only']],
    ]);
  });

  it('groups by a label key with Others last, and not at all for no-group', () => {
    const groups = groupChecks(
      [check({ labels: { team: 'b' } }), check({ labels: { team: 'a' } }), check({})],
      'team',
    );
    expect(groups?.map((g) => g.label)).toEqual(['a', 'b', 'Others']);
    expect(groupChecks([check({})], 'no-group')).toBeNull();
  });

  it('uses the common type and icon, else multiple', () => {
    const [group] =
      groupChecks(
        [
          check({ canary_name: 'x', type: 'http' }),
          check({ canary_name: 'x', type: 'tcp', namespace: 'n' }),
        ],
        'canary_name',
      ) ?? [];
    expect(group?.type).toBe('multiple');
    expect(group?.namespaces).toEqual(['n']);
  });
});

describe('buildHealthView', () => {
  const checks = [
    check({ name: 'prod/api', namespace: 'prod', status: 'healthy', labels: { env: 'prod' } }),
    check({ name: 'prod/db', namespace: 'prod', status: 'unhealthy', labels: { env: 'prod' } }),
    check({ name: 'web', namespace: 'dev', status: 'unhealthy', labels: { env: 'dev' } }),
  ];

  it('counts all checks when nothing filters', () => {
    const view = buildHealthView(checks, defaults);
    expect(view.counts.shown).toEqual({ passing: 1, failing: 2 });
    expect(view.counts.isFiltered).toBe(false);
    expect(view.filterBadge).toBe(0);
  });

  it('shows filtered counts and the filter badge when filters are active', () => {
    const view = buildHealthView(checks, {
      ...defaults,
      hidePassing: true,
      labels: { 'canary:env:prod': 1, 'canary:env:missing': -1 },
    });
    expect(view.checks.map((c) => c.name)).toEqual(['prod/db']);
    expect(view.counts.shown).toEqual({ passing: 0, failing: 1 });
    expect(view.counts.hiddenPassing).toBe(1);
    expect(view.filterBadge).toBe(2);
  });

  it('filters by tab and falls back to All for an unknown tab', () => {
    expect(buildHealthView(checks, { ...defaults, tab: 'dev' }).checks.map((c) => c.name)).toEqual([
      'web',
    ]);
    const view = buildHealthView(checks, { ...defaults, tab: 'nope' });
    expect(view.tab).toBe('All');
    expect(view.checks).toHaveLength(3);
  });

  it('falls back to the default groupBy and tabBy for unknown values', () => {
    const view = buildHealthView(checks, { ...defaults, groupBy: 'bogus', tabBy: 'bogus' });
    expect(view.groupBy).toBe('canary_name');
    expect(view.tabBy).toBe('namespace');
    expect(buildHealthView(checks, { ...defaults, groupBy: 'env' }).groupBy).toBe('env');
  });

  it('strips the namespace prefix from titles', () => {
    expect(checkTitle({ name: 'prod/api', namespace: 'prod' })).toBe('api');
    expect(checkTitle({ name: 'other/api', namespace: 'prod' })).toBe('other/api');
    expect(checkTitle({ name: 'api' })).toBe('api');
  });
});

describe('createHealthViewBuilder', () => {
  const fleet = Array.from({ length: 60 }, (_, i) =>
    check({
      name: `svc-${i}.${i % 3 === 0 ? 'eu' : 'us'}`,
      canary_name: `canary-${i % 4}`,
      namespace: i % 2 ? 'prod' : 'dev',
      description: i % 5 === 0 ? `Payments ${i}` : undefined,
      endpoint: `https://svc-${i}.example.com`,
      status: i % 7 === 0 ? 'unhealthy' : 'healthy',
      labels: { team: ['web', 'data', 'sre'][i % 3] ?? 'web', tier: i % 2 ? 'gold' : 'silver' },
      latency: { p95: (i * 37) % 400 },
    }),
  );
  const sequence: HealthFilters[] = [
    { ...defaults },
    { ...defaults, query: 's' },
    { ...defaults, query: 'svc-1' },
    { ...defaults, query: 'SVC-1 ' },
    { ...defaults, query: 'svc-12' },
    { ...defaults, query: 'svc-1' },
    { ...defaults, query: 'pay' },
    { ...defaults, query: 'payments 1', hidePassing: true },
    { ...defaults, query: '' },
    { ...defaults, groupBy: 'no-group', labels: { 'canary:team:web': 1 } },
    { ...defaults, groupBy: 'no-group', labels: { 'canary:team:web': -1 }, query: 'eu' },
    { ...defaults, tabBy: 'team', tab: 'data', sortBy: 'latency', sortDesc: true },
    { ...defaults, groupBy: 'name', sortBy: 'name' },
    { ...defaults, query: 'example.com' },
  ];

  it('gives the same view as buildHealthView at every step of a sequence of filters', () => {
    const builder = createHealthViewBuilder();
    for (const filters of sequence) {
      expect(builder.view(fleet, filters)).toEqual(buildHealthView(fleet, filters));
    }
    expect(builder.labelKeys(fleet)).toEqual(['team', 'tier']);
  });

  it('returns the very same view for filters seen lately, and starts afresh on a new summary', () => {
    const builder = createHealthViewBuilder();
    const all = builder.view(fleet, defaults);
    const searched = builder.view(fleet, { ...defaults, query: 'svc-2' });
    expect(builder.view(fleet, { ...defaults, query: '  ' })).toBe(all);
    expect(builder.view(fleet, { ...defaults, query: 'SVC-2' })).toBe(searched);
    const refreshed = fleet.map((item) => ({ ...item }));
    const fresh = builder.view(refreshed, defaults);
    expect(fresh).not.toBe(all);
    expect(fresh).toEqual(buildHealthView(refreshed, defaults));
  });

  it('narrows a longer search from the previous result, and widens from every check', () => {
    const builder = createHealthViewBuilder();
    const names = (filters: HealthFilters) =>
      builder.view(fleet, filters).checks.map((item) => item.name);
    expect(names({ ...defaults, groupBy: 'no-group', query: 'svc-1' })).toHaveLength(11);
    expect(names({ ...defaults, groupBy: 'no-group', query: 'svc-1.' })).toEqual(['svc-1.us']);
    expect(names({ ...defaults, groupBy: 'no-group', query: 'svc-' })).toHaveLength(60);
  });
});
