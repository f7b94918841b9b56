/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are inspected loosely here */
/**
 * POST /api/logs (api.md §6, docs/logs.md) over hand-made components and lines: the first selector
 * when the name is empty, selector labels (with templates) merged with the request's, the query as
 * a case-insensitive substring (with `%` and `_` literal), start/end, the level label, the limit
 * and the cap on `total`, the newest lines oldest first, the server's own `vigil` stream, every
 * 400 with the contract's texts, 404s, 413, RBAC. Runs on PGlite and, when the binaries are
 * installed, on a throw-away PostgreSQL.
 */
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessToken } from '../src/auth/access-tokens';
import { createApp } from '../src/app';
import { testConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { openMigratedPglite } from './fixtures/db-templates';
import { openPostgres } from '../src/db/postgres';
import type { Db } from '../src/db/types';
import type { AppEnv } from '../src/http/env';
import { likePattern, pruneLogs, writeLogs, type LogLineInput } from '../src/logs/store';
import { postgresAvailable, startPostgres, type PostgresServer } from './helpers/postgres-server';

const id = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TOPOLOGY = id(800);
const C = {
  api: id(1),
  web: id(2),
  bare: id(3),
  gone: id(4),
  templated: id(5),
  broken: id(6),
  noExternal: id(7),
};
const NOW = Date.now();
const ago = (minutes: number): Date => new Date(NOW - minutes * 60_000);

const selectors = (value: unknown): string => JSON.stringify(value);

const FIXTURE = `
INSERT INTO topologies (id, name, namespace) VALUES ('${TOPOLOGY}', 'logs', 'default');
INSERT INTO components (id, topology_id, external_id, name, type, status, namespace, labels,
  log_selectors, deleted_at) VALUES
  ('${C.api}', '${TOPOLOGY}', 'prod/payments/api', 'api', 'Deployment', 'healthy', 'payments',
   '{"app": "api"}', '${selectors([
     { name: 'app', type: 'loki', labels: { container: 'app' } },
     { name: 'proxy', labels: { container: 'istio-proxy' } },
     { name: 'health-checks', type: 'vigil', labels: { source: 'health-check' } },
   ])}', NULL),
  ('${C.web}', '${TOPOLOGY}', 'prod/web', 'web', 'Deployment', 'healthy', 'web', '{}',
   '${selectors([{ name: 'all' }])}', NULL),
  ('${C.bare}', '${TOPOLOGY}', 'prod/bare', 'bare', 'Deployment', 'healthy', 'web', '{}', NULL, NULL),
  ('${C.gone}', '${TOPOLOGY}', 'prod/gone', 'gone', 'Deployment', 'healthy', 'web', '{}',
   '${selectors([{ name: 'all' }])}', now()),
  ('${C.templated}', '${TOPOLOGY}', 'prod/payments/ledger', 'ledger', 'Deployment', 'healthy',
   'payments', '{"app": "ledger"}', '${selectors([
     { name: 'app', labels: { app: '{{ .labels.app }}', namespace: '{{.namespace}}' } },
   ])}', NULL),
  ('${C.broken}', '${TOPOLOGY}', 'prod/broken', 'broken', 'Deployment', 'healthy', 'web', '{}',
   '${selectors([{ name: 'bad', labels: { app: '{{ index .labels "app" }}' } }])}', NULL),
  ('${C.noExternal}', '${TOPOLOGY}', '', 'orphan', 'Deployment', 'healthy', 'web', '{}',
   '${selectors([{ name: 'all' }])}', NULL);
`;

function lines(): LogLineInput[] {
  const out: LogLineInput[] = [];
  // api: 30 app lines (every third an error), 5 proxy lines, one with literal % and _.
  for (let i = 0; i < 30; i += 1) {
    out.push({
      time: ago(60 - i),
      externalId: 'prod/payments/api',
      level: i % 3 === 0 ? 'error' : 'info',
      message:
        i % 3 === 0
          ? `POST /charge failed: Upstream TIMEOUT after ${i} ms`
          : `GET /health 200 #${i}`,
      labels: { container: 'app', pod: `api-${i % 2}` },
    });
  }
  for (let i = 0; i < 5; i += 1) {
    out.push({
      time: ago(30 - i),
      externalId: 'prod/payments/api',
      message: `[proxy] upstream connect ${i}`,
      labels: { container: 'istio-proxy' },
    });
  }
  out.push({
    time: ago(1),
    externalId: 'prod/payments/api',
    message: 'disk 100% full on /var_log',
    labels: { container: 'app' },
  });
  // ledger: lines of its app (the template's labels) and of another app in the same stream.
  out.push(
    {
      time: ago(5),
      externalId: 'prod/payments/ledger',
      message: 'ledger balanced',
      labels: { app: 'ledger', namespace: 'payments' },
    },
    {
      time: ago(4),
      externalId: 'prod/payments/ledger',
      message: 'other app line',
      labels: { app: 'other', namespace: 'payments' },
    },
  );
  out.push({
    time: ago(2),
    externalId: 'vigil',
    level: 'warn',
    message: 'check api /health failed',
    labels: { source: 'health-check', check: 'api /health' },
  });
  out.push({
    time: ago(3),
    externalId: 'vigil',
    message: 'scheduler started',
    labels: { source: 'scheduler' },
  });
  out.push({ time: ago(20 * 24 * 60), externalId: 'prod/web', message: 'ancient line' });
  out.push({ time: ago(10), externalId: 'prod/web', message: 'recent line' });
  return out;
}

function suite(label: string, open: () => Promise<{ db: Db; stop(): Promise<void> }>): void {
  describe(`POST /api/logs on ${label}`, () => {
    let db: Db;
    let stop: () => Promise<void> = async () => {};
    let app: Hono<AppEnv>;
    const tokens: Record<string, string> = {};

    beforeAll(async () => {
      const opened = await open();
      db = opened.db;
      stop = opened.stop;
      await migrate(db);
      await db.exec(FIXTURE);
      await writeLogs(db, lines());
      app = createApp({
        db,
        config: testConfig({ auth: 'basic' }),
        onError: (e) => console.error('XX', e),
      });
      for (const role of ['admin', 'viewer', 'agent']) {
        const person = await db.query<{ id: string }>(
          `INSERT INTO people (name, email, type) VALUES ($1, $2, $3) RETURNING id`,
          [role, `${role}@logs.test`, role === 'agent' ? 'agent' : 'user'],
        );
        const personId = person.rows[0]?.id ?? '';
        await db.query(`INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, $2)`, [
          personId,
          role,
        ]);
        tokens[role] = await createAccessToken(db, personId, 'test', undefined);
      }
    }, 180_000);
    afterAll(async () => {
      await db?.close();
      await stop();
    });

    async function post(
      body: unknown,
      options: { role?: string | null; raw?: string; method?: string } = {},
    ): Promise<{ status: number; body: any; headers: Headers }> {
      const role = options.role === undefined ? 'viewer' : options.role;
      const response = await app.request('/api/logs', {
        method: options.method ?? 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(role ? { Authorization: `Bearer ${tokens[role] ?? ''}` } : {}),
        },
        ...(options.method === 'GET'
          ? {}
          : { body: options.raw ?? (body === undefined ? '' : JSON.stringify(body)) }),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // plain-text denials
      }
      return { status: response.status, body: parsed, headers: response.headers };
    }

    it('answers the first selector when the name is empty, newest lines oldest first', async () => {
      const { status, body } = await post({ id: C.api, name: '' });
      expect(status).toBe(200);
      expect(body.total).toBe(31);
      expect(body.results).toHaveLength(31);
      const times = body.results.map((line: any) => Date.parse(line.timestamp));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(body.results.at(-1)).toEqual({
        timestamp: ago(1).toISOString(),
        message: 'disk 100% full on /var_log',
        labels: { container: 'app', level: 'info' },
      });
      expect(body.results[0].labels).toEqual({ container: 'app', pod: 'api-0', level: 'error' });
      expect(Object.keys(body.results[0]).sort()).toEqual(['labels', 'message', 'timestamp']);
    });

    it('picks a selector by name and leaves the other selectors out', async () => {
      const { status, body } = await post({ id: C.api, name: 'proxy' });
      expect(status).toBe(200);
      expect(body.total).toBe(5);
      expect(body.results.every((line: any) => line.message.startsWith('[proxy]'))).toBe(true);
    });

    it('reads the server stream through a selector of type vigil', async () => {
      const { body } = await post({ id: C.api, name: 'health-checks' });
      expect(body.total).toBe(1);
      expect(body.results[0]).toMatchObject({
        message: 'check api /health failed',
        labels: { source: 'health-check', check: 'api /health', level: 'warn' },
      });
    });

    it('merges request labels with the selector labels, level included', async () => {
      const pod = await post({ id: C.api, labels: { pod: 'api-1' } });
      expect(pod.body.total).toBe(15);
      expect(pod.body.results.every((line: any) => line.labels.pod === 'api-1')).toBe(true);
      const errors = await post({ id: C.api, labels: { level: 'error' } });
      expect(errors.body.total).toBe(10);
      expect(errors.body.results.every((line: any) => line.labels.level === 'error')).toBe(true);
      // The request cannot widen the selector: its container label stays.
      const other = await post({ id: C.api, name: 'proxy', labels: { pod: 'api-1' } });
      expect(other.body.total).toBe(0);
      const unknownLevel = await post({ id: C.api, labels: { level: 'loud' } });
      expect(unknownLevel.body).toEqual({ total: 0, results: [] });
    });

    it('renders selector templates against the component', async () => {
      const { status, body } = await post({ id: C.templated });
      expect(status).toBe(200);
      expect(body.results.map((line: any) => line.message)).toEqual(['ledger balanced']);
    });

    it('filters by query as a case-insensitive substring, % and _ literal', async () => {
      const timeout = await post({ id: C.api, query: 'upstream timeout' });
      expect(timeout.body.total).toBe(10);
      expect(timeout.body.results[0].message).toContain('Upstream TIMEOUT');
      const percent = await post({ id: C.api, query: '100%' });
      expect(percent.body.results.map((line: any) => line.message)).toEqual([
        'disk 100% full on /var_log',
      ]);
      const underscore = await post({ id: C.api, query: 'r_l' });
      expect(underscore.body.total).toBe(1);
      const wildcard = await post({ id: C.api, query: '%' });
      expect(wildcard.body.total).toBe(1);
      const none = await post({ id: C.api, query: 'no such text' });
      expect(none.body).toEqual({ total: 0, results: [] });
      const blank = await post({ id: C.api, query: '   ' });
      expect(blank.body.total).toBe(31);
      expect(likePattern('a%b_c\\')).toBe('%a\\%b\\_c\\\\%');
    });

    it('applies start and end (RFC 3339, datemath, durations)', async () => {
      const window = await post({
        id: C.api,
        start: ago(40).toISOString(),
        end: ago(35).toISOString(),
      });
      expect(window.body.total).toBe(6);
      const recent = await post({ id: C.web, start: 'now-1h' });
      expect(recent.body.results.map((line: any) => line.message)).toEqual(['recent line']);
      const duration = await post({ id: C.web, start: '15m' });
      expect(duration.body.total).toBe(1);
      const all = await post({ id: C.web });
      expect(all.body.total).toBe(2);
      const until = await post({ id: C.web, end: 'now-1d' });
      expect(until.body.results.map((line: any) => line.message)).toEqual(['ancient line']);
    });

    it('returns the newest `limit` lines and counts them all', async () => {
      const { body } = await post({ id: C.api, limit: 3 });
      expect(body.total).toBe(31);
      expect(body.results.map((line: any) => line.message)).toEqual([
        'GET /health 200 #28',
        'GET /health 200 #29',
        'disk 100% full on /var_log',
      ]);
      const capped = await post({ id: C.api, limit: 1_000_000 });
      expect(capped.body.results).toHaveLength(31);
    });

    it('answers an empty list for a component with an empty external id', async () => {
      const { status, body } = await post({ id: C.noExternal });
      expect(status).toBe(200);
      expect(body).toEqual({ total: 0, results: [] });
    });

    it.each([
      [{}, 'ID field is required', 'Component ID is required'],
      [{ id: '' }, 'ID field is required', 'Component ID is required'],
      [{ name: 'app' }, 'ID field is required', 'Component ID is required'],
      [{ id: 42 }, 'id must be a string', 'Component ID is required'],
    ])('refuses %j with the contract text', async (body, error, message) => {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error, message });
    });

    it('names the available selectors when the name is unknown', async () => {
      const answer = await post({ id: C.api, name: 'nope' });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        error: 'Log selector was not found',
        message:
          "Log selector with the name 'nope' was not found. Available names: [app, proxy, health-checks]",
      });
      const bare = await post({ id: C.bare });
      expect(bare.status).toBe(400);
      expect(bare.body).toEqual({
        error: 'Log selector was not found',
        message: "Log selector with the name '' was not found. Available names: []",
      });
    });

    it('refuses a selector template it cannot render', async () => {
      const answer = await post({ id: C.broken });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('failed to parse log selector templates.');
      expect(answer.body.error).toContain('unsupported template action');
    });

    it.each([
      [C.gone, 'a deleted component'],
      [id(999), 'an unknown id'],
      ['not-a-uuid', 'a malformed id'],
    ])('answers 404 for %s (%s)', async (target) => {
      const answer = await post({ id: target });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        error: 'component not found',
        message: `Failed to get component[id=${target}]`,
      });
    });

    it.each([
      [{ id: C.api, name: 5 }, 'name must be a string'],
      [{ id: C.api, query: ['x'] }, 'query must be a string'],
      [{ id: C.api, query: 'x'.repeat(1001) }, 'query is longer than 1000 characters'],
      [{ id: C.api, labels: 'env=prod' }, 'labels must be an object of strings'],
      [{ id: C.api, labels: { env: 1 } }, 'label "env" must be a string'],
      [{ id: C.api, labels: { '': 'x' } }, 'label "" is empty or too long'],
      [{ id: C.api, start: 'yesterday' }, 'start is invalid'],
      [{ id: C.api, end: 12 }, 'end is invalid'],
      [{ id: C.api, start: 'now', end: 'now-1h' }, 'start is after end'],
      [{ id: C.api, limit: 0 }, 'limit must be a positive integer'],
      [{ id: C.api, limit: 1.5 }, 'limit must be a positive integer'],
      [[C.api], 'invalid request body'],
    ])('refuses %j', async (body, error) => {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(error);
    });

    it('refuses a body that is not JSON, and one over 64 KiB', async () => {
      const broken = await post(undefined, { raw: '{"id": ' });
      expect(broken.status).toBe(400);
      expect(broken.body).toEqual({
        error: 'invalid request body',
        message: 'the body is not valid JSON',
      });
      const big = await post(undefined, {
        raw: JSON.stringify({ id: C.api, labels: { a: 'x'.repeat(70_000) } }),
      });
      expect(big.status).toBe(413);
      expect(big.body.error).toBe('request body too large');
    });

    it('needs a signed-in caller with read on the database', async () => {
      expect((await post({ id: C.api }, { role: null })).status).toBe(401);
      const agent = await post({ id: C.api }, { role: 'agent' });
      expect(agent.status).toBe(403);
      expect(agent.headers.get('X-Rbac-Object')).toBe('database');
      expect((await post({ id: C.api }, { role: 'admin' })).status).toBe(200);
      expect((await post(undefined, { method: 'GET' })).status).toBe(405);
    });

    it('prunes lines older than the retention', async () => {
      const before = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM vigil_logs`);
      const deleted = await pruneLogs(db, ago(14 * 24 * 60), 1);
      expect(deleted).toBe(1);
      const after = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM vigil_logs`);
      expect(Number(after.rows[0]?.n)).toBe(Number(before.rows[0]?.n) - 1);
      const web = await post({ id: C.web });
      expect(web.body.results.map((line: any) => line.message)).toEqual(['recent line']);
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
