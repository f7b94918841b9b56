/**
 * Credentials in URLs (docs/security.md "Credentials in URLs"): a check whose URL is
 * `http://user:pass@host/?api_key=abc&x=1` never shows `user:pass` or `abc` to anyone who may not
 * edit it — in the health summary (GET and POST, health-only mode, embed tokens), the
 * check_summary view, /db reads of checks and canaries (specs, filters, embeds, `!inner` tests,
 * CSV), stored results and Run Now answers — while an editor reads /db/checks as written. And the
 * SQL rule of migration 0017 equals the TypeScript one (server/src/secrets/redact.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CanarySummaryResponse, CreatedEmbedToken } from '../../src/api/types';
import { migrate } from '../src/db/migrate';
import { openPostgres } from '../src/db/postgres';
import type { Db, Queryable } from '../src/db/types';
import { createEngine } from '../src/postgrest/engine';
import { isSecretName, redactJson, redactText } from '../src/secrets/redact';
import {
  buildApp,
  okJson,
  openTestDb,
  requester,
  signInDemoAccounts,
  type Requester,
  type TestApp,
} from './fixtures/app';
import { postgresAvailable, startPostgres, type PostgresServer } from './helpers/postgres-server';

const URL_AS_WRITTEN = 'http://user:pass@host/?api_key=abc&x=1';
const URL_REDACTED = 'http://***@host/?api_key=***&x=1';
/** A check the runner can really run: connection refused at once. */
const RUN_URL = 'http://user:pass@127.0.0.1:9/?api_key=abc&x=1';

let db: Db;
let t: TestApp;
let as: Requester;
let canaryId = '';
let checkId = '';
let runCheckId = '';

/** Neither the password nor the API key, in any form. */
function expectClean(text: string, where: string): void {
  expect(text, where).not.toContain('pass@');
  expect(text, where).not.toContain('user:pass');
  expect(text, where).not.toContain('api_key=abc');
}

beforeAll(async () => {
  db = await openTestDb({ seed: true });
  t = buildApp(db, { auth: 'basic' }, await createEngine({ db }));
  as = requester(t.app, await signInDemoAccounts(t.app));
  const canary = await db.query<{ id: string }>(
    `INSERT INTO canaries (name, namespace, spec, labels, created_at)
     VALUES ('secret-urls', 'default', $1::jsonb, '{"suite":"secrets"}', now()) RETURNING id::text`,
    [JSON.stringify({ http: [{ name: 'with-credentials', url: URL_AS_WRITTEN }] })],
  );
  canaryId = canary.rows[0]!.id;
  const checks = await db.query<{ id: string; name: string }>(
    `INSERT INTO checks (canary_id, type, name, spec, created_at, updated_at)
     VALUES ($1, 'http', 'with-credentials', $2::jsonb, now(), now()),
            ($1, 'http', 'run-with-credentials', $3::jsonb, now(), now())
     RETURNING id::text, name`,
    [canaryId, JSON.stringify({ url: URL_AS_WRITTEN }), JSON.stringify({ url: RUN_URL })],
  );
  checkId = checks.rows.find((row) => row.name === 'with-credentials')!.id;
  runCheckId = checks.rows.find((row) => row.name === 'run-with-credentials')!.id;
  await db.query(
    `INSERT INTO check_statuses (check_id, time, status, duration, message, error, details)
     VALUES ($1, now() - interval '1 minute', false, 12, $2, $3, $4::jsonb)`,
    [
      checkId,
      `GET ${URL_AS_WRITTEN} failed`,
      `dial ${URL_AS_WRITTEN}: refused`,
      JSON.stringify({ url: URL_AS_WRITTEN, code: 0 }),
    ],
  );
}, 120_000);
afterAll(async () => db.close());

/** The SQL rule of migration 0017 on `target()` equals the TypeScript rule. */
function parity(label: string, target: () => Queryable): void {
  describe(`the SQL rule equals the TypeScript rule on ${label}`, () => {
    const TEXTS = [
      URL_AS_WRITTEN,
      'https://host/path?X-Amz-Signature=abc&X-Amz-Credential=c&v=2#access_token=zz&state=1',
      'GET http://u:p@a.example/x failed; retry https://b/?token=t&page=2',
      'no url at all',
      'enc:v1:0011aabb:payload',
      'postgres://admin:s3cr3t@db:5432/app?sslmode=disable&password=x',
      'http://host/?a&b=&Api-Key=1&api%5Fkey=2&&=x',
      'http://user:p@ss@host/',
      '"http://u:p@h/"\'x`http://v:w@i/`',
      'slack://xoxb-123@channel?Session_ID=1&sig=2&monkey=3',
      'http://host/#/route?token=x',
      'http://host/?',
      'http://host/#',
      'ftp://@host',
      'text with :// but no scheme @ ? #',
    ];
    const NAMES = [
      'token',
      'api_key',
      'API-Key',
      'apikey',
      'key',
      'secret',
      'client_secret',
      'password',
      'passwd',
      'pwd',
      'auth',
      'access_token',
      'X-Amz-Signature',
      'sig',
      'credential',
      'session',
      'webhook_url',
      'api%5Fkey',
      'page',
      'token_type',
      'x',
      'name',
      'url',
    ];

    it('for names', async () => {
      for (const name of NAMES) {
        const sql = await target().query<{ r: boolean }>('SELECT vigil_is_secret_name($1) AS r', [
          name,
        ]);
        expect(sql.rows[0]?.r, name).toBe(isSecretName(name));
      }
    });

    it('for texts, including random ones', async () => {
      const alphabet = [
        'a',
        'b',
        'k',
        'e',
        'y',
        ':',
        '/',
        '@',
        '?',
        '#',
        '&',
        '=',
        ' ',
        '"',
        '_',
        'http://',
        'token',
        '%5F',
      ];
      let state = 17;
      const next = (n: number): number => {
        state = (state * 1103515245 + 12345) % 2 ** 31;
        return state % n;
      };
      const random = Array.from({ length: 200 }, () =>
        Array.from({ length: 4 + next(20) }, () => alphabet[next(alphabet.length)]).join(''),
      );
      for (const text of [...TEXTS, ...random]) {
        const sql = await target().query<{ r: string }>('SELECT vigil_redact_text($1) AS r', [
          text,
        ]);
        expect(sql.rows[0]?.r, text).toBe(redactText(text));
      }
      expect(redactText(URL_AS_WRITTEN)).toBe(URL_REDACTED);
    });

    it('for JSON documents', async () => {
      const docs: unknown[] = [
        {
          url: URL_AS_WRITTEN,
          password: 'x',
          nested: { token: 'y', list: ['http://a:b@c/', 1, null] },
        },
        {
          headers: [
            { name: 'Authorization', value: 'Bearer z' },
            { name: 'Accept', value: 'json' },
          ],
        },
        { password: { valueFrom: { secretKeyRef: { name: 's', key: 'pw' } } }, ref: 'secret://x' },
        {
          apikey: 'secret://db/key',
          empty: '',
          n: 5,
          yes: true,
          auth: { username: 'u', password: 'p' },
        },
        [URL_AS_WRITTEN, { sig: 'abc' }],
        'enc:v1:00:zz',
        null,
      ];
      for (const doc of docs) {
        const sql = await target().query<{ r: unknown }>(
          'SELECT vigil_redact_json($1::jsonb) AS r',
          [JSON.stringify(doc)],
        );
        expect(sql.rows[0]?.r, JSON.stringify(doc)).toEqual(redactJson(doc));
      }
    });
  });
}

parity('PGlite', () => db);

describe.skipIf(!postgresAvailable)('on PostgreSQL', () => {
  let server: PostgresServer | undefined;
  let pg: Db | undefined;
  beforeAll(async () => {
    server = await startPostgres();
    pg = await openPostgres(server.connectionString);
    await migrate(pg);
  }, 120_000);
  afterAll(async () => {
    await pg?.close();
    await server?.stop();
  });
  parity('PostgreSQL', () => pg!);
});

describe('the health summary and check_summary carry the redacted endpoint', () => {
  it('GET and POST /canary/api/summary, for every role', async () => {
    for (const role of ['viewer', 'editor', 'admin']) {
      const post = { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } };
      for (const init of [{}, post]) {
        const response = await as(role, '/api/canary/api/summary', init);
        const text = await response.text();
        expect(response.status).toBe(200);
        expectClean(text, `${role} summary`);
        const body = JSON.parse(text) as CanarySummaryResponse;
        const check = body.checks_summary?.find((row) => row.id === checkId);
        expect(check?.endpoint).toBe(URL_REDACTED);
      }
    }
  });

  it('in health-only mode', async () => {
    const open = buildApp(db, { auth: 'basic', healthOnly: true });
    const response = await open.app.request('/api/canary/api/summary');
    const text = await response.text();
    expect(response.status).toBe(200);
    expectClean(text, 'health-only summary');
    expect(text).toContain(URL_REDACTED);
  });

  it('check_summary and the topology-free paths (graph aside) through /db, filters included', async () => {
    for (const role of ['viewer', 'editor']) {
      const rows = await okJson<{ endpoint: string }[]>(
        as(role, `/api/db/check_summary?id=eq.${checkId}&select=endpoint`),
      );
      expect(rows).toEqual([{ endpoint: URL_REDACTED }]);
      expect(
        await okJson(as(role, `/api/db/check_summary?endpoint=like.*pass*&select=id`)),
      ).toEqual([]);
    }
  });
});

describe('views, functions and the topology built on checks', () => {
  let componentId = '';
  let configId = '';
  beforeAll(async () => {
    componentId = (
      await db.query<{ id: string }>(
        'SELECT id::text FROM components WHERE deleted_at IS NULL ORDER BY id LIMIT 1',
      )
    ).rows[0]!.id;
    configId = (
      await db.query<{ id: string }>(
        'SELECT id::text FROM config_items WHERE deleted_at IS NULL ORDER BY id LIMIT 1',
      )
    ).rows[0]!.id;
    await db.query(
      `INSERT INTO check_component_relationships (component_id, check_id, canary_id) VALUES ($1, $2, $3)`,
      [componentId, checkId, canaryId],
    );
    await db.query(
      `INSERT INTO check_config_relationships (config_id, check_id, canary_id) VALUES ($1, $2, $3)`,
      [configId, checkId, canaryId],
    );
  });

  it('check_summary_for_config, rpc/check_summary_for_component and the topology API', async () => {
    for (const role of ['viewer', 'editor']) {
      const forConfig = await okJson<{ id: string; endpoint: string }[]>(
        as(role, `/api/db/check_summary_for_config?config_id=eq.${configId}&select=id,endpoint`),
      );
      expect(forConfig.find((row) => row.id === checkId)?.endpoint).toBe(URL_REDACTED);
      const forComponent = await okJson<{ id: string; endpoint: string }[]>(
        as(role, `/api/db/rpc/check_summary_for_component?id=${componentId}&select=id,endpoint`),
      );
      expect(forComponent.find((row) => row.id === checkId)?.endpoint).toBe(URL_REDACTED);
      for (const path of [
        `/api/canary/api/topology?id=${componentId}`,
        `/api/db/topology?id=eq.${componentId}`,
        `/api/db/checks_by_component?component_id=eq.${componentId}`,
      ]) {
        const response = await as(role, path);
        expect(response.status, path).toBe(200);
        expectClean(await response.text(), path);
      }
    }
  });
});

describe('/db reads of specs', () => {
  it('a viewer reads checks.spec redacted; an editor and an admin read it as written', async () => {
    const path = `/api/db/checks?id=eq.${checkId}&select=spec`;
    expect(await okJson(as('viewer', path))).toEqual([{ spec: { url: URL_REDACTED } }]);
    for (const role of ['commander', 'responder']) {
      expect(await okJson(as(role, path)), role).toEqual([{ spec: { url: URL_REDACTED } }]);
    }
    expect(await okJson(as('editor', path))).toEqual([{ spec: { url: URL_AS_WRITTEN } }]);
    expect(await okJson(as('admin', path))).toEqual([{ spec: { url: URL_AS_WRITTEN } }]);
  });

  it('filters cannot test the hidden value (no oracle), for the root and through embeds', async () => {
    const probes = [
      `/api/db/checks?spec->>url=like.*pass@host*&select=id`,
      `/api/db/checks?spec->>url=eq.${encodeURIComponent(URL_AS_WRITTEN)}&select=id`,
      `/api/db/checks?or=(spec->>url.ilike.*abc*,name.eq.nothing)&select=id`,
      `/api/db/checks?spec=cs.${encodeURIComponent(JSON.stringify({ url: URL_AS_WRITTEN }))}&select=id`,
      `/api/db/canaries?select=id,checks!inner(id)&checks.spec->>url=like.*pass@host*`,
      `/api/db/canaries?spec->http->0->>url=like.*pass*&select=id`,
      `/api/db/check_component_relationships?select=check_id,checks!inner(id)&checks.spec->>url=like.*pass*`,
    ];
    for (const probe of probes) {
      expect(await okJson(as('viewer', probe)), probe).toEqual([]);
    }
    // The same filters find the check for an editor: the probes above are real tests.
    expect(await okJson(as('editor', probes[0]!))).toEqual([{ id: checkId }]);
    expect(await okJson(as('editor', probes[4]!))).toEqual([
      { id: canaryId, checks: [{ id: checkId }] },
    ]);
    // A viewer's filter on the redacted form matches.
    expect(
      await okJson(
        as('viewer', `/api/db/checks?spec->>url=eq.${encodeURIComponent(URL_REDACTED)}&select=id`),
      ),
    ).toEqual([{ id: checkId }]);
  });

  it('embedded specs and the canary spec are redacted for a viewer', async () => {
    const canaries = await okJson<{ spec: unknown; checks: { spec: unknown }[] }[]>(
      as('viewer', `/api/db/canaries?id=eq.${canaryId}&select=spec,checks(spec)`),
    );
    expect(canaries).toEqual([
      {
        spec: { http: [{ name: 'with-credentials', url: URL_REDACTED }] },
        checks: expect.arrayContaining([{ spec: { url: URL_REDACTED } }]) as unknown,
      },
    ]);
    const viaCheck = await okJson(
      as('viewer', `/api/db/checks?id=eq.${checkId}&select=id,canaries(spec)`),
    );
    expectClean(JSON.stringify(viaCheck), 'checks → canaries(spec)');
  });

  it('CSV is redacted too', async () => {
    const response = await as(
      'viewer',
      `/api/db/checks?canary_id=eq.${canaryId}&select=name,spec`,
      {
        headers: { Accept: 'text/csv' },
      },
    );
    expect(response.status).toBe(200);
    const text = await response.text();
    expectClean(text, 'CSV');
    expect(text).toContain('***@host');
  });
});

describe('stored results and Run Now', () => {
  it('results that echo the URL are stored redacted (read the raw table)', async () => {
    const stored = await db.query<{ message: string; error: string; details: unknown }>(
      'SELECT message, error, details FROM check_statuses WHERE check_id = $1',
      [checkId],
    );
    expect(stored.rows[0]).toEqual({
      message: `GET ${URL_REDACTED} failed`,
      error: `dial ${URL_REDACTED}: refused`,
      details: { url: URL_REDACTED, code: 0 },
    });
    const viaDb = await as('viewer', `/api/db/check_statuses?check_id=eq.${checkId}`);
    expectClean(await viaDb.text(), 'check_statuses');
  });

  it('a Run Now answer and the result it stores are redacted', async () => {
    const response = await as('responder', `/api/canary/run/check/${runCheckId}`, {
      method: 'POST',
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    expectClean(text, 'run now');
    expect(text).toContain('127.0.0.1:9');
    const stored = await db.query<{ row: unknown }>(
      'SELECT row_to_json(s) AS row FROM check_statuses s WHERE check_id = $1',
      [runCheckId],
    );
    expect(stored.rows.length).toBe(1);
    expectClean(JSON.stringify(stored.rows[0]?.row), 'stored run');
  });
});

describe('embed tokens', () => {
  let token = '';
  beforeAll(async () => {
    const response = await as('admin', '/api/embed-tokens', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'secrets', scope: { checks: [checkId] }, expires_in: '1h' }),
    });
    expect(response.status).toBe(201);
    token = ((await response.json()) as CreatedEmbedToken).token;
  });

  function withToken(path: string): Promise<Response> {
    return Promise.resolve(t.app.request(path, { headers: { Authorization: `Bearer ${token}` } }));
  }

  it('the summary, the check and its statuses are redacted; the spec is not readable', async () => {
    for (const path of [
      '/api/canary/api/summary',
      `/api/db/checks?id=eq.${checkId}`,
      `/api/db/checks?id=eq.${checkId}&select=id,canaries(id,name)`,
      `/api/db/check_statuses?check_id=eq.${checkId}`,
    ]) {
      const response = await withToken(path);
      const text = await response.text();
      expect(response.status, `${path}: ${text}`).toBe(200);
      expectClean(text, path);
    }
    expect((await withToken(`/api/db/checks?id=eq.${checkId}&select=spec`)).status).toBe(403);
    expect((await withToken(`/api/db/checks?id=eq.${checkId}&spec->>url=like.*pass*`)).status).toBe(
      403,
    );
  });
});
