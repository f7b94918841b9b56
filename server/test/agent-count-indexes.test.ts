/**
 * The agents list's counts (agents_summary, migration 0033): each agent's checks and playbook runs
 * are counted through an index on agent_id, not by reading the checks' unique index or the runs'
 * whole table once per agent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import { openMigratedPglite } from './fixtures/db-templates';

describe('agents_summary counts', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openMigratedPglite();
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  it('count checks and playbook runs through their agent_id indexes', async () => {
    await db.exec('SET enable_seqscan = off');
    try {
      const plan = (
        await db.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT * FROM agents_summary ORDER BY name NULLS FIRST, id LIMIT 50`,
        )
      ).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      expect(plan).toContain('checks_agent_id_idx');
      expect(plan).toContain('playbook_runs_agent_id_idx');
    } finally {
      await db.exec('SET enable_seqscan = on');
    }
  });
});
