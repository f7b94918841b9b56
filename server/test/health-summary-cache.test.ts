/**
 * The health summary kept between requests while the database has not changed, and its ETag
 * (server/src/routes/summary-cache.ts): every write shows in the next answer, whichever statement
 * or function made it, and a client holding the same checks gets a 304.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { CanarySummaryResponse } from '../../src/api/types';
import type { Db } from '../src/db/types';
import { matchesEtag, SummaryReader, summaryEtag } from '../src/routes/summary-cache';
import { freshDemoAppPerFile } from './fixtures/app';
import { statusAboutToLeaveTheHour } from './fixtures/check-statuses';

const t = freshDemoAppPerFile();

async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return t.app.request(path, { headers });
}

async function read(path = '/api/canary/api/summary?view=list'): Promise<CanarySummaryResponse> {
  const response = await get(path, { 'accept-encoding': 'gzip' });
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  const text =
    response.headers.get('content-encoding') === 'gzip'
      ? gunzipSync(bytes).toString('utf8')
      : bytes.toString('utf8');
  return JSON.parse(text) as CanarySummaryResponse;
}

const namesOf = (body: CanarySummaryResponse) =>
  (body.checks_summary ?? []).map((check) => check.name);

describe('the kept summary', () => {
  it('answers the same checks again while nothing changed', async () => {
    // The first read may tidy pages up (a write of its own); after it, the answer is kept: the
    // very same text, duration included.
    await read();
    const first = await read();
    const second = await read();
    expect(second).toEqual(first);
    const plain = await get('/api/canary/api/summary?view=list', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(await plain.text())).toEqual(first);
  });

  it('shows a write made by a statement at once', async () => {
    await read();
    await t.db.query(
      `UPDATE checks SET name = 'renamed /healthz' WHERE name = 'gateway /healthz' AND deleted_at IS NULL`,
    );
    const after = await read();
    expect(namesOf(after)).toContain('renamed /healthz');
    expect(namesOf(after)).not.toContain('gateway /healthz');
    // The contract's form too.
    expect(namesOf(await read('/api/canary/api/summary'))).toContain('renamed /healthz');
  });

  it('shows a write made inside a function called by a SELECT', async () => {
    await read();
    await t.db.exec(`
      CREATE OR REPLACE FUNCTION pg_temp.rename_check(old text, new text) RETURNS void
      LANGUAGE sql AS $$ UPDATE checks SET name = new WHERE name = old $$;`);
    await read();
    await t.db.query(`SELECT pg_temp.rename_check('renamed /healthz', 'renamed again')`);
    expect(namesOf(await read())).toContain('renamed again');
  });

  it('shows new statuses and deleted checks', async () => {
    const before = await read();
    const check = before.checks_summary?.find((candidate) => candidate.name === 'renamed again');
    expect(check).toBeDefined();
    await t.db.query(
      `INSERT INTO check_statuses (check_id, time, status, duration)
       SELECT id, now(), false, 5 FROM checks WHERE name = 'renamed again'`,
    );
    const after = await read();
    const updated = after.checks_summary?.find((candidate) => candidate.id === check?.id);
    expect(updated?.uptime.failed).toBe((check?.uptime.failed ?? 0) + 1);
    await t.db.query(`UPDATE checks SET deleted_at = now() WHERE name = 'renamed again'`);
    expect(namesOf(await read())).not.toContain('renamed again');
  });

  it('does not keep a status that has left the last hour', async () => {
    const id = (
      await t.db.query<{ id: string }>(
        `SELECT id::text FROM checks WHERE name = 'loki /ready' AND deleted_at IS NULL`,
      )
    ).rows[0]!.id;
    await statusAboutToLeaveTheHour(t.db, id);
    const uptimeOf = async () =>
      (await read()).checks_summary?.find((check) => check.id === id)?.uptime;
    expect(await uptimeOf()).toEqual({ passed: 1, failed: 1 });
    expect(await uptimeOf()).toEqual({ passed: 1, failed: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    // Nothing was written meanwhile: only the hour moved on.
    expect(await uptimeOf()).toEqual({ passed: 1, failed: 0 });
  });

  it('does not use a kept answer when no summary version can be read', async () => {
    let calls = 0;
    const reader = new SummaryReader(
      {
        ...t.db,
        kind: 'pglite',
        query: () => Promise.reject(new Error('recovery is in progress')),
      } as unknown as Db,
      {
        checks: async () => {
          calls += 1;
          return `[{"n":${calls}}]`;
        },
        json: (duration, checks) => `{"duration":${duration},"checks_summary":${checks}}`,
      },
    );
    const first = await reader.read('list');
    const second = await reader.read('list');
    expect(first.json).toContain('"n":1');
    expect(second.json).toContain('"n":2');
  });
});

describe('the summary ETag', () => {
  it('answers 304 without a body while the checks are the same', async () => {
    const response = await get('/api/canary/api/summary?view=list', { 'accept-encoding': 'gzip' });
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const again = await get('/api/canary/api/summary?view=list', { 'if-none-match': etag ?? '' });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // Another form has another tag.
    const full = await get('/api/canary/api/summary', { 'if-none-match': etag ?? '' });
    expect(full.status).toBe(200);
    expect(full.headers.get('etag')).not.toBe(etag);
  });

  it('changes when the checks change', async () => {
    const response = await get('/api/canary/api/summary?view=list');
    const etag = response.headers.get('etag') ?? '';
    await t.db.query(`UPDATE checks SET description = 'changed' WHERE name = 'loki /ready'`);
    const after = await get('/api/canary/api/summary?view=list', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('is weak, over the form and the checks only', () => {
    expect(summaryEtag('list', '[]')).toBe(summaryEtag('list', '[]'));
    expect(summaryEtag('list', '[]')).not.toBe(summaryEtag('full', '[]'));
    expect(matchesEtag('W/"a", W/"b"', 'W/"b"')).toBe(true);
    expect(matchesEtag('"b"', 'W/"b"')).toBe(true);
    expect(matchesEtag('*', 'W/"b"')).toBe(true);
    expect(matchesEtag('W/"c"', 'W/"b"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"b"')).toBe(false);
  });
});
