import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { getTopologyComponent, topologyQuery } from './topology';

describe('topologyQuery', () => {
  it('writes lists and labels as comma lists and leaves unset values out', () => {
    expect(
      topologyQuery({
        id: 'c1',
        status: ['healthy', 'warning'],
        type: [],
        labels: { env: 'prod', team: 'sre' },
        agentId: 'local',
        hidden: false,
        flatten: true,
        depth: 2,
        sortBy: 'field:CPU',
        sortOrder: 'desc',
      }),
    ).toEqual({
      id: 'c1',
      status: 'healthy,warning',
      type: undefined,
      team: undefined,
      labels: 'env=prod,team=sre',
      agent_id: 'local',
      owner: undefined,
      hidden: 'false',
      flatten: 'true',
      depth: '2',
      sortBy: 'field:CPU',
      sortOrder: 'desc',
    });
    expect(Object.values(topologyQuery({})).every((value) => value === undefined)).toBe(true);
  });
});

describe('getTopologyComponent', () => {
  function clientAnswering(body: unknown) {
    const fetch = vi.fn<typeof globalThis.fetch>(() =>
      Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      ),
    );
    return { fetch, client: createApiClient({ baseUrl: '/api', fetch }) };
  }

  it('asks for the component with one level of children and returns components[0]', async () => {
    const { fetch, client } = clientAnswering({ components: [{ id: 'c1', name: 'Cluster' }] });
    expect(await getTopologyComponent(client, 'c1')).toEqual({ id: 'c1', name: 'Cluster' });
    const url = String(fetch.mock.calls[0]?.[0]);
    expect(url).toBe('/api/canary/api/topology?id=c1&depth=1');
  });

  it('returns null when the answer has no component', async () => {
    expect(await getTopologyComponent(clientAnswering({ components: [] }).client, 'x')).toBeNull();
    expect(await getTopologyComponent(clientAnswering({}).client, 'x')).toBeNull();
  });
});
