import { keepPreviousData } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import {
  CATALOG_FILTER_OPTIONS_STALE_TIME_MS,
  CATALOG_STALE_TIME_MS,
  catalogKeys,
  CHANGES_DEFAULT_PAGE_SIZE,
  CHANGES_RECURSIVE_DEPTH,
  filterList,
  INSIGHTS_DEFAULT_PAGE_SIZE,
} from './catalog';
import {
  catalogChangeQueries,
  catalogChangesBody,
  type CatalogChangesParams,
  getConfigChange,
  listCatalogChanges,
  recursiveMode,
  tagSelector,
} from './catalog-changes';
import { catalogConfigQueries, configTabCounts, getConfigDetail } from './catalog-config';
import { getConfigName } from './catalog-config-name';
import {
  getInsight,
  type InsightListParams,
  insightListQuery,
  listConfigInsights,
  listInsights,
} from './catalog-insights';
import {
  catalogListQueries,
  catalogSummaryBody,
  type ConfigListParams,
  configListQuery,
  getCatalogSummary,
  listConfigs,
  summaryGroupBy,
} from './catalog-list';
import { catalogOptionQueries, listCatalogOptions, listConfigKeyValues } from './catalog-options';
import { getScraper, listScrapers } from './catalog-scrapers';
import { createApiClient } from './client';

const ID = '0c9a55da-ed3a-45dd-9413-633861c17855';
const PERSON = '9f1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A client over a fake fetch that answers each request with the next response. */
function fakeClient(
  ...responses: { status?: number; body?: unknown; headers?: Record<string, string> }[]
) {
  const calls: Call[] = [];
  let index = 0;
  const fetch = vi.fn<typeof globalThis.fetch>((input, init) => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    });
    const response = responses[Math.min(index, responses.length - 1)] ?? {};
    index += 1;
    return Promise.resolve(
      new Response(JSON.stringify(response.body ?? []), {
        status: response.status ?? 200,
        headers: { 'content-type': 'application/json', ...response.headers },
      }),
    );
  });
  return { calls, client: createApiClient({ baseUrl: '/api', fetch }) };
}

/** The query string as the server reads it (percent-decoding only). */
function decoded(url: string): string {
  return decodeURIComponent(url);
}

describe('spec constants', () => {
  it('quotes spec doc 2 §9', () => {
    expect(CATALOG_STALE_TIME_MS).toBe(300_000); // "Catalog query stale time 5 minutes default"
    expect(CATALOG_FILTER_OPTIONS_STALE_TIME_MS).toBe(60_000); // "config type and label caches 60 s"
    expect(CHANGES_DEFAULT_PAGE_SIZE).toBe(200); // "Changes: default page size 200"
    expect(CHANGES_RECURSIVE_DEPTH).toBe(5); // "changes recursive depth 5"
    expect(INSIGHTS_DEFAULT_PAGE_SIZE).toBe(50); // "insights default page size 50"
  });
});

describe('filterList', () => {
  it('writes includes, `!` excludes, and URL-encodes items when asked', () => {
    expect(filterList({ healthy: 1, unknown: -1 })).toBe('healthy,!unknown');
    expect(filterList({})).toBeUndefined();
    expect(filterList(undefined)).toBeUndefined();
    expect(filterList({ 'a,b': 1, 'x y': -1 }, { urlEncode: true })).toBe('a%2Cb,!x%20y');
  });
});

describe('POST /catalog/summary', () => {
  it('sends the URL groupBy without __tag and config_class, and the 30d windows', () => {
    expect(
      catalogSummaryBody({ groupBy: ['config_class', 'type'], hideDeleted: true }),
    ).toStrictEqual({
      groupBy: ['type'],
      deleted: false,
      changes: { since: '30d' },
      analysis: { since: '30d' },
      cost: '30d',
    });
  });

  it('sends labels as filter lists per key, status/health lists, and deleted when not hidden', () => {
    expect(
      catalogSummaryBody({
        groupBy: ['type', 'cluster__tag'],
        labels: [
          { key: 'app', value: 'web', state: 1 },
          { key: 'app', value: 'a,b', state: -1 },
          { key: 'app.kubernetes.io/name', value: 'api', state: 1 },
        ],
        status: { Running: 1, Failed: -1 },
        health: { healthy: 1 },
        hideDeleted: false,
      }),
    ).toStrictEqual({
      groupBy: ['type', 'cluster'],
      deleted: true,
      filter: { app: 'web,!a%2Cb', 'app.kubernetes.io/name': 'api' },
      status: 'Running,!Failed',
      health: 'healthy',
      changes: { since: '30d' },
      analysis: { since: '30d' },
      cost: '30d',
    });
  });

  it('groups by type when config_class has no type beside it, or nothing is left', () => {
    expect(summaryGroupBy(['config_class'])).toEqual(['type']);
    expect(summaryGroupBy(['config_class', 'env__tag'])).toEqual(['type', 'env']);
    expect(summaryGroupBy(['env__tag', 'type'])).toEqual(['env', 'type']);
    expect(summaryGroupBy([])).toEqual(['type']);
  });

  it('POSTs the body as JSON and returns the rows ([] for null)', async () => {
    const rows = [{ type: 'Kubernetes::Pod', count: 3, health: { healthy: 3 }, cost_30d: 1.5 }];
    const { calls, client } = fakeClient({ body: rows }, { body: null });
    expect(await getCatalogSummary(client, { groupBy: ['type'], hideDeleted: true })).toEqual(rows);
    expect(calls[0]).toMatchObject({
      url: '/api/catalog/summary',
      method: 'POST',
      body: {
        groupBy: ['type'],
        deleted: false,
        changes: { since: '30d' },
        analysis: { since: '30d' },
        cost: '30d',
      },
    });
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(await getCatalogSummary(client, { groupBy: ['type'], hideDeleted: true })).toEqual([]);
  });
});

const LIST_SELECT =
  'select=id,type,config_class,status,health,labels,name,tags,created_at,updated_at,deleted_at,' +
  'cost_per_minute,cost_total_1d,cost_total_7d,cost_total_30d,changes,analysis,agent:agents(id,name)';

const BASE_LIST: ConfigListParams = {
  hideDeleted: true,
  sortBy: 'type',
  sortOrder: 'asc',
  pageIndex: 0,
  pageSize: 50,
};

describe('GET /db/configs (catalog table)', () => {
  it('defaults: one select, type then name ascending, deleted hidden, first page, counted', () => {
    const query = configListQuery(BASE_LIST);
    expect(query.path).toBe('/db/configs');
    expect(decoded(query.toString())).toBe(
      `${LIST_SELECT}&order=type.asc,name.asc&deleted_at=is.null&limit=50&offset=0`,
    );
    expect(query.headers).toEqual({ Prefer: 'count=exact' });
  });

  it('every filter in the contract order, with the direction on every sort key', () => {
    const query = configListQuery({
      ...BASE_LIST,
      configType: 'Kubernetes::Pod',
      status: { Running: 1, Failed: -1 },
      health: { unhealthy: 1, warning: 1 },
      labels: [{ key: 'app', value: 'web', state: 1 }],
      sortOrder: 'desc',
      hideDeleted: false,
      pageIndex: 2,
      pageSize: 100,
    });
    expect(decoded(query.toString())).toBe(
      `${LIST_SELECT}&type=eq.Kubernetes::Pod&status.filter=Running,!Failed` +
        `&health.filter=unhealthy,warning&or=(and(labels->>app.eq.web))` +
        `&order=type.desc,name.desc&limit=100&offset=200`,
    );
  });

  it('sorts by another column alone', () => {
    const query = configListQuery({ ...BASE_LIST, sortBy: 'changes', sortOrder: 'desc' });
    expect(decoded(query.toString())).toContain('&order=changes.desc&deleted_at=is.null');
  });

  it('label includes are eq, excludes neq, odd keys and values quoted', () => {
    const query = configListQuery({
      ...BASE_LIST,
      labels: [
        { key: 'app.kubernetes.io/name', value: 'web', state: 1 },
        { key: 'team', value: 'a,b', state: -1 },
      ],
    });
    expect(new URLSearchParams(query.toString()).get('or')).toBe(
      '(and(labels->>"app.kubernetes.io/name".eq.web,labels->>team.neq."a,b"))',
    );
  });

  it('search matches name, type, description and namespace; labels are then not sent', () => {
    const query = configListQuery({
      ...BASE_LIST,
      search: ' api ',
      labels: [{ key: 'app', value: 'web', state: 1 }],
    });
    const params = new URLSearchParams(query.toString());
    expect(params.getAll('or')).toEqual([
      '(name.ilike.*api*,type.ilike.*api*,description.ilike.*api*,namespace.ilike.*api*)',
    ]);
  });

  it('quotes a search term with reserved characters instead of splicing it in', () => {
    const query = configListQuery({ ...BASE_LIST, search: 'a,b)' });
    expect(new URLSearchParams(query.toString()).get('or')).toBe(
      '(name.ilike."*a,b)*",type.ilike."*a,b)*",description.ilike."*a,b)*",namespace.ilike."*a,b)*")',
    );
    const ampersand = configListQuery({ ...BASE_LIST, search: 'x&offset=0' });
    expect(new URLSearchParams(ampersand.toString()).getAll('offset')).toEqual(['0']);
  });

  it('reads the exact total from Content-Range', async () => {
    const { calls, client } = fakeClient({
      status: 206,
      body: [{ id: ID, type: 'Kubernetes::Pod' }],
      headers: { 'content-range': '0-0/1234' },
    });
    const page = await listConfigs(client, BASE_LIST);
    expect(page).toEqual({ rows: [{ id: ID, type: 'Kubernetes::Pod' }], total: 1234 });
    expect(calls[0]?.url).toBe(`/api/db/configs?${configListQuery(BASE_LIST).toString()}`);
    expect(calls[0]?.headers.Prefer).toBe('count=exact');
  });

  it('treats 416 (past the end) as an empty page that keeps the total', async () => {
    const { client } = fakeClient({ status: 416, body: [], headers: { 'content-range': '*/7' } });
    expect(await listConfigs(client, { ...BASE_LIST, pageIndex: 9 })).toEqual({
      rows: [],
      total: 7,
    });
  });
});

describe('one config', () => {
  it('GETs config_detail with the scraper embedded and returns the row or null', async () => {
    const row = { id: ID, name: 'web', summary: { changes: 3 } };
    const { calls, client } = fakeClient({ body: [row] }, { body: [] });
    expect(await getConfigDetail(client, ID)).toEqual(row);
    expect(decoded(calls[0]?.url ?? '')).toBe(
      `/api/db/config_detail?id=eq.${ID}&select=*,config_scrapers(id,name)`,
    );
    expect(await getConfigDetail(client, ID)).toBeNull();
  });

  it('GETs config_names by id', async () => {
    const { calls, client } = fakeClient({ body: [{ id: ID, name: 'web', type: 'T' }] });
    expect(await getConfigName(client, ID)).toEqual({ id: ID, name: 'web', type: 'T' });
    expect(calls[0]?.url).toBe(`/api/db/config_names?id=eq.${ID}`);
  });

  it('reads the tab badges from the summary; missing counts are 0', () => {
    expect(
      configTabCounts({
        summary: { changes: 12, analysis: 3, relationships: 4, playbook_runs: 5, checks: 6 },
      }),
    ).toEqual({ changes: 12, insights: 3, relationships: 4, playbooks: 5, checks: 6 });
    expect(configTabCounts({ summary: null })).toEqual({
      changes: 0,
      insights: 0,
      relationships: 0,
      playbooks: 0,
      checks: 0,
    });
    expect(configTabCounts(null).changes).toBe(0);
  });
});

const BASE_CHANGES: CatalogChangesParams = {
  hideDeleted: true,
  page: 1,
  pageSize: 200,
  sortBy: 'created_at',
  sortDirection: 'desc',
};

describe('POST /catalog/changes', () => {
  it('defaults: page 1 of 200, newest first, deleted configs left out, nothing else', () => {
    expect(catalogChangesBody(BASE_CHANGES)).toStrictEqual({
      page: 1,
      page_size: 200,
      sort_by: '-created_at',
      include_deleted_configs: false,
    });
  });

  it('maps every parameter of the global list', () => {
    expect(
      catalogChangesBody({
        ...BASE_CHANGES,
        id: 'abc',
        configTypes: { 'Kubernetes::Pod': 1, 'AWS::EC2::Instance': -1 },
        changeType: { diff: 1, Pulled: -1 },
        severity: 'high',
        tags: [
          { key: 'cluster', value: 'prod', state: 1 },
          { key: 'namespace', value: 'kube-system', state: -1 },
        ],
        summary: { 'scaled up, twice': 1 },
        source: { kubernetes: 1, 'aws/cloudtrail': -1 },
        externalCreatedBy: { 'ci-bot': 1, 'jane@x.io': -1 },
        from: 'now-7d',
        to: 'now',
        hideDeleted: false,
        page: 3,
        pageSize: 50,
        sortBy: 'name',
        sortDirection: 'asc',
      }),
    ).toStrictEqual({
      page: 3,
      page_size: 50,
      sort_by: 'name',
      include_deleted_configs: true,
      id: 'abc',
      config_type: 'Kubernetes::Pod,!AWS::EC2::Instance',
      type: 'diff,!Pulled',
      severity: 'high',
      from: 'now-7d',
      to: 'now',
      tags: 'cluster=prod,namespace!=kube-system',
      created_by: 'ci-bot,!jane@x.io',
      summary: 'scaled%20up%2C%20twice',
      source: 'kubernetes,!aws%2Fcloudtrail',
    });
  });

  it('a person id wins over external authors in created_by', () => {
    expect(
      catalogChangesBody({ ...BASE_CHANGES, createdBy: PERSON, externalCreatedBy: { bot: 1 } })
        .created_by,
    ).toBe(PERSON);
  });

  it('configType scopes the types; configTypes excludes still apply', () => {
    expect(
      catalogChangesBody({
        ...BASE_CHANGES,
        configType: 'Kubernetes::Pod',
        configTypes: { 'Kubernetes::Node': 1, 'Kubernetes::Job': -1 },
      }).config_type,
    ).toBe('Kubernetes::Pod,!Kubernetes::Job');
  });

  it('on a config page sends recursive from the toggles and depth 5', () => {
    const body = catalogChangesBody({
      ...BASE_CHANGES,
      id: ID,
      relations: { downstream: true, upstream: false },
    });
    expect(body).toMatchObject({ id: ID, recursive: 'downstream', depth: 5 });
    expect(recursiveMode({ downstream: true, upstream: true })).toBe('all');
    expect(recursiveMode({ downstream: false, upstream: true })).toBe('upstream');
    expect(recursiveMode({ downstream: false, upstream: false })).toBe('none');
    expect(
      catalogChangesBody({ ...BASE_CHANGES, relations: { downstream: true, upstream: true } }),
    ).not.toHaveProperty('recursive');
  });

  it('writes tag filters as a label selector with in/notin for several values', () => {
    expect(
      tagSelector([
        { key: 'env', value: 'prod', state: 1 },
        { key: 'env', value: 'stage', state: 1 },
        { key: 'team', value: 'a', state: -1 },
        { key: 'team', value: 'b', state: -1 },
      ]),
    ).toBe('env in (prod,stage),team notin (a,b)');
    expect(tagSelector([])).toBeUndefined();
  });

  it('POSTs and reads absent keys as empty ({} = no matches)', async () => {
    const change = { id: 'c1', config_id: ID, change_type: 'diff', created_at: '2026-01-01' };
    const { calls, client } = fakeClient(
      { body: { summary: { diff: 1 }, total: 15, changes: [change] } },
      { body: {} },
    );
    expect(await listCatalogChanges(client, BASE_CHANGES)).toEqual({
      summary: { diff: 1 },
      total: 15,
      changes: [change],
    });
    expect(calls[0]).toMatchObject({
      url: '/api/catalog/changes',
      method: 'POST',
      body: { page: 1, page_size: 200, sort_by: '-created_at', include_deleted_configs: false },
    });
    expect(await listCatalogChanges(client, BASE_CHANGES)).toEqual({
      summary: {},
      total: 0,
      changes: [],
    });
  });

  it('GETs one change with the detail select', async () => {
    const { calls, client } = fakeClient({ body: [{ id: 'c1' }] });
    expect(await getConfigChange(client, ID, 'c1')).toEqual({ id: 'c1' });
    expect(decoded(calls[0]?.url ?? '')).toBe(
      `/api/db/config_changes?config_id=eq.${ID}&id=eq.c1&select=id,config_id,change_type,` +
        'created_at,external_created_by,source,diff,details,patches,created_by,' +
        'config:configs(id,name,type,config_class)',
    );
  });
});

const BASE_INSIGHTS: InsightListParams = {
  sortBy: 'first_observed',
  sortOrder: 'desc',
  pageIndex: 0,
  pageSize: 50,
};
const INSIGHT_SELECT =
  'select=id,analysis_type,analyzer,severity,status,first_observed,last_observed,' +
  'config:configs(id,name,config_class,type)';

describe('insights', () => {
  it('defaults: the table columns, first observed newest first, 50 a page, counted', () => {
    const query = insightListQuery(BASE_INSIGHTS);
    expect(query.path).toBe('/db/config_analysis_items');
    expect(decoded(query.toString())).toBe(
      `${INSIGHT_SELECT}&order=first_observed.desc&limit=50&offset=0`,
    );
    expect(query.headers).toEqual({ Prefer: 'count=exact' });
  });

  it('filters status, type, severity (lower-case), analyzer, config and type; all dropped', () => {
    const query = insightListQuery({
      ...BASE_INSIGHTS,
      status: 'open',
      type: 'security',
      severity: 'High',
      analyzer: 'trivy',
      configId: ID,
      configType: 'Kubernetes::Pod',
      pageIndex: 1,
    });
    expect(decoded(query.toString())).toBe(
      `${INSIGHT_SELECT}&status=eq.open&analysis_type=eq.security&severity=eq.high` +
        `&analyzer=eq.trivy&config_id=eq.${ID}&config_type=eq.Kubernetes::Pod` +
        '&order=first_observed.desc&limit=50&offset=50',
    );
    const all = insightListQuery({ ...BASE_INSIGHTS, status: 'All', severity: 'all', type: '' });
    expect(decoded(all.toString())).toBe(
      `${INSIGHT_SELECT}&order=first_observed.desc&limit=50&offset=0`,
    );
  });

  it('sends both spellings of technical debt', () => {
    const query = insightListQuery({ ...BASE_INSIGHTS, type: 'technicalDebt' });
    expect(decoded(query.toString())).toContain(
      '&analysis_type=in.(technicalDebt,technical_debt)&',
    );
  });

  it('by component: looks the analyses up first and filters by their ids', async () => {
    const { calls, client } = fakeClient(
      { body: [{ id: 'a1' }, { id: 'a2' }] },
      { body: [{ id: 'a1' }], headers: { 'content-range': '0-0/2' } },
    );
    const page = await listInsights(client, { ...BASE_INSIGHTS, component: 'comp-1' });
    expect(page).toEqual({ rows: [{ id: 'a1' }], total: 2 });
    expect(calls[0]?.url).toBe('/api/db/rpc/lookup_analysis_by_component?id=comp-1');
    expect(decoded(calls[1]?.url ?? '')).toBe(
      `/api/db/config_analysis_items?${INSIGHT_SELECT}&id=in.(a1,a2)` +
        '&order=first_observed.desc&limit=50&offset=0',
    );
    expect(calls[1]?.url).not.toContain('component_id');
  });

  it('by a component without analyses: an empty page, no second request', async () => {
    const { calls, client } = fakeClient({ body: [] });
    expect(await listInsights(client, { ...BASE_INSIGHTS, component: 'c' })).toEqual({
      rows: [],
      total: 0,
    });
    expect(calls).toHaveLength(1);
  });

  it('GETs one insight with the detail select', async () => {
    const { calls, client } = fakeClient({ body: [{ id: 'a1', message: 'm' }] });
    expect(await getInsight(client, 'a1')).toEqual({ id: 'a1', message: 'm' });
    expect(decoded(calls[0]?.url ?? '')).toBe(
      '/api/db/config_analysis?select=id,source,analyzer,analysis_type,message,severity,status,' +
        'analysis,first_observed,config:configs(id,name,config_class,type)&id=eq.a1',
    );
  });

  it("GETs a config's insights, 50 a page, counted", async () => {
    const { calls, client } = fakeClient({ body: [], headers: { 'content-range': '*/0' } });
    expect(await listConfigInsights(client, { configId: ID, pageIndex: 1 })).toEqual({
      rows: [],
      total: 0,
    });
    expect(decoded(calls[0]?.url ?? '')).toBe(
      '/api/db/config_analysis?select=id,analyzer,analysis_type,message,severity,analysis,' +
        `first_observed,config:configs(id,name,config_class,type)&config_id=eq.${ID}` +
        '&limit=50&offset=50',
    );
    expect(calls[0]?.headers.Prefer).toBe('count=exact');
  });
});

describe('scrapers', () => {
  it('lists config_scrapers_with_status, newest first, non-deleted, limit 100', async () => {
    const { calls, client } = fakeClient({ body: [{ id: 's1', name: 'kubernetes' }] });
    expect(await listScrapers(client)).toEqual([{ id: 's1', name: 'kubernetes' }]);
    expect(decoded(calls[0]?.url ?? '')).toBe(
      '/api/db/config_scrapers_with_status?select=*,created_by(id,name,avatar)' +
        '&order=created_at.desc&deleted_at=is.null&limit=100',
    );
  });

  it('sorts by the given column', async () => {
    const { calls, client } = fakeClient({ body: [] });
    await listScrapers(client, { sortBy: 'name', sortOrder: 'asc' });
    expect(decoded(calls[0]?.url ?? '')).toContain('&order=name.asc&');
  });

  it('GETs one scraper by id, null when absent', async () => {
    const { calls, client } = fakeClient({ body: [{ id: 's1' }] }, { body: [] });
    expect(await getScraper(client, 's1')).toEqual({ id: 's1' });
    expect(calls[0]?.url).toBe('/api/db/config_scrapers?id=eq.s1');
    expect(await getScraper(client, 's1')).toBeNull();
  });
});

describe('filter option lists', () => {
  it('GETs each list with the contract relation and reads its column', async () => {
    const cases = [
      ['configTypes', '/api/db/config_types', { type: 'Kubernetes::Pod' }],
      ['configStatuses', '/api/db/config_statuses', { status: 'Running' }],
      ['changeTypes', '/api/db/change_types', { change_type: 'diff' }],
      ['analysisTypes', '/api/db/analysis_types', { analysis_type: 'security' }],
      ['analyzers', '/api/db/config_analysis_analyzers?order=analyzer.asc', { analyzer: 'trivy' }],
    ] as const;
    for (const [kind, url, row] of cases) {
      const { calls, client } = fakeClient({ body: [row, { [Object.keys(row)[0] ?? '']: null }] });
      expect(await listCatalogOptions(client, kind)).toEqual(Object.values(row));
      expect(calls[0]?.url).toBe(url);
    }
  });

  it('GETs label and tag pairs', async () => {
    const { calls, client } = fakeClient({ body: [{ key: 'app', value: 'web' }] });
    expect(await listConfigKeyValues(client, 'labels')).toEqual([{ key: 'app', value: 'web' }]);
    await listConfigKeyValues(client, 'tags');
    expect(calls.map((call) => call.url)).toEqual(['/api/db/config_labels', '/api/db/config_tags']);
  });

  it('are cached 60 s', () => {
    const { client } = fakeClient();
    expect(catalogOptionQueries.options(client, 'configTypes').staleTime).toBe(60_000);
    expect(catalogOptionQueries.keyValues(client, 'labels').staleTime).toBe(60_000);
  });
});

describe('keys and query options', () => {
  it('keys carry the base URL and the parameters', () => {
    expect(catalogKeys.config('/api', ID)).toEqual(['catalog', '/api', 'config', ID]);
    expect(catalogKeys.list('/a', BASE_LIST)).not.toEqual(catalogKeys.list('/b', BASE_LIST));
    expect(catalogKeys.configName('/api', ID).slice(0, 4)).toEqual(catalogKeys.config('/api', ID));
  });

  it('options use the 5-minute stale time and fetch through the client', async () => {
    const { calls, client } = fakeClient({ body: [{ id: ID }] });
    const options = catalogConfigQueries.config(client, ID);
    expect(options.queryKey).toEqual(catalogKeys.config('/api', ID));
    expect(options.staleTime).toBe(300_000);
    expect(catalogListQueries.summary(client, { groupBy: [], hideDeleted: true }).staleTime).toBe(
      300_000,
    );
    expect(catalogChangeQueries.changes(client, BASE_CHANGES).staleTime).toBe(300_000);
    // Paged lists keep the previous page on screen; single reads do not.
    expect(catalogChangeQueries.changes(client, BASE_CHANGES).placeholderData).toBe(
      keepPreviousData,
    );
    expect(catalogListQueries.list(client, BASE_LIST).placeholderData).toBe(keepPreviousData);
    expect(options.placeholderData).toBeUndefined();
    const queryFn = options.queryFn as unknown as (context: {
      signal: AbortSignal;
    }) => Promise<unknown>;
    expect(await queryFn({ signal: new AbortController().signal })).toEqual({ id: ID });
    expect(calls).toHaveLength(1);
  });
});
