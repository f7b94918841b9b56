/**
 * `POST /api/agent/generate` (api.md §7.1, schema.md §2) and the agent's token at work: HTTP
 * Basic with user `token` authenticates it and marks the agent seen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessToken } from '../src/auth/access-tokens';
import { agentHeartbeat } from '../src/auth/agent-heartbeat';
import type { Db } from '../src/db/types';
import { AGENT_TOKEN_TTL_MS, parseGenerateAgent } from '../src/routes/agent';
import { buildApp, openTestDb, type TestApp } from './fixtures/app';

let db: Db;
let t: TestApp;
const tokens: Record<string, string> = {};
const people: Record<string, string> = {};

beforeAll(async () => {
  db = await openTestDb();
  t = buildApp(db, { auth: 'basic' });
  for (const role of ['admin', 'editor', 'responder', 'viewer']) {
    const person = await db.query<{ id: string }>(
      `INSERT INTO people (name, email, type) VALUES ($1, $2, 'user') RETURNING id`,
      [role, `${role}@agents.test`],
    );
    people[role] = person.rows[0]?.id ?? '';
    await db.query(`INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, $2)`, [
      people[role],
      role,
    ]);
    tokens[role] = await createAccessToken(db, people[role] ?? '', 'test', undefined);
  }
});
afterAll(async () => db.close());

function generate(body: string, role: string | null = 'admin'): Promise<Response> {
  return Promise.resolve(
    t.app.request('/api/agent/generate', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(role ? { Authorization: `Bearer ${tokens[role] ?? ''}` } : {}),
      },
      body,
    }),
  );
}

const basic = (token: string): string =>
  `Basic ${Buffer.from(`token:${token}`).toString('base64')}`;

interface Generated {
  id: string;
  username: string;
  access_token: string;
}

describe('POST /api/agent/generate', () => {
  it('creates the agent, its person, a one-year token and the agent role (201)', async () => {
    const response = await generate(
      JSON.stringify({
        name: 'eu-west-2',
        properties: { cluster: 'prod', region: 'eu-west-2' },
        kubernetes: { enabled: true },
        description: 'ignored',
      }),
      'editor',
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as Generated;
    expect(Object.keys(body).sort()).toEqual(['access_token', 'id', 'username']);
    expect(body.username).toMatch(/^agent-[0-9a-f]{12}$/);
    expect(body.access_token.length).toBeGreaterThanOrEqual(32);

    const person = await db.query<{ name: string; email: string; type: string }>(
      'SELECT name, email, type FROM people WHERE id = $1',
      [body.id],
    );
    expect(person.rows[0]).toEqual({
      name: body.username,
      email: `${body.username}@local`,
      type: 'agent',
    });
    const agent = await db.query<{
      id: string;
      person_id: string;
      properties: Record<string, string>;
      created_by: string;
      last_seen: Date | null;
    }>(
      `SELECT id, person_id, properties, created_by, last_seen FROM agents WHERE name = 'eu-west-2'`,
    );
    expect(agent.rows[0]).toMatchObject({
      person_id: body.id,
      properties: { cluster: 'prod', region: 'eu-west-2', type: 'agent' },
      created_by: people.editor,
      last_seen: null,
    });
    // The id answered is the person's, not the agent's (api.md §7.1).
    expect(agent.rows[0]?.id).not.toBe(body.id);
    const token = await db.query<{ name: string; value: string; ttl: number }>(
      `SELECT name, value, extract(epoch FROM expires_at - created_at) * 1000 AS ttl FROM access_tokens WHERE person_id = $1`,
      [body.id],
    );
    expect(token.rows).toHaveLength(1);
    expect(token.rows[0]?.name).toBe('default');
    expect(Number(token.rows[0]?.ttl)).toBe(AGENT_TOKEN_TTL_MS);
    // Only the hash is stored.
    expect(token.rows[0]?.value).not.toContain(body.access_token);
    const roles = await db.query<{ v1: string }>(
      `SELECT v1 FROM casbin_rule WHERE ptype = 'g' AND v0 = $1`,
      [body.id],
    );
    expect(roles.rows.map((row) => row.v1)).toEqual(['agent']);
    const summary = await db.query<{ name: string }>(
      `SELECT name FROM agents_summary WHERE person_id = $1`,
      [body.id],
    );
    expect(summary.rows).toEqual([{ name: 'eu-west-2' }]);
  });

  it('the token authenticates with Basic auth (user token) and sets last_seen', async () => {
    const body = (await (
      await generate(JSON.stringify({ Name: 'seen-agent', PROPERTIES: { a: 'b' } }))
    ).json()) as Generated;
    const agentSeen = async (): Promise<Date | null> =>
      (
        await db.query<{ last_seen: Date | null; properties: unknown }>(
          `SELECT last_seen FROM agents WHERE name = 'seen-agent'`,
        )
      ).rows[0]?.last_seen ?? null;
    expect(await agentSeen()).toBeNull();

    const whoami = await t.app.request('/api/auth/whoami', {
      headers: { Authorization: basic(body.access_token) },
    });
    expect(whoami.status).toBe(200);
    const me = (await whoami.json()) as {
      payload: { user: { id: string; type: string }; roles: string[] };
    };
    expect(me.payload.user).toMatchObject({ id: body.id, type: 'agent' });
    expect(me.payload.roles).toEqual(['agent']);
    const first = await agentSeen();
    expect(first).not.toBeNull();
    expect(Math.abs((first?.getTime() ?? 0) - Date.now())).toBeLessThan(10_000);
    const properties = await db.query<{ properties: unknown }>(
      `SELECT properties FROM agents WHERE name = 'seen-agent'`,
    );
    expect(properties.rows[0]?.properties).toEqual({ a: 'b', type: 'agent' });

    // Within a few seconds, further requests do not write again.
    const bearer = await t.app.request('/api/auth/whoami', {
      headers: { Authorization: `Bearer ${body.access_token}` },
    });
    expect(bearer.status).toBe(200);
    expect((await agentSeen())?.getTime()).toBe(first?.getTime());

    // An agent has no user permissions: it cannot read /db or create agents.
    const denied = await t.app.request('/api/agent/generate', {
      method: 'POST',
      headers: { Authorization: basic(body.access_token) },
      body: JSON.stringify({ name: 'child' }),
    });
    expect(denied.status).toBe(403);

    // Deleting the agent expires its token (migration 0002): the next request is refused.
    await db.query(`UPDATE agents SET deleted_at = now() WHERE name = 'seen-agent'`);
    const expired = await t.app.request('/api/auth/whoami', {
      headers: { Authorization: basic(body.access_token) },
    });
    expect(expired.status).toBe(401);
    expect(await expired.text()).toBe('access token has expired');
  });

  it('throttles last_seen writes per agent', async () => {
    const body = (await (
      await generate(JSON.stringify({ name: 'throttled' }))
    ).json()) as Generated;
    const beat = agentHeartbeat(db, 200);
    const seen = async (): Promise<number> =>
      (
        await db.query<{ last_seen: Date }>(`SELECT last_seen FROM agents WHERE name = 'throttled'`)
      ).rows[0]?.last_seen.getTime() ?? 0;
    await beat(body.id);
    const first = await seen();
    await beat(body.id);
    expect(await seen()).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await beat(body.id);
    expect(await seen()).toBeGreaterThan(first);
  });

  it('answers 409 when the name is taken by a live agent, and allows it again after deletion', async () => {
    expect((await generate(JSON.stringify({ name: 'dup' }))).status).toBe(201);
    const again = await generate(JSON.stringify({ name: 'dup' }));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'an agent named "dup" already exists' });
    expect((await generate(JSON.stringify({ name: 'local' }))).status).toBe(409);
    await db.query(`UPDATE agents SET deleted_at = now() WHERE name = 'dup'`);
    expect((await generate(JSON.stringify({ name: 'dup' }))).status).toBe(201);
    const count = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM agents WHERE name = 'dup'`,
    );
    expect(count.rows[0]?.n).toBe(2);
  });

  it('answers 400 for a bad body and creates nothing', async () => {
    const before = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM people');
    for (const [body, error] of [
      ['{not json', 'invalid request body: not JSON'],
      ['', 'invalid request body: not JSON'],
      ['[]', 'invalid request body: expected a JSON object'],
      ['"x"', 'invalid request body: expected a JSON object'],
      ['{}', 'name is required'],
      ['{"name": "   "}', 'name is required'],
      ['{"name": 42}', 'name must be a string'],
      [JSON.stringify({ name: 'x'.repeat(256) }), 'name must be at most 255 characters'],
      ['{"name": "p", "properties": [1]}', 'properties must be an object of string values'],
      ['{"name": "p", "properties": {"n": 1}}', 'properties.n must be a string'],
    ] as const) {
      const response = await generate(body);
      expect(response.status, body).toBe(400);
      expect(await response.json(), body).toEqual({ error });
    }
    const after = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM people');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('needs write on agents: 403 for responder and viewer, 401 without credentials', async () => {
    for (const role of ['responder', 'viewer']) {
      const response = await generate(JSON.stringify({ name: `by-${role}` }), role);
      expect(response.status, role).toBe(403);
      expect(response.headers.get('x-rbac-object')).toBe('agents');
      expect(response.headers.get('x-rbac-action')).toBe('write');
    }
    expect((await generate(JSON.stringify({ name: 'anon' }), null)).status).toBe(401);
    const none = await db.query(
      `SELECT 1 FROM agents WHERE name IN ('by-responder', 'by-viewer', 'anon')`,
    );
    expect(none.rows).toHaveLength(0);
  });

  it('parses keys case-insensitively', () => {
    expect(parseGenerateAgent('{"NAME":" a ","Properties":{"k":"v"},"pushTelemetry":{}}')).toEqual({
      name: 'a',
      properties: { k: 'v' },
    });
  });
});
