import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import {
  getComponentName,
  listComponentsWithLogs,
  LOGS_FOLLOW_INTERVAL_MS,
  logKeys,
  logQueries,
  logSearchBody,
  normalizeLogResult,
  searchLogs,
} from './logs';

function clientAnswering(body: unknown, status = 200) {
  const fetch = vi.fn<typeof globalThis.fetch>(() =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  return { fetch, client: createApiClient({ baseUrl: '/api', fetch }) };
}

function sent(fetch: ReturnType<typeof clientAnswering>['fetch'], call = 0) {
  const [url, init] = fetch.mock.calls[call] ?? [];
  return {
    url: String(url),
    method: init?.method ?? 'GET',
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  };
}

describe('dropdown sources', () => {
  it('lists components with logs by name (api.md §6)', async () => {
    const { fetch, client } = clientAnswering([{ id: 'c1', name: 'api' }]);
    expect(await listComponentsWithLogs(client)).toEqual([{ id: 'c1', name: 'api' }]);
    expect(sent(fetch).url).toBe('/api/db/components_with_logs?order=name.asc');
  });

  it('reads one component name by id, null when absent', async () => {
    const found = clientAnswering([{ id: 'c1', name: 'api' }]);
    expect(await getComponentName(found.client, 'c1')).toEqual({ id: 'c1', name: 'api' });
    expect(sent(found.fetch).url).toBe('/api/db/component_names?id=eq.c1');
    expect(await getComponentName(clientAnswering([]).client, 'c2')).toBeNull();
  });
});

describe('logSearchBody', () => {
  it('sends the id, and the other fields only when set', () => {
    expect(logSearchBody({ id: 'c1' })).toEqual({ id: 'c1' });
    expect(
      logSearchBody({
        id: 'c1',
        name: 'app',
        query: '  timeout ',
        labels: { pod: 'a' },
        start: '2024-01-01T00:00:00.000Z',
        end: '2024-01-01T01:00:00.000Z',
      }),
    ).toEqual({
      id: 'c1',
      name: 'app',
      query: 'timeout',
      labels: { pod: 'a' },
      start: '2024-01-01T00:00:00.000Z',
      end: '2024-01-01T01:00:00.000Z',
    });
    expect(logSearchBody({ id: 'c1', name: '', query: '   ', labels: {} })).toEqual({ id: 'c1' });
  });
});

describe('normalizeLogResult', () => {
  it('keeps lines with a string message and stringifies label values', () => {
    expect(
      normalizeLogResult({
        total: 7,
        results: [
          { timestamp: '2024-01-01T00:00:00Z', message: 'a', labels: { n: 3, ok: true, x: null } },
          { timestamp: 5, message: 'b' },
          { message: 42 },
          'junk',
        ],
      }),
    ).toEqual({
      total: 7,
      results: [
        { timestamp: '2024-01-01T00:00:00Z', message: 'a', labels: { n: '3', ok: 'true' } },
        { timestamp: '', message: 'b', labels: {} },
      ],
    });
  });

  it('reads a missing or odd body as no lines, and a missing total as the line count', () => {
    expect(normalizeLogResult(null)).toEqual({ total: 0, results: [] });
    expect(normalizeLogResult({ results: 'x' })).toEqual({ total: 0, results: [] });
    expect(normalizeLogResult({ results: [{ timestamp: 't', message: 'm' }] }).total).toBe(1);
  });
});

describe('searchLogs', () => {
  it('posts the body to /logs', async () => {
    const { fetch, client } = clientAnswering({ total: 0, results: [] });
    await searchLogs(client, { id: 'c1', name: 'app', query: 'err' });
    expect(sent(fetch)).toEqual({
      url: '/api/logs',
      method: 'POST',
      body: { id: 'c1', name: 'app', query: 'err' },
    });
  });

  it("throws the server's message on an error", async () => {
    const { client } = clientAnswering(
      { error: 'Log selector was not found', message: "Log selector with the name 'x'…" },
      400,
    );
    await expect(searchLogs(client, { id: 'c1', name: 'x' })).rejects.toThrow(
      'Log selector was not found',
    );
  });
});

describe('logQueries.search', () => {
  it('resolves the range on every fetch and polls only when following', async () => {
    const { fetch, client } = clientAnswering({ total: 0, results: [] });
    let tick = 0;
    const resolve = () => {
      tick += 1;
      return { start: `s${tick}`, end: `e${tick}` };
    };
    const key = { id: 'c1', name: '', query: '', range: '15m' };
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = logQueries.search(client, key, resolve);
    expect(options.queryKey).toEqual(logKeys.search('/api', key));
    expect(options.refetchInterval).toBe(false);
    expect(logQueries.search(client, key, resolve, true).refetchInterval).toBe(
      LOGS_FOLLOW_INTERVAL_MS,
    );
    await queryClient.fetchQuery(options);
    await queryClient.fetchQuery({ ...options, staleTime: 0 });
    expect(sent(fetch, 0).body).toEqual({ id: 'c1', start: 's1', end: 'e1' });
    expect(sent(fetch, 1).body).toEqual({ id: 'c1', start: 's2', end: 'e2' });
  });

  it('keeps the previous lines for a new search of the same selector only', () => {
    const { client } = clientAnswering({});
    const options = logQueries.search(
      client,
      { id: 'c1', name: 'app', query: 'b', range: '15m' },
      () => ({}),
    );
    const placeholder = options.placeholderData as (
      previous: unknown,
      query: { queryKey: readonly unknown[] } | undefined,
    ) => unknown;
    const previous = { total: 1, results: [] };
    const same = {
      queryKey: logKeys.search('/api', { id: 'c1', name: 'app', query: 'a', range: '15m' }),
    };
    const other = {
      queryKey: logKeys.search('/api', { id: 'c2', name: 'app', query: 'a', range: '15m' }),
    };
    expect(placeholder(previous, same)).toBe(previous);
    expect(placeholder(previous, other)).toBeUndefined();
    expect(placeholder(undefined, undefined)).toBeUndefined();
  });
});
