import { describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import {
  linkComponentToConfig,
  listComponentInsights,
  searchConfigs,
  unlinkComponentFromConfig,
} from './topology-sidebar';
import { snapshotFileName, topologySnapshotQuery } from './topology-snapshot';

const C = '11111111-1111-4111-8111-111111111111';
const CFG = '22222222-2222-4222-8222-222222222222';

function recorder(body: unknown = []) {
  const calls: { url: URL; method: string; body: unknown }[] = [];
  const client = createApiClient({
    baseUrl: '/api',
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      calls.push({
        url: new URL(String(input), 'http://x'),
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      return new Response(JSON.stringify(body), {
        headers: { 'content-type': 'application/json', 'content-range': '0-0/1' },
      });
    }) as typeof fetch,
  });
  return { client, calls };
}

describe('topology sidebar API', () => {
  it('links manually and unlinks only manual links', async () => {
    const { client, calls } = recorder(null);
    await linkComponentToConfig(client, { componentId: C, configId: CFG });
    await unlinkComponentFromConfig(client, { componentId: C, configId: CFG });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { component_id: C, config_id: CFG, selector_id: 'manual' },
    });
    expect(calls[0]?.url.pathname).toBe('/api/db/config_component_relationships');
    expect(calls[1]?.method).toBe('DELETE');
    expect(Object.fromEntries(calls[1]!.url.searchParams)).toEqual({
      component_id: `eq.${C}`,
      config_id: `eq.${CFG}`,
      selector_id: 'eq.manual',
    });
  });

  it('searches at most 50 live configs, with filter syntax neutralised', async () => {
    const { client, calls } = recorder([]);
    await searchConfigs(client, 'a*b,(c)');
    const params = calls[0]!.url.searchParams;
    expect(params.get('limit')).toBe('50');
    expect(params.get('deleted_at')).toBe('is.null');
    expect(params.get('name')).toBe('ilike.*a b  c*');
  });

  it("keeps the embedded analysis whose id is the row's analysis_id", async () => {
    const { client } = recorder([
      {
        analysis_id: 'a2',
        config: {
          id: CFG,
          name: 'web',
          analysis: [
            { id: 'a1', analysis_type: 'cost' },
            { id: 'a2', analysis_type: 'security', severity: 'high' },
          ],
        },
      },
    ]);
    const page = await listComponentInsights(client, C, 0);
    expect(page.rows).toEqual([
      expect.objectContaining({ id: 'a2', analysis_type: 'security', config_id: CFG }),
    ]);
    expect(page.rows[0]?.config).toEqual({ id: CFG, name: 'web' });
    expect(page.total).toBe(1);
  });

  it('names the snapshot file and sends start and related', () => {
    expect(snapshotFileName('web')).toBe('web-snapshot.zip');
    expect(snapshotFileName('a/b')).toBe('a-b-snapshot.zip');
    expect(topologySnapshotQuery({ start: '15m', related: false })).toEqual({
      start: '15m',
      related: 'false',
    });
  });
});
