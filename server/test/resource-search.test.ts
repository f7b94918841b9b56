/**
 * POST /api/resources/search (api.md §4.3) over the demo data: each kind's selectors (id, name
 * wildcards, search text in names and tags, types, statuses, label/tag/field selectors, scope,
 * agent, limits, deleted rows), the Item shape, kinds omitted when empty, and a 400 for every
 * malformed body — never a 500, and text that looks like SQL is only text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchItem, SearchKind } from '../src/catalog/resource-search';
import type { Db } from '../src/db/types';
import { buildApp, openTestDb, type TestApp } from './fixtures/app';

type Answer = Partial<Record<SearchKind, SearchItem[]>>;

let db: Db;
let t: TestApp;

beforeAll(async () => {
  db = await openTestDb({ seed: true });
  t = buildApp(db, { auth: 'none' });
});
afterAll(async () => db.close());

async function search(
  body: unknown,
): Promise<{ status: number; body: Answer & { error?: string } }> {
  const response = await t.app.request('/api/resources/search', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer & { error?: string } };
}

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const result = await db.query<T>(sql, params);
  const row = result.rows[0];
  if (!row) throw new Error(`no row for ${sql}`);
  return row;
}

describe('POST /api/resources/search', () => {
  it('finds checks by text in the name, with the Item shape, ordered by name', async () => {
    const check = await one<{ id: string; name: string; type: string }>(
      `SELECT id::text, name, type FROM checks WHERE deleted_at IS NULL ORDER BY name LIMIT 1`,
    );
    const word = check.name.slice(0, 4).toUpperCase();
    const { status, body } = await search({ checks: [{ search: word }] });
    expect(status).toBe(200);
    expect(body.components).toBeUndefined();
    expect(body.configs).toBeUndefined();
    const items = body.checks ?? [];
    expect(items.map((item) => item.id)).toContain(check.id);
    for (const item of items) {
      expect(item.name.toLowerCase()).toContain(word.toLowerCase());
      expect(Object.keys(item)).toEqual(
        expect.arrayContaining(['id', 'name', 'namespace', 'type', 'agent']),
      );
    }
    const names = items.map((item) => item.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const found = items.find((item) => item.id === check.id);
    expect(found?.type).toBe(check.type);
    expect(found?.agent).toBe('00000000-0000-0000-0000-000000000000');
  });

  it('an id alone finds that resource (a picker showing its current value)', async () => {
    const config = await one<{ id: string; name: string }>(
      `SELECT id::text, name FROM config_items WHERE deleted_at IS NULL AND tags IS NOT NULL
       AND tags <> '{}'::jsonb ORDER BY name LIMIT 1`,
    );
    const { body } = await search({ configs: [{ id: config.id }] });
    expect(body.configs).toHaveLength(1);
    expect(body.configs?.[0]?.name).toBe(config.name);
    expect(Object.keys(body.configs?.[0]?.tags ?? {}).length).toBeGreaterThan(0);
    // A value that is not a uuid matches nothing rather than failing.
    expect(await search({ configs: [{ id: 'not-a-uuid' }] })).toEqual({ status: 200, body: {} });
  });

  it('types and names take * wildcards; statuses compare case-insensitively', async () => {
    const pod = await one<{ type: string; n: number }>(
      `SELECT type, count(*)::int AS n FROM config_items WHERE deleted_at IS NULL
       GROUP BY type ORDER BY count(*) DESC LIMIT 1`,
    );
    const prefix = pod.type.split('::')[0] ?? pod.type;
    const { body } = await search({ configs: [{ types: [`${prefix}::*`] }], limit: 1000 });
    expect((body.configs ?? []).length).toBeGreaterThanOrEqual(Math.min(pod.n, 1000));
    for (const item of body.configs ?? []) expect(item.type.startsWith(`${prefix}::`)).toBe(true);

    const component = await one<{ name: string; status: string }>(
      `SELECT name, status FROM components WHERE deleted_at IS NULL AND length(name) > 3
       ORDER BY name LIMIT 1`,
    );
    const byName = await search({
      components: [
        { name: `${component.name.slice(0, 3)}*`, statuses: [component.status.toUpperCase()] },
      ],
    });
    expect(byName.body.components?.map((item) => item.name)).toContain(component.name);
    for (const item of byName.body.components ?? []) {
      expect(item.name.startsWith(component.name.slice(0, 3))).toBe(true);
    }
    // An exact name without a wildcard is an equality, not a prefix.
    const exact = await search({ components: [{ name: component.name.slice(0, 3) }] });
    expect(exact.body.components?.some((item) => item.name === component.name) ?? false).toBe(
      component.name.length === 3,
    );
  });

  it('label, tag and field selectors; several selectors are a union', async () => {
    const labelled = await one<{ id: string; key: string; value: string }>(
      `SELECT c.id::text, l.key, l.value FROM checks c, jsonb_each_text(c.labels) l
       WHERE c.deleted_at IS NULL ORDER BY c.name LIMIT 1`,
    );
    const byLabel = await search({
      checks: [{ labelSelector: `${labelled.key}=${labelled.value}` }],
    });
    expect(byLabel.body.checks?.map((item) => item.id)).toContain(labelled.id);
    const notLabel = await search({
      checks: [{ labelSelector: `${labelled.key}!=${labelled.value}` }],
    });
    expect(notLabel.body.checks?.map((item) => item.id) ?? []).not.toContain(labelled.id);

    const tagged = await one<{ id: string; key: string; value: string; config_class: string }>(
      `SELECT c.id::text, t.key, t.value, c.config_class FROM config_items c, jsonb_each_text(c.tags) t
       WHERE c.deleted_at IS NULL AND t.value ~ '^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$'
         AND c.config_class ~ '^[A-Za-z0-9]+$'
       ORDER BY c.name LIMIT 1`,
    );
    const byTag = await search({
      configs: [
        {
          tagSelector: `${tagged.key}=${tagged.value}`,
          fieldSelector: `config_class=${tagged.config_class}`,
        },
      ],
      limit: 1000,
    });
    expect(byTag.status).toBe(200);
    expect(byTag.body.configs?.map((item) => item.id)).toContain(tagged.id);
    const expected = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_items WHERE deleted_at IS NULL
       AND tags ->> $1 = $2 AND config_class = $3`,
      [tagged.key, tagged.value, tagged.config_class],
    );
    expect(byTag.body.configs).toHaveLength(Math.min(expected.n, 1000));
    for (const item of byTag.body.configs ?? []) expect(item.tags?.[tagged.key]).toBe(tagged.value);

    const [first, second] = (
      await db.query<{ id: string }>(
        `SELECT id::text FROM components WHERE deleted_at IS NULL ORDER BY name LIMIT 2`,
      )
    ).rows;
    const union = await search({ components: [{ id: first?.id }, { id: second?.id }] });
    expect(union.body.components?.map((item) => item.id).sort()).toEqual(
      [first?.id, second?.id].sort(),
    );
  });

  it('scope (a canary by id or namespace/name) and agent (self)', async () => {
    const canary = await one<{ id: string; name: string; namespace: string; n: number }>(
      `SELECT k.id::text, k.name, k.namespace, count(c.id)::int AS n FROM canaries k
       JOIN checks c ON c.canary_id = k.id AND c.deleted_at IS NULL
       WHERE k.deleted_at IS NULL GROUP BY k.id ORDER BY count(c.id) DESC LIMIT 1`,
    );
    const byId = await search({ checks: [{ scope: canary.id }] });
    expect(byId.body.checks).toHaveLength(canary.n);
    const byName = await search({ checks: [{ scope: `${canary.namespace}/${canary.name}` }] });
    expect(byName.body.checks?.map((item) => item.id).sort()).toEqual(
      byId.body.checks?.map((item) => item.id).sort(),
    );
    const agents = await db.query<{ agent: string; n: number }>(
      `SELECT agent_id::text AS agent, count(*)::int AS n FROM checks WHERE deleted_at IS NULL
       GROUP BY agent_id`,
    );
    for (const { agent, n } of agents.rows) {
      const local = agent === '00000000-0000-0000-0000-000000000000';
      const found = await search({ checks: [{ agent: local ? 'self' : agent }], limit: 1000 });
      expect(found.body.checks, agent).toHaveLength(Math.min(n, 1000));
      for (const item of found.body.checks ?? []) expect(item.agent).toBe(agent);
    }
    const elsewhere = await search({ checks: [{ agent: 'no-such-agent' }] });
    expect(elsewhere.body).toEqual({});
  });

  it('limits: the request limit caps each kind, a selector limit caps its own branch', async () => {
    const all = await search({ configs: [{}], limit: 5 });
    expect(all.body.configs).toHaveLength(5);
    const capped = await search({ configs: [{ limit: 2 }, { limit: 3, types: ['*'] }] });
    expect((capped.body.configs ?? []).length).toBeLessThanOrEqual(5);
    expect((capped.body.configs ?? []).length).toBeGreaterThanOrEqual(3);
    const defaulted = await search({ configs: [{}] });
    expect(defaulted.body.configs).toHaveLength(100);
  });

  it('deleted rows only with includeDeleted', async () => {
    const check = await one<{ id: string }>(
      `SELECT id::text FROM checks WHERE deleted_at IS NULL ORDER BY name DESC LIMIT 1`,
    );
    await db.query(`UPDATE checks SET deleted_at = now() WHERE id = $1`, [check.id]);
    try {
      expect((await search({ checks: [{ id: check.id }] })).body).toEqual({});
      const withDeleted = await search({ checks: [{ id: check.id, includeDeleted: true }] });
      expect(withDeleted.body.checks?.[0]?.id).toBe(check.id);
    } finally {
      await db.query(`UPDATE checks SET deleted_at = NULL WHERE id = $1`, [check.id]);
    }
  });

  it('text that looks like SQL or LIKE patterns is only text', async () => {
    expect(await search({ checks: [{ search: "%' OR 1=1 --" }] })).toEqual({
      status: 200,
      body: {},
    });
    expect(await search({ configs: [{ name: '%' }, { search: '_' }] })).toEqual({
      status: 200,
      body: {},
    });
  });

  it.each([
    ['not JSON', '{', 'request body is not valid JSON'],
    ['a list', '[]', 'the request body must be a JSON object'],
    ['checks not a list', { checks: { search: 'x' } }, 'checks must be a list of selectors'],
    ['a selector not an object', { configs: ['x'] }, 'configs: each selector must be an object'],
    ['a number as text', { checks: [{ search: 5 }] }, 'checks: search must be a string'],
    ['a bad limit', { limit: 0 }, 'limit must be a positive whole number'],
    [
      'a fractional selector limit',
      { checks: [{ limit: 1.5 }] },
      'checks: limit must be a positive whole number',
    ],
    [
      'a bad label selector',
      { checks: [{ labelSelector: 'a in (b' }] },
      'checks: labelSelector: unbalanced parenthesis',
    ],
    [
      'too long a text',
      { checks: [{ search: 'x'.repeat(501) }] },
      'checks: search is longer than 500 characters',
    ],
    [
      'too many selectors',
      { checks: Array.from({ length: 21 }, () => ({})) },
      'checks: at most 20 selectors',
    ],
    [
      'includeDeleted not boolean',
      { checks: [{ includeDeleted: 'yes' }] },
      'checks: includeDeleted must be true or false',
    ],
  ])('answers 400 for %s', async (_label, body, error) => {
    expect(await search(body)).toEqual({ status: 400, body: { error } });
  });

  it('needs a caller who may read the catalog', async () => {
    const signedOut = buildApp(db, { auth: 'basic' });
    const response = await signedOut.app.request('/api/resources/search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ checks: [{}] }),
    });
    expect(response.status).toBe(401);
  });
});
