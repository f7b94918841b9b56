import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PropertyRow } from '../../src/api/types';
import { ConfigError, testConfig } from '../src/config';
import type { Db } from '../src/db/types';
import { loadLocalProperties } from '../src/routes/properties';
import { buildApp, openTestDb } from './fixtures/app';

let db: Db;
const dir = mkdtempSync(join(tmpdir(), 'vigil-properties-'));

beforeAll(async () => {
  db = await openTestDb({ seed: true });
  await db.exec(`DELETE FROM properties;
    INSERT INTO properties (name, value) VALUES ('b.db', '1'), ('shadowed.disable', 'false'), ('a.db', '2');
    INSERT INTO properties (name, value, deleted_at) VALUES ('deleted.disable', 'true', now());`);
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function read(properties: string | undefined): Promise<PropertyRow[]> {
  const { app } = buildApp(db, { auth: 'none', properties });
  const response = await app.request('/api/properties');
  expect(response.status).toBe(200);
  return (await response.json()) as PropertyRow[];
}

describe('GET /api/properties', () => {
  it('lists non-deleted database rows with source db', async () => {
    expect(await read(undefined)).toEqual([
      { name: 'a.db', value: '2', source: 'db', type: '', description: '' },
      { name: 'b.db', value: '1', source: 'db', type: '', description: '' },
      { name: 'shadowed.disable', value: 'false', source: 'db', type: '', description: '' },
    ]);
  });

  it('puts local properties first; they shadow database rows of the same name', async () => {
    const rows = await read('{"shadowed.disable": "true", "incidents.disable": true}');
    expect(rows.map((row) => [row.name, row.value, row.source])).toEqual([
      ['shadowed.disable', 'true', 'local'],
      ['incidents.disable', 'true', 'local'],
      ['a.db', '2', 'db'],
      ['b.db', '1', 'db'],
    ]);
  });

  it('reads a name=value properties file', async () => {
    const file = join(dir, 'vigil.properties');
    writeFileSync(file, '# flags\nlogs.disable=true\n\nfoo = bar\n');
    const rows = await read(file);
    expect(rows.slice(0, 2)).toEqual([
      { name: 'logs.disable', value: 'true', source: 'local', type: '', description: '' },
      { name: 'foo', value: 'bar', source: 'local', type: '', description: '' },
    ]);
  });

  it('rejects unreadable or malformed sources with a one-line ConfigError', () => {
    for (const properties of [join(dir, 'missing.properties'), '{"a": {"nested": 1}}', '{broken']) {
      expect(() => loadLocalProperties(testConfig({ properties }))).toThrow(ConfigError);
    }
  });
});
