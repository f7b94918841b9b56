/**
 * Answers kept while the database has not changed (server/src/db/kept-reads.ts): the same answer
 * while nothing was written, a new one after any write (even one made while the answer was being
 * read), nothing kept on PostgreSQL or for a failed read, and at most `limit` keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeptReads } from '../src/db/kept-reads';
import type { Db } from '../src/db/types';
import { openMigratedPglite } from './fixtures/db-templates';

let db: Db;

beforeAll(async () => {
  db = await openMigratedPglite();
  await db.exec('CREATE TABLE kept_probe (n integer)');
});
afterAll(async () => db.close());

/** A read that counts its calls and answers the probe table's row count. */
function counter() {
  const calls = { n: 0 };
  const read = async () => {
    calls.n += 1;
    const result = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM kept_probe');
    return result.rows[0]!.n;
  };
  return { calls, read };
}

describe('KeptReads', () => {
  it('answers from memory while nothing is written, and reads again after a write', async () => {
    const kept = new KeptReads<number>(db);
    const { calls, read } = counter();
    expect(await kept.read('a', read)).toBe(0);
    expect(await kept.read('a', read)).toBe(0);
    expect(calls.n).toBe(1);
    await db.query('INSERT INTO kept_probe VALUES (1)');
    expect(await kept.read('a', read)).toBe(1);
    expect(calls.n).toBe(2);
    // A write to any other table moves the position as well.
    await db.exec('CREATE TABLE kept_other (n integer); INSERT INTO kept_other VALUES (1)');
    expect(await kept.read('a', read)).toBe(1);
    expect(calls.n).toBe(3);
  });

  it('does not use an answer read while a write landed', async () => {
    const kept = new KeptReads<number>(db);
    let calls = 0;
    const read = async () => {
      calls += 1;
      const before = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM kept_probe');
      if (calls === 1) await db.query('INSERT INTO kept_probe VALUES (2)');
      return before.rows[0]!.n;
    };
    const first = await kept.read('b', read);
    const second = await kept.read('b', read);
    expect(calls).toBe(2);
    expect(second).toBe(first + 1);
  });

  it('keeps each key apart, at most `limit` of them', async () => {
    const kept = new KeptReads<string>(db, 2);
    const reads: string[] = [];
    const read = (key: string) => async () => {
      reads.push(key);
      return key;
    };
    await kept.read('x', read('x'));
    await kept.read('y', read('y'));
    expect(await kept.read('x', read('x'))).toBe('x');
    await kept.read('z', read('z'));
    // y was the least recently used: it went when z came.
    await kept.read('x', read('x'));
    await kept.read('y', read('y'));
    expect(reads).toEqual(['x', 'y', 'z', 'y']);
  });

  it('does not keep a failed read', async () => {
    const kept = new KeptReads<number>(db);
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error('boom');
    };
    await expect(kept.read('c', failing)).rejects.toThrow('boom');
    await expect(kept.read('c', failing)).rejects.toThrow('boom');
    expect(calls).toBe(2);
  });

  it('keeps nothing on PostgreSQL', async () => {
    const kept = new KeptReads<number>({ ...db, kind: 'postgres' } as Db);
    const { calls, read } = counter();
    await kept.read('d', read);
    await kept.read('d', read);
    expect(calls.n).toBe(2);
  });
});
