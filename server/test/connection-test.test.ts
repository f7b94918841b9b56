/**
 * `POST /api/connection/test/{id}` (api.md §12) through the app, against real services started
 * here: a PostgreSQL server (when the binaries are installed), HTTP servers, a local bare git
 * repository and a TCP port that never answers. Connections are written through `/api/db` as an
 * admin, so their secrets are encrypted at rest (read back raw with SQL) and masked on reads.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../src/auth/accounts';
import { testConnection } from '../src/connections/test-connection';
import type { Db } from '../src/db/types';
import { createEngine } from '../src/postgrest/engine';
import {
  buildApp,
  okJson,
  openTestDb,
  requester,
  login,
  type Requester,
  type TestApp,
} from './fixtures/app';
import { postgresAvailable, startPostgres, type PostgresServer } from './helpers/postgres-server';

const ORIGIN = 'http://localhost';
let db: Db;
let t: TestApp;
let as: Requester;
let web: Server;
let silent: TcpServer;
const sockets: Socket[] = [];
let webBase = '';
let silentPort = 0;
let pg: PostgresServer | undefined;
let repoDir = '';

beforeAll(async () => {
  web = createServer((request, response) => {
    if (request.url === '/private') {
      const expected = `Basic ${Buffer.from('probe:s3cret-value').toString('base64')}`;
      response.statusCode = request.headers.authorization === expected ? 200 : 401;
    } else if (request.url === '/broken') {
      response.statusCode = 500;
    }
    response.end('ok');
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', () => resolve()));
  webBase = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  silent = createTcpServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
  silentPort = (silent.address() as AddressInfo).port;

  repoDir = mkdtempSync(join(tmpdir(), 'vigil-conn-git-'));
  const work = join(repoDir, 'work');
  const git = (...args: string[]): void => {
    execFileSync('git', args, {
      stdio: 'pipe',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@t',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@t',
      },
    });
  };
  git('init', '-q', '-b', 'main', work);
  writeFileSync(join(work, 'README'), 'hello');
  git('-C', work, 'add', 'README');
  git('-C', work, 'commit', '-q', '-m', 'first');
  git('clone', '-q', '--bare', work, join(repoDir, 'repo.git'));

  if (postgresAvailable) pg = await startPostgres();
  db = await openTestDb();
  t = buildApp(db, { auth: 'basic' }, await createEngine({ db }));
  const sessions = new Map<string, string>();
  for (const role of ['admin', 'editor', 'viewer']) {
    await createAccount(db, {
      email: `${role}@conn.test`,
      username: role,
      firstName: role,
      lastName: 'Test',
      password: `${role}-password-1`,
      roles: [role],
    });
    sessions.set(role, await login(t.app, role, `${role}-password-1`));
  }
  as = requester(t.app, sessions);
}, 120_000);

afterAll(async () => {
  await db.close();
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => web.close(() => resolve()));
  await new Promise<void>((resolve) => silent.close(() => resolve()));
  await pg?.stop();
  rmSync(repoDir, { recursive: true, force: true });
});

/** A connection created through /api/db as the admin (so its secrets are sealed). */
async function create(row: Record<string, unknown>): Promise<string> {
  const body = await okJson<{ id: string }[]>(
    as('admin', '/api/db/connections', {
      method: 'POST',
      headers: { Origin: ORIGIN, Prefer: 'return=representation' },
      body: JSON.stringify({ namespace: 'default', ...row }),
    }),
  );
  const id = body[0]?.id;
  if (!id) throw new Error('no id');
  return id;
}

async function test(
  id: string,
  role = 'admin',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await as(role, `/api/connection/test/${id}`, {
    method: 'POST',
    headers: { Origin: ORIGIN },
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: response.status, body };
}

describe('POST /api/connection/test/{id}', () => {
  it('answers 404 for an unknown or malformed id', async () => {
    expect(await test('0192f0c5-7a3c-7cc8-9c0b-6e2f3c4d5e6f')).toEqual({
      status: 404,
      body: { error: 'connection was not found' },
    });
    expect((await test('not-an-id')).status).toBe(404);
  });

  it('tests an HTTP connection: success, credentials, an error status and a refused port', async () => {
    const up = await create({ name: 'web-up', type: 'http', url: `${webBase}/` });
    expect(await test(up)).toEqual({ status: 200, body: { message: 'ok' } });

    const privateOk = await create({
      name: 'web-private',
      type: 'http',
      url: `${webBase}/private`,
      username: 'probe',
      password: 's3cret-value',
    });
    expect(await test(privateOk)).toEqual({ status: 200, body: { message: 'ok' } });
    const privateBad = await create({
      name: 'web-private-bad',
      type: 'http',
      url: `${webBase}/private`,
      username: 'probe',
      password: 'wrong-value',
    });
    const denied = await test(privateBad);
    expect(denied.status).toBe(400);
    expect(denied.body.error).toMatch(/answered HTTP 401/);

    const broken = await test(
      await create({ name: 'web-500', type: 'http', url: `${webBase}/broken` }),
    );
    expect(broken.status).toBe(400);
    expect(broken.body.error).toMatch(/answered HTTP 500/);

    const closed = await test(
      await create({ name: 'web-closed', type: 'http', url: 'http://127.0.0.1:1/' }),
    );
    expect(closed.status).toBe(400);
    expect(closed.body.error).toMatch(/ECONNREFUSED/);

    const bad = await test(await create({ name: 'web-bad-url', type: 'http', url: 'not a url' }));
    expect(bad).toEqual({ status: 400, body: { error: 'the URL is not a valid URL' } });
  });

  it('probes the health endpoints of Prometheus and Elasticsearch', async () => {
    const probes: string[] = [];
    const fake = createServer((request, response) => {
      probes.push(request.url ?? '');
      response.end('ok');
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', () => resolve()));
    const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/base/`;
    try {
      expect(
        (await test(await create({ name: 'prom', type: 'prometheus', url: base }))).status,
      ).toBe(200);
      expect(
        (await test(await create({ name: 'es', type: 'elasticsearch', url: base }))).status,
      ).toBe(200);
      expect(probes).toEqual(['/base/-/healthy', '/base/_cluster/health']);
    } finally {
      await new Promise<void>((resolve) => fake.close(() => resolve()));
    }
  });

  it('lists a git repository by local path and ref', async () => {
    const repo = join(repoDir, 'repo.git');
    expect(
      await test(
        await create({ name: 'git-main', type: 'git', url: repo, properties: { ref: 'main' } }),
      ),
    ).toEqual({
      status: 200,
      body: { message: 'ok' },
    });
    const missingRef = await test(
      await create({ name: 'git-dev', type: 'git', url: repo, properties: { ref: 'develop' } }),
    );
    expect(missingRef).toEqual({ status: 400, body: { error: 'the repository has no such ref' } });
    const missingRepo = await test(
      await create({ name: 'git-none', type: 'git', url: join(repoDir, 'nope.git') }),
    );
    expect(missingRepo.status).toBe(400);
    expect(missingRepo.body.error).toMatch(
      /does not appear to be a git repository|not a git repository/i,
    );
    const ext = await test(await create({ name: 'git-ext', type: 'git', url: 'ext::sh -c id' }));
    expect(ext.status).toBe(400);
  });

  it.skipIf(!postgresAvailable)('connects to a real PostgreSQL and runs a query', async () => {
    const url = pg?.connectionString ?? '';
    const ok = await create({
      name: 'pg-ok',
      type: 'postgres',
      url,
      username: 'postgres',
      password: 'pg-pass-1',
    });
    expect(await test(ok)).toEqual({ status: 200, body: { message: 'ok' } });
    const templated = await create({
      name: 'pg-template',
      type: 'postgres',
      url: url.replace('postgres@', '$(username):$(password)@'),
      username: 'postgres',
      password: 'pg-pass-2',
    });
    expect(await test(templated)).toEqual({ status: 200, body: { message: 'ok' } });
    const missing = await test(
      await create({
        name: 'pg-missing',
        type: 'postgres',
        url: url.replace(/\/postgres$/, '/nope'),
      }),
    );
    expect(missing).toEqual({ status: 400, body: { error: 'database "nope" does not exist' } });
  });

  it('reports a refused database port and a malformed database URL as 400', async () => {
    const refused = await test(
      await create({ name: 'pg-closed', type: 'postgres', url: 'postgres://u:p@127.0.0.1:1/db' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/ECONNREFUSED/);
    const wrongScheme = await test(
      await create({ name: 'pg-scheme', type: 'postgres', url: 'mysql://127.0.0.1/db' }),
    );
    expect(wrongScheme).toEqual({
      status: 400,
      body: { error: 'the URL must start with postgres:// or postgresql://' },
    });
    const noUrl = await test(await create({ name: 'pg-empty', type: 'postgres' }));
    expect(noUrl).toEqual({ status: 400, body: { error: 'the connection has no URL' } });
  });

  it('answers 501 for a type it cannot test', async () => {
    const id = await create({ name: 'cloud', type: 'aws', username: 'AKIA', password: 'x' });
    expect(await test(id)).toEqual({ status: 501, body: { error: 'not implemented' } });
  });

  it('refuses callers without write on connections, and cookie writes from another origin', async () => {
    const id = await create({ name: 'web-rbac', type: 'http', url: `${webBase}/` });
    for (const role of ['viewer', 'editor']) {
      const refused = await test(id, role);
      expect(refused.status).toBe(403);
      expect(refused.body.text).toBe('unauthorized. Access Denied');
    }
    const anonymous = await as(null, `/api/connection/test/${id}`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    const crossSite = await as('admin', `/api/connection/test/${id}`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
  });

  it('stores secrets encrypted, masks them on read and keeps them when the mask is sent back', async () => {
    const id = await create({
      name: 'pg-secret',
      type: 'postgres',
      url: 'postgres://admin:url-pass-9@127.0.0.1:1/db',
      username: 'admin',
      password: 'hunter2-secret',
    });
    const raw = await db.query<{ url: string; username: string; password: string }>(
      'SELECT url, username, password FROM connections WHERE id = $1',
      [id],
    );
    const row = raw.rows[0];
    expect(row?.password).toMatch(/^enc:v1:/);
    expect(row?.username).toMatch(/^enc:v1:/);
    expect(row?.url).toMatch(/^enc:v1:/);
    expect(JSON.stringify(row)).not.toMatch(/hunter2|url-pass-9/);

    const read = await okJson<Record<string, unknown>[]>(
      as('admin', `/api/db/connections?id=eq.${id}&select=url,username,password`),
    );
    expect(read).toEqual([{ url: '***', username: '***', password: '***' }]);
    // Readers without write on connections get none of it (viewers do not read connections).
    expect((await as('viewer', `/api/db/connections?id=eq.${id}`)).status).toBe(403);
    const editorRead = await okJson<Record<string, unknown>[]>(
      as('editor', `/api/db/connections?id=eq.${id}&select=url,username,password`),
    );
    expect(editorRead).toEqual([{ url: '***', username: '***', password: '***' }]);
    // The edit form sends the masks back with another field changed: the secrets stay.
    const patched = await as('admin', `/api/db/connections?id=eq.${id}`, {
      method: 'PATCH',
      headers: { Origin: ORIGIN },
      body: JSON.stringify({ url: '***', username: '***', password: '***', name: 'pg-secret-2' }),
    });
    expect(patched.status).toBe(204);
    const after = await db.query<{ password: string; url: string }>(
      'SELECT url, password FROM connections WHERE id = $1',
      [id],
    );
    expect(after.rows[0]?.password).toBe(row?.password);
    expect(after.rows[0]?.url).toBe(row?.url);
    // The test decrypts them: the refused port proves the URL came back whole.
    const tested = await test(id);
    expect(tested.status).toBe(400);
    expect(tested.body.error).toMatch(/ECONNREFUSED 127\.0\.0\.1:1/);
    expect(JSON.stringify(tested.body)).not.toMatch(/hunter2|url-pass-9/);
  });
});

describe('testConnection bounds', () => {
  const base = {
    id: '00000000-0000-0000-0000-000000000001',
    name: 'n',
    namespace: 'default',
    username: null,
    password: null,
    certificate: null,
    properties: null,
    insecureTls: null,
  };

  it('gives up on a server that never answers', async () => {
    const started = Date.now();
    const outcome = await testConnection(
      { ...base, type: 'http', url: `http://127.0.0.1:${silentPort}/` },
      { timeoutMs: 300 },
    );
    expect(outcome).toEqual({
      kind: 'failed',
      reason: `127.0.0.1:${silentPort} did not answer within 300 ms`,
    });
    expect(Date.now() - started).toBeLessThan(3_000);
    const redis = await testConnection(
      { ...base, type: 'redis', url: `127.0.0.1:${silentPort}` },
      { timeoutMs: 300 },
    );
    expect(redis.kind).toBe('failed');
  });

  it('refuses references it cannot resolve, without echoing secrets', async () => {
    const outcome = await testConnection({
      ...base,
      type: 'http',
      url: `${webBase}/`,
      password: 'secret://db-credentials/password',
    });
    expect(outcome).toEqual({
      kind: 'failed',
      reason: 'the password is a reference (secret://…) that this server cannot resolve',
    });
  });
});
