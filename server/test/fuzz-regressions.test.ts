/**
 * Requests found by `npm run fuzz` (scripts/fuzz.mjs) that answered 500: each must now be a 400
 * with a message, and the valid neighbour of each must still answer 200.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatemath, parseDuration as parseCatalogDuration } from '../src/catalog/datemath';
import type { Db } from '../src/db/types';
import { parseDuration, parseTimeBound } from '../src/routes/canary';
import { buildApp, openTestDb, type TestApp } from './fixtures/app';

let db: Db;
let t: TestApp;
let check: string;

beforeAll(async () => {
  db = await openTestDb({ seed: true });
  t = buildApp(db, { auth: 'none' });
  const row = await db.query<{ id: string }>('SELECT id FROM checks LIMIT 1');
  check = row.rows[0]?.id ?? '';
});
afterAll(async () => db.close());

async function get(path: string): Promise<{ status: number; body: unknown }> {
  const response = await t.app.request(path);
  return { status: response.status, body: await response.json() };
}

async function post(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe('catalog changes', () => {
  it('refuses a page whose offset does not fit an integer (was 500 22P02)', async () => {
    expect(await get('/api/catalog/changes?page=99999999999999999999')).toEqual({
      status: 400,
      body: { error: "invalid 'page' param: must be at most 42949673 with page_size 50" },
    });
    expect((await post('/api/catalog/changes', { page: 2147485, page_size: 1000 })).status).toBe(
      400,
    );
    expect((await post('/api/catalog/changes', { page: 2147484, page_size: 1000 })).status).toBe(
      200,
    );
  });

  it('takes `key` and `!key` tag selectors beside other filters (was 500 42P18)', async () => {
    for (const tags of ['cluster', '!cluster', 'cluster,!namespace', 'a=b,c']) {
      const answer = await post('/api/catalog/changes', { config_type: '!Kubernetes::Pod', tags });
      expect(answer.status, tags).toBe(200);
    }
    const existing = await post('/api/catalog/changes', { tags: 'cluster', from: 'now-30d' });
    const absent = await post('/api/catalog/changes', { tags: '!cluster', from: 'now-30d' });
    const all = await post('/api/catalog/changes', { from: 'now-30d' });
    const total = (answer: { body: unknown }): number =>
      (answer.body as { total?: number }).total ?? 0;
    expect(total(existing) + total(absent)).toBe(total(all));
  });

  it('refuses instants PostgreSQL cannot store (was 500 22008)', async () => {
    for (const from of ['0000-01-01', '0000-01-01T00:00:00Z', 'now-9000y']) {
      expect(await post('/api/catalog/changes', { from }), from).toEqual({
        status: 400,
        body: { error: "invalid 'from' param" },
      });
    }
    expect(parseDatemath('0001-01-01T00:00:00Z')?.toISOString()).toBe('0001-01-01T00:00:00.000Z');
  });
});

describe('catalog summary', () => {
  it('ignores a label filter with an empty list (was 500 42P18)', async () => {
    const filtered = await post('/api/catalog/summary', {
      filter: { app: '', team: ' , ' },
      health: 'unhealthy,warning',
    });
    const plain = await post('/api/catalog/summary', { health: 'unhealthy,warning' });
    expect(filtered.status).toBe(200);
    expect(filtered.body).toEqual(plain.body);
  });

  it('refuses a change window longer than a Go duration (was 500 interval out of range)', async () => {
    expect(await post('/api/catalog/summary', { changes: { since: '300000y' } })).toEqual({
      status: 400,
      body: { error: 'changes since is invalid' },
    });
    expect((await post('/api/catalog/summary', { changes: { since: '290y' } })).status).toBe(200);
    expect(parseCatalogDuration('292y')).toBe(292 * 365 * 86_400_000);
    expect(parseCatalogDuration('293y')).toBeUndefined();
  });
});

describe('check graph bounds', () => {
  it.each([
    ['start=0000-01-01T00:00:00Z', 'start is invalid: 0000-01-01T00:00:00Z'],
    ['since=99999999999999999999999h&end=0', 'start is invalid: 99999999999999999999999h'],
    ['start=300000y', 'start is invalid: 300000y'],
    ['start=1h&end=0000-06-01T00:00:00Z', 'end is invalid: 0000-06-01T00:00:00Z'],
  ])('%s is a 400 (was 500)', async (query, error) => {
    expect(await get(`/api/canary/api/graph?check=${check}&${query}`)).toEqual({
      status: 400,
      body: { error },
    });
  });

  it('still draws a graph over 290 years', async () => {
    expect((await get(`/api/canary/api/graph?check=${check}&start=290y`)).status).toBe(200);
  });

  it('parses durations up to about 292 years and instants of the years 1 to 9999', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseDuration('292y')).toBe(292 * 365 * 86_400_000);
    expect(parseDuration('293y')).toBeUndefined();
    expect(parseDuration('1e3h')).toBeUndefined();
    expect(parseTimeBound('0001-01-01T00:00:00Z', now)).toBe(Date.parse('0001-01-01T00:00:00Z'));
    expect(parseTimeBound('0000-12-31T00:00:00Z', now)).toBeUndefined();
  });
});
