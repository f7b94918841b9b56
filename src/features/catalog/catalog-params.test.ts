import { describe, expect, it } from 'vitest';
import { catalogChangesBody } from '../../api/catalog-changes';
import { catalogSummaryBody, configListQuery } from '../../api/catalog-list';
import { relativeRange } from '../../ui/time-range';
import {
  CATALOG_SEARCH_DEBOUNCE_MS,
  CONFIG_STALE_AFTER_MS,
  COST_DEVIATION_PERCENT,
  DEFAULT_CATALOG_GROUP_BY,
  HIGH_CHANGE_COUNT,
  INSIGHT_MESSAGE_MAX_LENGTH,
  catalogSummaryParams,
  configClassOf,
  configListParams,
  costDeviation,
  formatCost,
  formatCount,
  groupRowPatch,
  isConfigStale,
  isGroupedView,
  isHighChangeCount,
  parseCatalogParams,
  truncateInsightMessage,
  writeCatalogParams,
} from './catalog-params';
import {
  DEFAULT_CHANGES_TIME_RANGE,
  catalogChangesParams,
  changesTimeWindow,
  parseChangesParams,
  writeChangesParams,
} from './changes/change-params';

const ID = '0c9a55da-ed3a-45dd-9413-633861c17855';
const PERSON = '9F1B2C3D-4E5F-4A6B-8C7D-0E1F2A3B4C5D';

describe('/catalog parameters', () => {
  it('defaults (spec doc 2 §2): groupBy config_class,type, sortBy type, sortOrder asc', () => {
    expect(parseCatalogParams('')).toEqual({
      configType: '',
      groupBy: ['config_class', 'type'],
      labels: [],
      status: {},
      health: {},
      search: '',
      sortBy: 'type',
      sortOrder: 'asc',
      pageIndex: 0,
      pageSize: 50,
    });
    expect(DEFAULT_CATALOG_GROUP_BY).toEqual(['config_class', 'type']);
    expect(CATALOG_SEARCH_DEBOUNCE_MS).toBe(400);
  });

  it('reads every parameter', () => {
    const values = parseCatalogParams(
      '?configType=Kubernetes::Pod&groupBy=type,cluster__tag&labels=app____web:1,team____sre:-1' +
        '&status=Running:1,Failed:-1&health=unhealthy:1&search=api&sortBy=changes&sortOrder=desc' +
        '&pageIndex=3&pageSize=100',
    );
    expect(values).toEqual({
      configType: 'Kubernetes::Pod',
      groupBy: ['type', 'cluster__tag'],
      labels: [
        { key: 'app', value: 'web', state: 1 },
        { key: 'team', value: 'sre', state: -1 },
      ],
      status: { Running: 1, Failed: -1 },
      health: { unhealthy: 1 },
      search: 'api',
      sortBy: 'changes',
      sortOrder: 'desc',
      pageIndex: 3,
      pageSize: 100,
    });
  });

  it('falls back to the default for each bad value', () => {
    const values = parseCatalogParams(
      'groupBy=config_class,owner&labels=app-web:1&status=Running:2&health=healthy' +
        '&sortBy=drop_table&sortOrder=up&pageIndex=-1&pageSize=7',
    );
    expect(values.groupBy).toEqual(['config_class', 'type']);
    expect(values.labels).toEqual([]);
    expect(values.status).toEqual({});
    expect(values.health).toEqual({});
    expect(values.sortBy).toBe('type');
    expect(values.sortOrder).toBe('asc');
    expect(values.pageIndex).toBe(0);
    expect(values.pageSize).toBe(50);
    expect(parseCatalogParams('groupBy=type,type').groupBy).toEqual(['config_class', 'type']);
    expect(parseCatalogParams('groupBy=__tag').groupBy).toEqual(['config_class', 'type']);
    expect(parseCatalogParams('groupBy=').groupBy).toEqual(['config_class', 'type']);
    expect(parseCatalogParams('pageIndex=1.5').pageIndex).toBe(0);
  });

  it("drops 'All'", () => {
    const values = parseCatalogParams('configType=All&status=all:1,Running:1&search=ALL');
    expect(values.configType).toBe('');
    expect(values.status).toEqual({ Running: 1 });
    expect(values.search).toBe('');
  });

  it('decodes ____ as : and |||| as , inside values; ignores prototype keys', () => {
    const values = parseCatalogParams(
      'labels=app.kubernetes.io____name____web:1,note____a||||b:-1&status=__proto__:1,a____b:1',
    );
    expect(values.labels).toEqual([
      { key: 'app.kubernetes.io', value: 'name:web', state: 1 },
      { key: 'note', value: 'a,b', state: -1 },
    ]);
    expect(values.status).toEqual({ 'a:b': 1 });
    expect(Object.getPrototypeOf(values.status)).toBe(Object.prototype);
  });

  it('writes only what differs from the defaults, and a shared link round-trips', () => {
    expect(writeCatalogParams('', parseCatalogParams(''))).toBe('');
    const patch = {
      configType: 'AWS::EC2::Instance',
      groupBy: ['env__tag'],
      labels: [
        { key: 'app', value: 'a,b', state: 1 as const },
        { key: 'k', value: 'v:1', state: -1 as const },
      ],
      status: { Running: 1 as const },
      search: 'web api',
      sortBy: 'name' as const,
      sortOrder: 'desc' as const,
      pageIndex: 2,
      pageSize: 200,
    };
    const link = writeCatalogParams('other=1', patch);
    expect(decodeURIComponent(link.replace(/\+/g, ' '))).toBe(
      'other=1&configType=AWS::EC2::Instance&groupBy=env__tag' +
        '&labels=app____a||||b:1,k____v____1:-1&status=Running:1&search=web api' +
        '&sortBy=name&sortOrder=desc&pageIndex=2&pageSize=200',
    );
    const read = parseCatalogParams(link);
    expect(read).toEqual({ ...parseCatalogParams(''), ...patch });
    expect(
      writeCatalogParams(link, { sortOrder: 'asc', groupBy: ['config_class', 'type'] }),
    ).not.toMatch(/sortOrder|groupBy/);
  });

  it('shows the grouped summary only without configType and search', () => {
    expect(isGroupedView(parseCatalogParams(''))).toBe(true);
    expect(isGroupedView(parseCatalogParams('configType=Kubernetes::Pod'))).toBe(false);
    expect(isGroupedView(parseCatalogParams('search=api'))).toBe(false);
  });

  it('a group row sets configType and labels and clears groupBy', () => {
    const values = parseCatalogParams('groupBy=type,cluster__tag&labels=app____web:1&pageIndex=4');
    const patch = groupRowPatch(values, { type: 'Kubernetes::Pod', tags: { cluster: 'prod' } });
    expect(patch).toEqual({
      configType: 'Kubernetes::Pod',
      labels: [
        { key: 'app', value: 'web', state: 1 },
        { key: 'cluster', value: 'prod', state: 1 },
      ],
      groupBy: ['config_class', 'type'],
      pageIndex: 0,
    });
    const link = writeCatalogParams('groupBy=type,cluster__tag&pageIndex=4', patch);
    expect(decodeURIComponent(link)).toBe(
      'configType=Kubernetes::Pod&labels=app____web:1,cluster____prod:1',
    );
  });

  it('feeds the summary body and the list query', () => {
    const values = parseCatalogParams('labels=app____web:1&health=healthy:1,unknown:-1');
    expect(catalogSummaryBody(catalogSummaryParams(values, true))).toEqual({
      groupBy: ['type'],
      deleted: false,
      filter: { app: 'web' },
      health: 'healthy,!unknown',
      changes: { since: '30d' },
      analysis: { since: '30d' },
      cost: '30d',
    });
    const list = parseCatalogParams('configType=Kubernetes::Pod&pageIndex=1');
    expect(decodeURIComponent(configListQuery(configListParams(list, false)).toString())).toMatch(
      /&type=eq\.Kubernetes::Pod&order=type\.asc,name\.asc&limit=50&offset=50$/,
    );
  });
});

describe('/catalog/changes parameters', () => {
  it('defaults: page 1 of 200, created_at desc, last 2 days, downstream on, upstream off', () => {
    expect(parseChangesParams('')).toEqual({
      configTypes: {},
      configType: '',
      changeType: {},
      severity: '',
      tags: [],
      id: '',
      summary: {},
      source: {},
      created_by: '',
      external_created_by: {},
      downstream: true,
      upstream: false,
      page: 1,
      pageSize: 200,
      sortBy: 'created_at',
      sortDirection: 'desc',
      selected: '',
      timeRange: relativeRange(2, 'd'),
    });
    expect(DEFAULT_CHANGES_TIME_RANGE).toEqual({
      kind: 'relative',
      amount: 2,
      unit: 'd',
      direction: 'past',
    });
  });

  it('reads every parameter; config types use __ for ::', () => {
    const values = parseChangesParams(
      'configTypes=Kubernetes__Pod:1,AWS__EC2__Instance:-1&configType=Kubernetes::Pod' +
        '&changeType=diff:1,Pulled:-1&severity=Info&tags=cluster____prod:1&id=abc' +
        '&summary=scaled:1&source=kubernetes:-1&created_by=' +
        PERSON +
        '&external_created_by=bot:1&downstream=false&upstream=true&page=3&pageSize=50' +
        '&sortBy=name&sortDirection=asc&selected=10-12&timeRange=7d',
    );
    expect(values).toEqual({
      configTypes: { 'Kubernetes::Pod': 1, 'AWS::EC2::Instance': -1 },
      configType: 'Kubernetes::Pod',
      changeType: { diff: 1, Pulled: -1 },
      severity: 'info',
      tags: [{ key: 'cluster', value: 'prod', state: 1 }],
      id: 'abc',
      summary: { scaled: 1 },
      source: { kubernetes: -1 },
      created_by: PERSON.toLowerCase(),
      external_created_by: { bot: 1 },
      downstream: false,
      upstream: true,
      page: 3,
      pageSize: 50,
      sortBy: 'name',
      sortDirection: 'asc',
      selected: '10-12',
      timeRange: relativeRange(7, 'd'),
    });
  });

  it('falls back to the default for each bad value', () => {
    const values = parseChangesParams(
      'severity=blocker&created_by=someone&downstream=maybe&upstream=2&page=0&pageSize=201' +
        '&sortBy=id&sortDirection=sideways&timeRange=soon&configTypes=Pod&tags=cluster:1',
    );
    expect(values.severity).toBe('');
    expect(values.created_by).toBe('');
    expect(values.downstream).toBe(true);
    expect(values.upstream).toBe(false);
    expect(values.page).toBe(1);
    expect(values.pageSize).toBe(200);
    expect(values.sortBy).toBe('created_at');
    expect(values.sortDirection).toBe('desc');
    expect(values.timeRange).toEqual(relativeRange(2, 'd'));
    expect(values.configTypes).toEqual({});
    expect(values.tags).toEqual([]);
    expect(parseChangesParams('severity=All&configType=all&id=All')).toMatchObject({
      severity: '',
      configType: '',
      id: '',
    });
  });

  it('a shared link round-trips, config types written with __', () => {
    const patch = {
      configTypes: { 'Kubernetes::Pod': 1 as const, 'AWS::EC2::Instance': -1 as const },
      changeType: { diff: 1 as const },
      severity: 'high' as const,
      tags: [{ key: 'env', value: 'prod', state: 1 as const }],
      summary: { 'a,b': 1 as const },
      upstream: true,
      page: 2,
      sortBy: 'count' as const,
      sortDirection: 'asc' as const,
      timeRange: relativeRange(30, 'd'),
    };
    const link = writeChangesParams('', patch);
    expect(decodeURIComponent(link)).toBe(
      'configTypes=Kubernetes__Pod:1,AWS__EC2__Instance:-1&changeType=diff:1&severity=high' +
        '&tags=env____prod:1&summary=a||||b:1&upstream=true&page=2&sortBy=count' +
        '&sortDirection=asc&timeRange=30d',
    );
    expect(parseChangesParams(link)).toEqual({ ...parseChangesParams(''), ...patch });
    expect(writeChangesParams(link, { timeRange: relativeRange(2, 'd'), page: 1 })).not.toMatch(
      /timeRange|page=/,
    );
  });

  it('sends a past relative range as datemath and others as instants', () => {
    expect(changesTimeWindow(relativeRange(2, 'd'))).toEqual({ from: 'now-2d' });
    expect(changesTimeWindow(relativeRange(15, 'm'))).toEqual({ from: 'now-15m' });
    const now = new Date('2026-03-10T12:00:00.000Z');
    expect(
      changesTimeWindow(
        { kind: 'absolute', from: '2026-03-01T00:00:00.000Z', to: '2026-03-02T00:00:00.000Z' },
        now,
      ),
    ).toEqual({ from: '2026-03-01T00:00:00.000Z', to: '2026-03-02T00:00:00.000Z' });
    const months = changesTimeWindow(relativeRange(6, 'M'), now);
    expect(months.to).toBe('2026-03-10T12:00:00.000Z');
    expect(Date.parse(months.from)).toBeLessThan(Date.parse('2025-09-11T00:00:00Z'));
  });

  it('builds the global request: the URL id filters, no recursion', () => {
    const values = parseChangesParams('id=abc&severity=high&downstream=false');
    expect(catalogChangesBody(catalogChangesParams(values, { hideDeleted: true }))).toStrictEqual({
      page: 1,
      page_size: 200,
      sort_by: '-created_at',
      include_deleted_configs: false,
      id: 'abc',
      severity: 'high',
      from: 'now-2d',
    });
  });

  it("builds a config page's request: Downstream on and Upstream off by default", () => {
    const body = catalogChangesBody(
      catalogChangesParams(parseChangesParams(''), { hideDeleted: false, configId: ID }),
    );
    expect(body).toStrictEqual({
      page: 1,
      page_size: 200,
      sort_by: '-created_at',
      include_deleted_configs: true,
      id: ID,
      recursive: 'downstream',
      depth: 5,
      from: 'now-2d',
    });
    const both = parseChangesParams('upstream=true');
    expect(
      catalogChangesBody(catalogChangesParams(both, { hideDeleted: true, configId: ID })).recursive,
    ).toBe('all');
  });
});

describe('display rules (spec doc 2 §9)', () => {
  it("counts over 999 as rounded thousands 'k+'", () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1k+');
    expect(formatCount(1499)).toBe('1k+');
    expect(formatCount(2600)).toBe('3k+');
  });

  it('changes of 500 or more are highlighted red', () => {
    expect(HIGH_CHANGE_COUNT).toBe(500);
    expect(isHighChangeCount(499)).toBe(false);
    expect(isHighChangeCount(500)).toBe(true);
    expect(isHighChangeCount(null)).toBe(false);
  });

  it('cost: 2 decimals up to 10, whole dollars above, k over 1000', () => {
    expect(formatCost(0)).toBe('$0.00');
    expect(formatCost(9.5)).toBe('$9.50');
    expect(formatCost(10)).toBe('$10.00');
    expect(formatCost(10.4)).toBe('$10');
    expect(formatCost(999.6)).toBe('$1000');
    expect(formatCost(1000)).toBe('$1000');
    expect(formatCost(1234)).toBe('$1.2k');
    expect(formatCost(25_000)).toBe('$25k');
    expect(formatCost('12.3456')).toBe('$12');
    expect(formatCost(null)).toBe('');
    expect(formatCost(undefined)).toBe('');
  });

  it('a deviation badge when the last day differs from the 30-day daily average by over 10 %', () => {
    expect(COST_DEVIATION_PERCENT).toBe(10);
    // 30-day 300 → 10 a day.
    expect(costDeviation(11, 300)).toBeNull();
    expect(costDeviation(9, 300)).toBeNull();
    expect(costDeviation(11.5, 300)).toEqual({ percent: 15, direction: 'up' });
    expect(costDeviation(8, 300)).toEqual({ percent: -20, direction: 'down' });
    expect(costDeviation(5, 0)).toBeNull();
    expect(costDeviation(null, 300)).toBeNull();
  });

  it('a config is stale one hour after its last scrape, unless deleted', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(CONFIG_STALE_AFTER_MS).toBe(3_600_000);
    expect(isConfigStale({ last_scraped_time: '2026-01-01T11:00:00Z' }, now)).toBe(true);
    expect(isConfigStale({ last_scraped_time: '2026-01-01T11:00:01Z' }, now)).toBe(false);
    expect(
      isConfigStale(
        { last_scraped_time: '2026-01-01T00:00:00Z', deleted_at: '2026-01-01T01:00:00Z' },
        now,
      ),
    ).toBe(false);
    expect(isConfigStale({}, now)).toBe(false);
  });

  it('insight messages are cut at 500 characters', () => {
    expect(INSIGHT_MESSAGE_MAX_LENGTH).toBe(500);
    expect(truncateInsightMessage('x'.repeat(501))).toHaveLength(500);
    expect(truncateInsightMessage('short')).toBe('short');
    expect(truncateInsightMessage(null)).toBe('');
  });

  it('the config class is the type before ::', () => {
    expect(configClassOf('Kubernetes::Pod')).toBe('Kubernetes');
    expect(configClassOf('AWS::EC2::Instance')).toBe('AWS');
    expect(configClassOf('Plain')).toBe('Plain');
  });
});
