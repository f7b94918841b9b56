import { describe, expect, it } from 'vitest';
import {
  listRelatedConfigs,
  RELATED_CONFIGS_MAX_ROWS,
  RELATED_CONFIGS_PAGE_SIZE,
  type RelatedConfig,
} from './catalog-relationships';
import type { ApiClient } from './client';

/** A data API holding `total` related rows that answers at most `cap` rows a request. */
function fakeClient(total: number, cap: number) {
  const queries: URLSearchParams[] = [];
  const client = {
    baseUrl: '/api',
    request: async (path: string, options: { query?: string } = {}) => {
      expect(path).toBe('/db/rpc/related_configs_recursive');
      const query = new URLSearchParams(options.query ?? '');
      queries.push(query);
      const offset = Number(query.get('offset') ?? 0);
      const limit = Math.min(Number(query.get('limit') ?? cap), cap);
      const count = Math.max(0, Math.min(limit, total - offset));
      const data: RelatedConfig[] = Array.from({ length: count }, (_, index) => ({
        id: `c${offset + index}`,
        name: `c${offset + index}`,
        type: 'Kubernetes::Pod',
        related_ids: [],
      }));
      return { data, status: 200, headers: new Headers() };
    },
  } as unknown as ApiClient;
  return { client, queries };
}

const params = {
  configId: 'root',
  typeFilter: 'outgoing',
  relation: 'hard',
  includeDeleted: false,
} as const;

describe('listRelatedConfigs', () => {
  it('asks once for a small graph', async () => {
    const { client, queries } = fakeClient(222, 2000);
    const result = await listRelatedConfigs(client, params);
    expect(result).toMatchObject({ truncated: false });
    expect(result.rows).toHaveLength(222);
    expect(queries).toHaveLength(1);
    expect(queries[0]?.get('limit')).toBe(String(RELATED_CONFIGS_PAGE_SIZE));
    expect(queries[0]?.has('offset')).toBe(false);
  });

  it('reads past the server’s cap of 2,000 rows page by page', async () => {
    const { client, queries } = fakeClient(4100, 2000);
    const result = await listRelatedConfigs(client, params);
    expect(result.rows).toHaveLength(4100);
    expect(new Set(result.rows.map((row) => row.id)).size).toBe(4100);
    expect(queries.map((query) => query.get('offset'))).toEqual([null, '2000', '4000']);
  });

  it('also pages when the server caps lower than the page size', async () => {
    const { client } = fakeClient(2500, 1000);
    expect((await listRelatedConfigs(client, params)).rows).toHaveLength(2500);
  });

  it('stops at the maximum and says so', async () => {
    const { client } = fakeClient(RELATED_CONFIGS_MAX_ROWS + 5, 2000);
    const result = await listRelatedConfigs(client, params);
    expect(result.truncated).toBe(true);
    expect(result.rows).toHaveLength(RELATED_CONFIGS_MAX_ROWS);
  });
});
