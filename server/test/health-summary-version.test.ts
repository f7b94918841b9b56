/**
 * The kept health summary follows the summary's version (migration 0037,
 * server/src/routes/summary-cache.ts), not every write of the database: a sign-in, a session or a
 * job's history no longer makes the next /health load read every check again, while every write
 * the summary shows (a check, a canary, a status, an expiry) still does.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { CanarySummaryResponse } from '../../src/api/types';
import { readSummaryChecks, summaryJson, type SummaryView } from '../src/routes/canary';
import { SummaryReader } from '../src/routes/summary-cache';
import { freshDemoAppPerFile } from './fixtures/app';
import { statusAboutToLeaveTheHour } from './fixtures/check-statuses';

const t = freshDemoAppPerFile();

/** A reader of the test database that counts its full reads. */
function countingReader(): { reader: SummaryReader; reads: () => number } {
  let reads = 0;
  const reader = new SummaryReader(t.db, {
    checks: (view: SummaryView, expire: boolean) => {
      reads += 1;
      return readSummaryChecks(t.db, undefined, view, expire);
    },
    json: summaryJson,
  });
  return { reader, reads: () => reads };
}

async function checksOf(reader: SummaryReader): Promise<CanarySummaryResponse['checks_summary']> {
  const answer = await reader.read('list');
  const text = answer.json ?? gunzipSync(answer.gzip ?? Buffer.alloc(0)).toString('utf8');
  return (JSON.parse(text) as CanarySummaryResponse).checks_summary;
}

/** The summary as read now, without any keeping. */
async function direct(): Promise<CanarySummaryResponse['checks_summary']> {
  return (
    JSON.parse(summaryJson(0, await readSummaryChecks(t.db, undefined, 'list'))) as {
      checks_summary: CanarySummaryResponse['checks_summary'];
    }
  ).checks_summary;
}

const walPosition = async () =>
  (await t.db.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn')).rows[0]
    ?.lsn;

describe('the kept summary and writes elsewhere', () => {
  it('keeps its answer while only other tables are written', async () => {
    const { reader, reads } = countingReader();
    const first = await checksOf(reader);
    expect(reads()).toBe(1);
    const before = await walPosition();
    await t.db.exec(`CREATE TABLE IF NOT EXISTS summary_version_probe (n integer)`);
    await t.db.query('INSERT INTO summary_version_probe VALUES (1)');
    await t.db.query(
      `UPDATE people SET updated_at = now() WHERE id = (SELECT id FROM people LIMIT 1)`,
    );
    // The database did change (the WAL moved), not what the summary is made of.
    expect(await walPosition()).not.toBe(before);
    expect(await checksOf(reader)).toEqual(first);
    expect(reads()).toBe(1);
  });

  it('reads again after a write to the checks, the canaries or the statuses', async () => {
    const { reader, reads } = countingReader();
    await checksOf(reader);
    const id = (
      await t.db.query<{ id: string; canary_id: string }>(
        `SELECT id::text, canary_id::text FROM checks WHERE deleted_at IS NULL ORDER BY name LIMIT 1`,
      )
    ).rows[0]!;
    await t.db.query(`UPDATE checks SET description = 'version probe' WHERE id = $1`, [id.id]);
    expect((await checksOf(reader))?.find((check) => check.id === id.id)?.description).toBe(
      'version probe',
    );
    expect(reads()).toBe(2);
    // A canary's name is the summary's order (and a field of its checks).
    await t.db.query(`UPDATE canaries SET name = name || ' renamed' WHERE id = $1`, [id.canary_id]);
    expect(await checksOf(reader)).toEqual(await direct());
    expect(reads()).toBe(3);
    await t.db.query(
      `INSERT INTO check_statuses (check_id, time, status, duration) VALUES ($1, now(), false, 7)`,
      [id.id],
    );
    expect(await checksOf(reader)).toEqual(await direct());
    expect(reads()).toBe(4);
    // A write rolled back leaves the checks as they were: the answer read again is the same.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(`UPDATE checks SET description = 'rolled back' WHERE id = $1`, [id.id]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await checksOf(reader)).toEqual(await direct());
  });

  it('shows a status that left the hour, and keeps the answer read after that', async () => {
    const { reader, reads } = countingReader();
    const id = (
      await t.db.query<{ id: string }>(
        `SELECT id::text FROM checks WHERE name = 'loki /ready' AND deleted_at IS NULL`,
      )
    ).rows[0]!.id;
    await statusAboutToLeaveTheHour(t.db, id);
    const uptimeOf = async () => (await checksOf(reader))?.find((check) => check.id === id)?.uptime;
    expect(await uptimeOf()).toEqual({ passed: 1, failed: 1 });
    const before = reads();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    // Nothing was written meanwhile: only the hour moved on.
    expect(await uptimeOf()).toEqual({ passed: 1, failed: 0 });
    expect(reads()).toBe(before + 1);
    // The answer read after the rewrite is the one kept: no further read.
    expect(await uptimeOf()).toEqual({ passed: 1, failed: 0 });
    expect(reads()).toBe(before + 1);
    expect(await checksOf(reader)).toEqual(await direct());
  });
});
