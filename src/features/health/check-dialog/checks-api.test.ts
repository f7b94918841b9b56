/** src/api/checks.ts (tested here: this folder owns it) and the dialog's pure helpers. */
import { describe, expect, it } from 'vitest';
import { listRunnablePlaybooks } from '../../../api/playbooks';
import {
  checkStatusQuery,
  evidenceHypothesisId,
  getCheckDetail,
  graphStartParam,
  listCheckStatuses,
  parseTimeRange,
  timeRangeStart,
} from '../../../api/checks';
import { createApiClient } from '../../../api/client';
import type { CheckDetail, CheckSummary } from '../../../api/types';
import { fakeFetch, jsonResponse, type FakeApi } from '../../../test/render-with-providers';
import { runResultMessage } from './check-dialog-actions';
import { canaryEditTarget } from './check-dialog-links';
import { endpointFromSpec, toCheckView } from '../../../entities/check/check-view';

const now = new Date('2024-10-21T12:00:00.000Z');

function clientFor(api: FakeApi) {
  const requests: { url: string; init?: RequestInit }[] = [];
  const fetch = fakeFetch(api);
  const client = createApiClient({
    baseUrl: '/api',
    fetch: (input, init) => {
      requests.push({ url: String(input), init });
      return fetch(input, init);
    },
  });
  return { client, requests };
}

describe('time ranges', () => {
  it('parses relative range keys', () => {
    expect(parseTimeRange('15m')).toEqual({ amount: 15, unit: 'm' });
    expect(parseTimeRange('6mo')).toEqual({ amount: 6, unit: 'mo' });
    expect(parseTimeRange('2M')).toEqual({ amount: 2, unit: 'mo' });
    expect(parseTimeRange('1y')).toEqual({ amount: 1, unit: 'y' });
    for (const bad of ['', '0h', 'h', '1x', 'now-1h', '1.5h'])
      expect(parseTimeRange(bad)).toBe(undefined);
  });

  it('starts the window at now minus the range', () => {
    expect(timeRangeStart('1h', now).toISOString()).toBe('2024-10-21T11:00:00.000Z');
    expect(timeRangeStart('2d', now).toISOString()).toBe('2024-10-19T12:00:00.000Z');
    expect(timeRangeStart('3mo', now).toISOString()).toBe('2024-07-21T12:00:00.000Z');
    expect(timeRangeStart('1y', now).toISOString()).toBe('2023-10-21T12:00:00.000Z');
    expect(timeRangeStart('bogus', now).toISOString()).toBe('2024-10-21T11:00:00.000Z');
  });

  it('sends month keys to the graph as a timestamp and other keys as they are', () => {
    expect(graphStartParam('1h', now)).toBe('1h');
    expect(graphStartParam('1w', now)).toBe('1w');
    expect(graphStartParam('2y', now)).toBe('2y');
    expect(graphStartParam('1mo', now)).toBe('2024-09-21T12:00:00.000Z');
    expect(graphStartParam('??', now)).toBe('1h');
  });
});

describe('check statuses', () => {
  it('builds the contract query with filters and paging', () => {
    const query = checkStatusQuery(
      {
        checkId: 'c1',
        timeRange: '1h',
        status: 'unhealthy',
        minDurationMs: 1500,
        pageIndex: 2,
        pageSize: 50,
      },
      now,
    );
    expect(query.path).toBe('/db/check_statuses');
    expect(query.headers).toEqual({ Prefer: 'count=exact' });
    expect(decodeURIComponent(query.toString())).toBe(
      'check_id=eq.c1&time=gt.2024-10-21T11:00:00.000Z&order=time.desc&status=eq.0&duration=gte.1500&limit=50&offset=100',
    );
    const healthy = checkStatusQuery(
      { checkId: 'c1', timeRange: '1h', status: 'healthy', pageIndex: 0, pageSize: 5 },
      now,
    );
    expect(healthy.toString()).toContain('status=eq.1');
    expect(healthy.toString()).not.toContain('duration');
  });

  it('reads the total from Content-Range and treats 416 as an empty page', async () => {
    const { client, requests } = clientFor({
      '/db/check_statuses': () =>
        jsonResponse([{ check_id: 'c1', time: now.toISOString(), status: true }], 206, {
          'content-range': '0-0/321',
        }),
    });
    const params = {
      checkId: 'c1',
      timeRange: '1h',
      status: 'all' as const,
      pageIndex: 0,
      pageSize: 1,
    };
    await expect(listCheckStatuses(client, params)).resolves.toMatchObject({ totalEntries: 321 });
    expect(new Headers(requests[0]?.init?.headers).get('Prefer')).toBe('count=exact');

    const empty = clientFor({
      '/db/check_statuses': () =>
        new Response('[]', { status: 416, headers: { 'content-range': '*/3' } }),
    });
    await expect(listCheckStatuses(empty.client, params)).resolves.toEqual({
      data: [],
      totalEntries: undefined,
    });
  });
});

describe('check detail and playbooks', () => {
  it('selects the check with its canary, agent and relationships; null when missing', async () => {
    const { client, requests } = clientFor({ '/db/checks': [] });
    await expect(getCheckDetail(client, 'c1')).resolves.toBeNull();
    const url = decodeURIComponent(requests[0]?.url ?? '');
    expect(url).toContain('id=eq.c1');
    expect(url).toContain(
      'select=*,canaries!checks_canary_id_fkey(id,name,source),agents!checks_agent_id_fkey(id,name),components:check_component_relationships(components(id,name,icon)),configs:check_config_relationships(configs(id,name,type))',
    );
  });

  it('lists runnable playbooks with titles, falling back to names', async () => {
    const { client, requests } = clientFor({
      '/playbook/list': [
        { id: 'p1', name: 'restart' },
        { id: 'p2', name: 'scale', parameters: [{ name: 'replicas' }] },
      ],
      '/db/playbooks': [{ id: 'p1', title: 'Restart pod', spec: { icon: 'k8s' } }],
    });
    const list = await listRunnablePlaybooks(client, { kind: 'check', id: 'c1' });
    expect(list).toEqual([
      { id: 'p1', name: 'restart', title: 'Restart pod', icon: 'k8s', parameters: [] },
      {
        id: 'p2',
        name: 'scale',
        title: 'scale',
        icon: undefined,
        parameters: [{ name: 'replicas' }],
      },
    ]);
    expect(requests[0]?.url).toBe('/api/playbook/list?check_id=c1');
    expect(decodeURIComponent(requests[1]?.url ?? '')).toContain(
      'id=in.(p1,p2)&select=id,title,spec',
    );
  });

  it('attaches evidence to the root hypothesis, else the first', () => {
    expect(
      evidenceHypothesisId({
        id: 'i',
        title: 't',
        hypotheses: [
          { id: 'h1', type: 'factor' },
          { id: 'h2', type: 'root' },
        ],
      }),
    ).toBe('h2');
    expect(evidenceHypothesisId({ id: 'i', title: 't', hypotheses: [{ id: 'h1' }] })).toBe('h1');
    expect(evidenceHypothesisId({ id: 'i', title: 't', hypotheses: [] })).toBeUndefined();
  });
});

describe('dialog helpers', () => {
  it('links Edit to the canary, its custom resource or its component', () => {
    expect(canaryEditTarget({ id: 'k1', source: 'UI' })).toEqual({
      kind: 'canary',
      href: '/settings/canaries/k1',
    });
    expect(canaryEditTarget({ id: 'k1', name: 'web', source: 'kubernetes/abc' })).toEqual({
      kind: 'crd',
      href: '/catalog/k1',
      name: 'web',
    });
    expect(canaryEditTarget({ id: 'k1', source: 'component/comp-9' })).toEqual({
      kind: 'component',
      componentId: 'comp-9',
    });
    expect(canaryEditTarget({ id: 'k1', source: 'component/' }).kind).toBe('canary');
  });

  it('phrases Run Now results', () => {
    expect(runResultMessage(null)).toEqual({ tone: 'success', message: 'Check run completed' });
    expect(runResultMessage({ pass: true, duration: 1500 })).toEqual({
      tone: 'success',
      message: 'Check passed in 1.5s',
    });
    expect(runResultMessage({ pass: false, error: 'connection refused' })).toEqual({
      tone: 'error',
      message: 'Check failed: connection refused',
    });
  });

  it('merges the check row and the summary row', () => {
    const detail: CheckDetail = {
      id: 'c1',
      canary_id: 'k1',
      agent_id: '00000000-0000-0000-0000-000000000000',
      name: 'homepage',
      labels: { team: 'web' },
      spec: { url: 'https://example.com' },
      canaries: { id: 'k1', name: 'web', source: 'UI' },
      agents: null,
      components: [{ components: { id: 'cp', name: 'frontend' } }, { components: null }],
      configs: [{ configs: { id: 'cf', name: 'deploy', type: 'Kubernetes::Deployment' } }],
    };
    const summary = {
      id: 'c1',
      canary_id: 'k1',
      name: 'homepage',
      labels: { env: 'prod', team: 'web' },
      uptime: { passed: 1, failed: 0 },
      latency: {},
    } satisfies CheckSummary;
    const view = toCheckView(detail, summary);
    expect(view).toMatchObject({
      endpoint: 'https://example.com',
      agentName: 'local',
      labels: { env: 'prod', team: 'web' },
      canary: { id: 'k1', name: 'web', source: 'UI' },
      components: [{ id: 'cp', name: 'frontend' }],
      configs: [{ id: 'cf', name: 'deploy' }],
    });
    expect(toCheckView(undefined, undefined)).toBeUndefined();
    expect(endpointFromSpec({ host: ' db:5432 ' })).toBe('db:5432');
    expect(endpointFromSpec({ port: 1 })).toBeUndefined();
  });
});
