/**
 * The standalone data API mode (issue 17 §1, docs/postgrest-mode.md) against a real PostgreSQL
 * with its own fixture (fixture.sql): the server connects as a NOINHERIT authenticator and
 * becomes web_anon or the JWT's role per request, so grants and row-level security decide.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PostgrestClient } from '@supabase/postgrest-js';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStandaloneConfig } from '../../src/standalone/config';
import { startStandalone, type RunningStandalone } from '../../src/standalone/main';
import { postgresAvailable, startPostgres, type PostgresServer } from '../helpers/postgres-server';
import { freePort } from '../../../scripts/server-process.mjs';

const SECRET = 'a-test-secret-that-is-at-least-32-characters';
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ENTRY = ['--import', 'tsx', 'server/src/standalone/main.ts'];
const FIXTURE = readFileSync(fileURLToPath(new URL('./fixture.sql', import.meta.url)), 'utf8');

/** What start-up must not change: schemas, relations, functions, extensions, roles. */
const SNAPSHOT_SQL = `
  SELECT json_build_object(
    'schemata', (SELECT json_agg(schema_name ORDER BY schema_name) FROM information_schema.schemata),
    'tables', (SELECT json_agg(table_schema || '.' || table_name || ':' || table_type
                 ORDER BY table_schema, table_name) FROM information_schema.tables),
    'routines', (SELECT count(*) FROM information_schema.routines),
    'extensions', (SELECT json_agg(extname ORDER BY extname) FROM pg_extension),
    'roles', (SELECT json_agg(rolname ORDER BY rolname) FROM pg_roles),
    'todos', (SELECT count(*) FROM api.todos)
  )::text AS snapshot`;

/** The first js block of the README's "Use as a PostgREST server" section. */
function readmeSnippet(): string {
  const readme = readFileSync(`${ROOT}README.md`, 'utf8');
  const section = readme.slice(readme.indexOf('## Use as a PostgREST server'));
  const match = /```js\n([\s\S]*?)```/.exec(section);
  if (match?.[1] === undefined) throw new Error('no js snippet in the README section');
  return match[1];
}

/** Start the entry as `npm run start:postgrest` does; resolves once it listens. */
function startEntry(env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ENTRY, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('data API (PostgREST mode) on')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`entry exited ${code}: ${stderr}`)));
  });
}

async function token(claims: Record<string, unknown>, expiresIn = '1h'): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(SECRET));
}

describe.skipIf(!postgresAvailable)('standalone data API mode (PostgreSQL)', () => {
  let server: PostgresServer;
  let admin: pg.Client;
  let running: RunningStandalone;
  let noAnon: RunningStandalone;
  let base: string;
  let alice: string;
  let bob: string;
  let before: string;

  const snapshot = async (): Promise<string> => {
    const result = await admin.query<{ snapshot: string }>(SNAPSHOT_SQL);
    return result.rows[0]?.snapshot ?? '';
  };

  const call = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, init);
  const bearer = (jwt: string, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${jwt}`,
    ...extra,
  });

  beforeAll(async () => {
    server = await startPostgres();
    admin = new pg.Client({ connectionString: server.connectionString });
    await admin.connect();
    await admin.query(FIXTURE);
    before = await snapshot();
    const databaseUrl = server.connectionString.replace('postgres@', 'authenticator@');
    const env = {
      DATABASE_URL: databaseUrl,
      PORT: '0',
      VIGIL_PGRST_DB_SCHEMAS: 'api, v2',
      VIGIL_PGRST_DB_ANON_ROLE: 'web_anon',
      VIGIL_PGRST_JWT_SECRET: SECRET,
    };
    running = await startStandalone(loadStandaloneConfig(env));
    noAnon = await startStandalone(
      loadStandaloneConfig({ ...env, VIGIL_PGRST_DB_ANON_ROLE: undefined }),
    );
    base = `http://127.0.0.1:${running.port}`;
    alice = await token({ role: 'app_user', sub: 'alice' });
    bob = await token({ role: 'app_user', sub: 'bob' });
  }, 120_000);

  afterAll(async () => {
    await running?.close();
    await noAnon?.close();
    await admin?.end();
    await server?.stop();
  });

  it('start-up and reads leave the database unchanged (no tables, schemas, extensions, roles)', async () => {
    const response = await call('/todos');
    expect(response.status).toBe(200);
    expect(await snapshot()).toBe(before);
  });

  it('reads as the anonymous role: row-level security shows only public rows', async () => {
    const response = await call('/todos?select=task,project:projects(name)&order=id');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { task: 'water the plants', project: { name: 'home' } },
      { task: 'walk the dog', project: { name: 'home' } },
    ]);
    expect(response.headers.get('content-profile')).toBe('api');
  });

  it('refuses a write for the anonymous role with 401 (PostgreSQL 42501)', async () => {
    const response = await call('/todos', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ task: 'sneaky' }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe('42501');
    expect(body.message).toBe('permission denied for table todos');
  });

  it('allows app_user with a signed HS256 token, and RLS limits rows to its sub', async () => {
    const created = await call('/todos', {
      method: 'POST',
      headers: bearer(alice, {
        'content-type': 'application/json',
        prefer: 'return=representation',
      }),
      body: JSON.stringify({ task: 'buy milk' }),
    });
    expect(created.status).toBe(201);
    const [row] = (await created.json()) as { owner: string; task: string }[];
    expect(row).toMatchObject({ owner: 'alice', task: 'buy milk' });

    const mine = await call('/todos?select=owner,task&order=id', { headers: bearer(alice) });
    expect(await mine.json()).toEqual([
      { owner: 'alice', task: 'water the plants' },
      { owner: 'alice', task: 'file taxes' },
      { owner: 'alice', task: 'buy milk' },
    ]);
    const bobs = await call('/todos?select=task&order=id', { headers: bearer(bob) });
    expect(await bobs.json()).toEqual([{ task: 'walk the dog' }, { task: 'secret plan' }]);

    // Bob cannot change Alice's rows: the UPDATE sees none of them.
    const patched = await call('/todos?task=eq.buy%20milk', {
      method: 'PATCH',
      headers: bearer(bob, { 'content-type': 'application/json', prefer: 'return=representation' }),
      body: JSON.stringify({ done: true }),
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toEqual([]);
    // Nor insert a row in her name (the policy's WITH CHECK).
    const forged = await call('/todos', {
      method: 'POST',
      headers: bearer(bob, { 'content-type': 'application/json' }),
      body: JSON.stringify({ task: 'forged', owner: 'alice' }),
    });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { code: string }).code).toBe('42501');

    const removed = await call('/todos?task=eq.buy%20milk', {
      method: 'DELETE',
      headers: bearer(alice),
    });
    expect(removed.status).toBe(204);
  });

  it('sets role, claims, method, path, headers and search_path for the request', async () => {
    const response = await call('/rpc/whoami', {
      method: 'POST',
      headers: bearer(alice, { 'x-test': 'probe' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      role: 'app_user',
      sub: 'alice',
      method: 'POST',
      path: '/rpc/whoami',
      agent: 'probe',
      search_path: '"api", "public"',
    });
    const anon = await call('/rpc/whoami');
    expect(((await anon.json()) as { role: string }).role).toBe('web_anon');
  });

  it('answers an expired or invalid JWT with 401 PGRST301 and PostgREST 12 messages', async () => {
    const expired = await new SignJWT({ role: 'app_user', sub: 'alice' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(SECRET));
    const forged = await new SignJWT({ role: 'app_user', sub: 'alice' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-of-at-least-32-characters!'));
    const cases: [string, string][] = [
      [expired, 'JWT expired'],
      [forged, 'JWSError JWSInvalidSignature'],
      [
        'not-a-jwt',
        'JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 1)',
      ],
    ];
    for (const [jwt, message] of cases) {
      const response = await call('/todos', { headers: bearer(jwt) });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toContain('invalid_token');
      expect(await response.json()).toEqual({
        code: 'PGRST301',
        details: null,
        hint: null,
        message,
      });
    }
  });

  it('refuses an anonymous request with 401 PGRST302 when no anonymous role is set', async () => {
    const response = await fetch(`http://127.0.0.1:${noAnon.port}/todos`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: 'PGRST302',
      details: null,
      hint: null,
      message: 'Anonymous access is disabled',
    });
    const authed = await fetch(`http://127.0.0.1:${noAnon.port}/todos?select=task`, {
      headers: bearer(bob),
    });
    expect(authed.status).toBe(200);
  });

  it('runs a GET in a READ ONLY transaction (a view whose read writes fails, 25006)', async () => {
    const response = await call('/bumping', { headers: bearer(alice) });
    expect(response.status).toBe(405);
    expect(((await response.json()) as { code: string }).code).toBe('25006');
    const hits = await admin.query('SELECT count(*)::int AS n FROM api.hits');
    expect(hits.rows[0]).toEqual({ n: 0 });
  });

  it("a token's role that does not exist is PostgreSQL's error, not a fallback", async () => {
    const ghost = await token({ role: 'ghost', sub: 'x' });
    const response = await call('/todos', { headers: bearer(ghost) });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(((await response.json()) as { message: string }).message).toBe(
      'role "ghost" does not exist',
    );
  });

  it('switches schema with Accept-Profile and Content-Profile; an unexposed one is PGRST106', async () => {
    const v2 = await call('/todos?order=id', { headers: { 'accept-profile': 'v2' } });
    expect(v2.status).toBe(200);
    expect(v2.headers.get('content-profile')).toBe('v2');
    expect(await v2.json()).toEqual([
      { id: 1, title: 'v2 first' },
      { id: 2, title: 'v2 second' },
    ]);
    const inserted = await call('/todos', {
      method: 'POST',
      headers: bearer(alice, { 'content-type': 'application/json', 'content-profile': 'v2' }),
      body: JSON.stringify({ id: 3, title: 'v2 third' }),
    });
    expect(inserted.status).toBe(201);
    const unexposed = await call('/todos', { headers: { 'accept-profile': 'private' } });
    expect(unexposed.status).toBe(406);
    expect(await unexposed.json()).toEqual({
      code: 'PGRST106',
      details: null,
      hint: null,
      message: 'The schema must be one of the following: api, v2',
    });
    const write = await call('/todos', {
      method: 'POST',
      headers: bearer(alice, { 'content-type': 'application/json', 'content-profile': 'nope' }),
      body: '{}',
    });
    expect(write.status).toBe(406);
  });

  it('works with postgrest-js over HTTP: select, filters, insert, update, delete, rpc, schema', async () => {
    const db = new PostgrestClient(base, { headers: { Authorization: `Bearer ${alice}` } });
    const inserted = await db
      .from('todos')
      .insert({ task: 'js task', project_id: 2 })
      .select()
      .single();
    expect(inserted.error).toBeNull();
    const id = (inserted.data as { id: number }).id;

    const read = await db
      .from('todos')
      .select('id, task, projects(name)', { count: 'exact' })
      .eq('done', false)
      .ilike('task', '%task%')
      .order('id', { ascending: false })
      .limit(5);
    expect(read.error).toBeNull();
    expect(read.count).toBe(1);
    expect(read.data).toEqual([{ id, task: 'js task', projects: { name: 'work' } }]);

    const updated = await db.from('todos').update({ done: true }).eq('id', id).select('done');
    expect(updated.data).toEqual([{ done: true }]);

    const rpc = await db.rpc('whoami');
    expect((rpc.data as { sub: string }).sub).toBe('alice');

    const other = await db.schema('v2').from('todos').select('title').eq('id', 1).maybeSingle();
    expect(other.data).toEqual({ title: 'v2 first' });

    const deleted = await db.from('todos').delete().eq('id', id);
    expect(deleted.status).toBe(204);

    const anon = new PostgrestClient(base);
    const refused = await anon.from('todos').insert({ task: 'no' });
    expect(refused.status).toBe(401);
    expect(refused.error?.code).toBe('42501');
  });

  it('after all the requests the schema is still unchanged', async () => {
    const after = JSON.parse(await snapshot()) as Record<string, unknown>;
    const expected = JSON.parse(before) as Record<string, unknown>;
    expect(after.schemata).toEqual(expected.schemata);
    expect(after.tables).toEqual(expected.tables);
    expect(after.extensions).toEqual(expected.extensions);
    expect(after.roles).toEqual(expected.roles);
    expect(after.routines).toEqual(expected.routines);
  });

  it("the README's command starts the server and its postgrest-js snippet works as written", async () => {
    const port = await freePort();
    const child = await startEntry({
      DATABASE_URL: server.connectionString.replace('postgres@', 'authenticator@'),
      PORT: String(port),
      VIGIL_PGRST_DB_SCHEMAS: 'api',
      VIGIL_PGRST_DB_ANON_ROLE: 'web_anon',
      VIGIL_PGRST_JWT_SECRET: SECRET,
    });
    const file = `${ROOT}server/test/standalone/.readme-snippet-${process.pid}.mjs`;
    try {
      writeFileSync(file, readmeSnippet());
      const run = spawnSync(process.execPath, [file], {
        cwd: ROOT,
        env: { ...process.env, VIGIL_URL: `http://127.0.0.1:${port}`, TOKEN: alice },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const out = JSON.parse(run.stdout) as {
        created: { id: number; task: string; done: boolean };
        open: { id: number; task: string }[];
      };
      expect(out.created).toMatchObject({ task: 'try Vigil as a PostgREST server', done: false });
      expect(out.open.map((row) => row.task)).toEqual([
        'water the plants',
        'file taxes',
        'try Vigil as a PostgREST server',
      ]);
    } finally {
      rmSync(file, { force: true });
      child.kill('SIGTERM');
    }
  }, 60_000);

  it('bad configuration stops start-up with one line on stderr', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ DATABASE_URL: '' }, /^vigil: DATABASE_URL is required/],
      [
        {
          DATABASE_URL: server.connectionString,
          VIGIL_PGRST_JWT_SECRET: 'short',
        },
        /^vigil: VIGIL_PGRST_JWT_SECRET must be at least 32 characters/,
      ],
      [
        { DATABASE_URL: server.connectionString, VIGIL_PGRST_DB_SCHEMAS: 'api, nowhere' },
        /^vigil: VIGIL_PGRST_DB_SCHEMAS: no schema "nowhere" in the database/,
      ],
      [
        { DATABASE_URL: server.connectionString, VIGIL_PGRST_DB_MAX_ROWS: 'lots' },
        /^vigil: VIGIL_PGRST_DB_MAX_ROWS must be an integer/,
      ],
    ];
    for (const [env, pattern] of cases) {
      const run = spawnSync(process.execPath, ENTRY, {
        cwd: ROOT,
        env: { ...process.env, PORT: '0', ...env },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(pattern);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
  }, 120_000);
});
