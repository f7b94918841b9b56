/**
 * The migrated database against the machine-readable contract (server/test/contract/schema.json, a copy of the contract):
 * every relation exists with its columns in order (tables also with their exact types), every
 * foreign key carries its contract name, and every RPC function takes the contract's arguments.
 * Runs on PGlite and, when the binaries are installed, on a throw-away PostgreSQL.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { openMigratedPglite } from './fixtures/db-templates';
import { openPostgres } from '../src/db/postgres';
import type { Db } from '../src/db/types';
import { postgresAvailable, startPostgres, type PostgresServer } from './helpers/postgres-server';

interface Relation {
  kind: 'table' | 'view' | 'materialized_view' | 'function';
  columns: Record<string, string>;
  args?: Record<string, string>;
  fk_constraints?: Record<string, { column: string; references: string }>;
}

const CONTRACT = new URL('./contract/schema.json', import.meta.url);
const haveContract = existsSync(CONTRACT);
const relations: Record<string, Relation> = haveContract
  ? (JSON.parse(readFileSync(CONTRACT, 'utf8')) as { relations: Record<string, Relation> })
      .relations
  : {};

/** Relations where Vigil appends extension columns after the contract's (schema.md §12). */
const SUPERSETS = new Set(['check_summary', 'check_summary_for_config']);
/** Vigil keeps its own accounts; the contract asks only for a subset of Kratos' identities. */
const SUBSETS = new Set(['identities']);

const byKind = (kind: Relation['kind']): string[] =>
  Object.entries(relations)
    .filter(([, relation]) => relation.kind === kind)
    .map(([name]) => name)
    .sort();

function suite(label: string, open: () => Promise<{ db: Db; stop(): Promise<void> }>): void {
  describe.skipIf(!haveContract)(`contract schema on ${label}`, () => {
    let db: Db;
    let stop: () => Promise<void> = async () => {};
    const kinds = new Map<string, string>();

    beforeAll(async () => {
      const opened = await open();
      db = opened.db;
      stop = opened.stop;
      await migrate(db);
      const result = await db.query<{ name: string; kind: string }>(
        `SELECT c.relname AS name, c.relkind AS kind FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'm')`,
      );
      for (const row of result.rows) kinds.set(row.name, row.kind);
    }, 120_000);
    afterAll(async () => {
      await db?.close();
      await stop();
    });

    async function columnsOf(relation: string): Promise<{ name: string; type: string }[]> {
      const result = await db.query<{ name: string; type: string }>(
        `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
         FROM pg_attribute a WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped
         ORDER BY a.attnum`,
        [relation],
      );
      return result.rows;
    }

    it.each(byKind('table'))('table %s: columns, order and types', async (table) => {
      expect(kinds.get(table), `${table} is missing`).toBe('r');
      const expected = Object.entries(relations[table]?.columns ?? {}).map(([name, type]) => ({
        name,
        type,
      }));
      const actual = await columnsOf(table);
      if (SUBSETS.has(table)) {
        const names = new Set(actual.map((column) => column.name));
        for (const column of ['id', 'traits', 'state', 'created_at', 'updated_at']) {
          expect(names).toContain(column);
        }
      } else {
        expect(actual).toEqual(expected);
      }
    });

    it.each([...byKind('view'), ...byKind('materialized_view')])(
      'view %s: columns in order',
      async (view) => {
        expect(kinds.get(view), `${view} is missing`).toMatch(/^[vm]$/);
        const expected = Object.keys(relations[view]?.columns ?? {});
        const actual = (await columnsOf(view)).map((column) => column.name);
        if (SUPERSETS.has(view)) expect(actual.slice(0, expected.length)).toEqual(expected);
        else expect(actual).toEqual(expected);
      },
    );

    it.each(byKind('function'))('function %s: exists with the contract arguments', async (fn) => {
      const result = await db.query<{ args: string[] | null }>(
        `SELECT p.proargnames AS args FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
         WHERE n.nspname = 'public' AND p.proname = $1`,
        [fn],
      );
      expect(result.rows.length, `${fn} is missing`).toBeGreaterThan(0);
      const wanted = Object.keys(relations[fn]?.args ?? {}).filter((arg) => !arg.startsWith('$'));
      const matches = result.rows.some((row) =>
        wanted.every((arg) => (row.args ?? []).includes(arg)),
      );
      expect(matches, `${fn}(${wanted.join(', ')})`).toBe(true);
    });

    it('every foreign key carries its contract name', async () => {
      const result = await db.query<{ name: string }>(
        `SELECT conrelid::regclass::text || '.' || conname AS name FROM pg_constraint WHERE contype = 'f'`,
      );
      const actual = new Set(result.rows.map((row) => row.name));
      const missing: string[] = [];
      for (const table of byKind('table')) {
        for (const name of Object.keys(relations[table]?.fk_constraints ?? {})) {
          if (!actual.has(`${table}.${name}`)) missing.push(`${table}.${name}`);
        }
      }
      expect(missing).toEqual([]);
    });
  });
}

suite('PGlite', async () => ({ db: await openMigratedPglite(), stop: async () => {} }));

if (postgresAvailable) {
  suite('PostgreSQL', async () => {
    const server: PostgresServer = await startPostgres();
    return { db: await openPostgres(server.connectionString), stop: () => server.stop() };
  });
}
