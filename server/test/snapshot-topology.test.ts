/* eslint-disable @typescript-eslint/no-explicit-any -- JSON file contents are inspected loosely here */
/**
 * GET /api/snapshot/topology/{id} (api.md §5, docs/logs.md): the zip is opened and its files
 * checked — the component tree, the linked checks with their statuses in the window, the linked
 * configs (and with `related` the ones a relationship away) with their changes in the window, the
 * log files of each selector — plus the file name, `related`, `logFormat`, the 400s, the 404s and
 * RBAC. Runs on PGlite and, when the binaries are installed, on a throw-away PostgreSQL.
 */
import { strFromU8, unzipSync } from 'fflate';
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
import { writeLogs } from '../src/logs/store';
import { attachment } from '../src/routes/snapshot';
import { toCsv } from '../src/snapshot/csv';
import { postgresAvailable, startPostgres, type PostgresServer } from './helpers/postgres-server';

const id = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TOPOLOGY = id(700);
const CANARY = id(701);
const C = { cluster: id(1), app: id(2), pod: id(3), other: id(4), gone: id(5), peer: id(6) };
const K = { appCheck: id(11), podCheck: id(12), otherCheck: id(13) };
const CFG = { deploy: id(21), pod: id(22), secret: id(23), unrelated: id(24) };
const NOW = Date.now();
const ago = (minutes: number): string => new Date(NOW - minutes * 60_000).toISOString();

const FIXTURE = `
INSERT INTO topologies (id, name, namespace) VALUES ('${TOPOLOGY}', 'snap', 'default');
INSERT INTO config_items (id, config_class, type, name) VALUES
  ('${CFG.deploy}', 'Deployment', 'Kubernetes::Deployment', 'app'),
  ('${CFG.pod}', 'Pod', 'Kubernetes::Pod', 'app-pod-1'),
  ('${CFG.secret}', 'Secret', 'Kubernetes::Secret', 'app-secret'),
  ('${CFG.unrelated}', 'Secret', 'Kubernetes::Secret', 'unrelated');
INSERT INTO components (id, topology_id, external_id, name, type, status, health, parent_id, path,
  namespace, log_selectors, config_id, deleted_at) VALUES
  ('${C.cluster}', '${TOPOLOGY}', 'c1', 'cluster', 'KubernetesCluster', 'healthy', 'healthy', NULL, '',
   'default', NULL, NULL, NULL),
  ('${C.app}', '${TOPOLOGY}', 'c1/shop/app', 'shop "app"/v2', 'KubernetesDeployment', 'unhealthy',
   'unhealthy', '${C.cluster}', '${C.cluster}', 'shop',
   '[{"name": "app", "labels": {"container": "app"}}, {"name": "proxy", "labels": {"container": "istio-proxy"}}]',
   '${CFG.deploy}', NULL),
  ('${C.pod}', '${TOPOLOGY}', 'c1/shop/app-pod', 'app-pod', 'KubernetesPod', 'healthy', 'healthy',
   '${C.app}', '${C.cluster}.${C.app}', 'shop', NULL, NULL, NULL),
  ('${C.gone}', '${TOPOLOGY}', 'c1/shop/gone', 'gone', 'KubernetesPod', 'healthy', 'healthy',
   '${C.app}', '${C.cluster}.${C.app}', 'shop', NULL, NULL, now()),
  ('${C.other}', '${TOPOLOGY}', 'c2', 'other', 'KubernetesCluster', 'healthy', 'healthy', NULL, '',
   'default', NULL, NULL, NULL),
  ('${C.peer}', '${TOPOLOGY}', 'c2/peer', 'peer', 'Service', 'healthy', 'healthy', '${C.other}',
   '${C.other}', 'default', NULL, NULL, NULL);
INSERT INTO component_relationships (component_id, relationship_id) VALUES ('${C.app}', '${C.peer}');
INSERT INTO canaries (id, name, namespace, spec) VALUES ('${CANARY}', 'shop', 'shop', '{}');
INSERT INTO checks (id, canary_id, type, name, status, namespace) VALUES
  ('${K.appCheck}', '${CANARY}', 'http', '=app health', 'unhealthy', 'shop'),
  ('${K.podCheck}', '${CANARY}', 'tcp', 'pod port', 'healthy', 'shop'),
  ('${K.otherCheck}', '${CANARY}', 'http', 'other check', 'healthy', 'shop');
INSERT INTO check_component_relationships (component_id, check_id, canary_id) VALUES
  ('${C.app}', '${K.appCheck}', '${CANARY}'),
  ('${C.pod}', '${K.podCheck}', '${CANARY}'),
  ('${C.other}', '${K.otherCheck}', '${CANARY}');
INSERT INTO check_statuses (check_id, time, status, duration, message, error) VALUES
  ('${K.appCheck}', '${ago(5)}', false, 120, 'HTTP 503', 'expected 200, got 503'),
  ('${K.appCheck}', '${ago(10)}', true, 80, 'HTTP 200', NULL),
  ('${K.appCheck}', '${ago(120)}', true, 70, 'HTTP 200, long ago', NULL),
  ('${K.podCheck}', '${ago(3)}', true, 2, 'connected', NULL),
  ('${K.otherCheck}', '${ago(3)}', true, 2, 'other', NULL);
INSERT INTO config_component_relationships (component_id, config_id) VALUES ('${C.pod}', '${CFG.pod}');
INSERT INTO config_relationships (config_id, related_id, relation) VALUES
  ('${CFG.deploy}', '${CFG.secret}', 'DeploymentSecret');
INSERT INTO config_changes (config_id, change_type, severity, summary, created_at) VALUES
  ('${CFG.deploy}', 'diff', 'info', 'replicas 2 -> 3', '${ago(4)}'),
  ('${CFG.deploy}', 'diff', 'info', 'long ago', '${ago(300)}'),
  ('${CFG.pod}', 'BackOff', 'high', 'Back-off restarting', '${ago(6)}'),
  ('${CFG.secret}', 'diff', 'low', 'secret rotated', '${ago(7)}'),
  ('${CFG.unrelated}', 'diff', 'low', 'unrelated change', '${ago(7)}');
`;

function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  const [header = [], ...body] = rows;
  return body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
}

function suite(label: string, open: () => Promise<{ db: Db; stop(): Promise<void> }>): void {
  describe(`GET /api/snapshot/topology/{id} on ${label}`, () => {
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
      await writeLogs(db, [
        {
          time: new Date(NOW - 2 * 60_000),
          externalId: 'c1/shop/app',
          level: 'error',
          message: 'upstream timeout',
          labels: { container: 'app', pod: 'app-1' },
        },
        {
          time: new Date(NOW - 60 * 60_000),
          externalId: 'c1/shop/app',
          message: 'an hour ago',
          labels: { container: 'app' },
        },
        {
          time: new Date(NOW - 60_000),
          externalId: 'c1/shop/app',
          message: 'proxy line',
          labels: { container: 'istio-proxy' },
        },
      ]);
      app = createApp({ db, config: testConfig({ auth: 'basic' }), onError: () => undefined });
      for (const role of ['viewer', 'agent']) {
        const person = await db.query<{ id: string }>(
          `INSERT INTO people (name, email, type) VALUES ($1, $2, $3) RETURNING id`,
          [role, `${role}@snapshot.test`, role === 'agent' ? 'agent' : 'user'],
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

    async function get(path: string, role: string | null = 'viewer'): Promise<Response> {
      return app.request(`/api/snapshot/topology/${path}`, {
        headers: role ? { Authorization: `Bearer ${tokens[role] ?? ''}` } : {},
      });
    }

    async function unzip(path: string): Promise<{ response: Response; files: any }> {
      const response = await get(path);
      expect(response.status).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const entries = unzipSync(bytes);
      const files: Record<string, string> = {};
      for (const [name, data] of Object.entries(entries)) files[name] = strFromU8(data);
      return { response, files };
    }

    it('answers a zip named after the component with the tree, checks, configs and logs', async () => {
      const { response, files } = await unzip(C.app);
      expect(response.headers.get('content-type')).toBe('application/zip');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="shop _app__v2-snapshot.zip"; filename*=UTF-8''${encodeURIComponent('shop "app"_v2-snapshot.zip')}`,
      );
      expect(Object.keys(files).sort()).toEqual([
        'check_statuses.csv',
        'checks.csv',
        'components.json',
        'config_changes.csv',
        'configs.csv',
        'logs/shop _app__v2/app.log',
        'logs/shop _app__v2/proxy.log',
        'snapshot.json',
      ]);

      const tree = JSON.parse(files['components.json']);
      expect(tree.components).toHaveLength(1);
      expect(tree.components[0]).toMatchObject({ id: C.app, name: 'shop "app"/v2' });
      expect(tree.components[0].components.map((child: any) => child.id)).toEqual([C.pod]);
      expect(tree.related).toEqual([]);

      const checks = parseCsv(files['checks.csv']);
      expect(checks.map((row) => [row.name, row.status])).toEqual([
        ["'=app health", 'unhealthy'],
        ['pod port', 'healthy'],
      ]);
      // Default window: the last 15 minutes.
      const statuses = parseCsv(files['check_statuses.csv']);
      expect(statuses.map((row) => [row.check_name, row.status, row.message])).toEqual([
        ['pod port', 'true', 'connected'],
        ["'=app health", 'false', 'HTTP 503'],
        ["'=app health", 'true', 'HTTP 200'],
      ]);
      expect(statuses[1]?.error).toBe('expected 200, got 503');

      const configs = parseCsv(files['configs.csv']);
      expect(configs.map((row) => row.name).sort()).toEqual(['app', 'app-pod-1']);
      const changes = parseCsv(files['config_changes.csv']);
      expect(changes.map((row) => row.summary)).toEqual(['replicas 2 -> 3', 'Back-off restarting']);

      const app = files['logs/shop _app__v2/app.log'] as string;
      expect(app).toMatch(
        /^\d{4}-\d\d-\d\dT[\d:.]+Z ERROR upstream timeout \{container=app pod=app-1\}\n$/,
      );
      expect(files['logs/shop _app__v2/proxy.log']).toContain('INFO proxy line');

      const manifest = JSON.parse(files['snapshot.json']);
      expect(manifest).toMatchObject({
        component: { id: C.app, name: 'shop "app"/v2' },
        related: false,
        logFormat: 'log',
        counts: { components: 2, checks: 2, checkStatuses: 3, configs: 2, configChanges: 2 },
        truncated: [],
      });
      expect(Date.parse(manifest.end) - Date.parse(manifest.start)).toBe(15 * 60_000);
    });

    it('widens the window with start and adds related components and configs', async () => {
      const { files } = await unzip(`${C.app}?start=3h&related=true&logFormat=json`);
      const tree = JSON.parse(files['components.json']);
      expect(tree.related.map((row: any) => row.name).sort()).toEqual(['cluster', 'peer']);
      const configs = parseCsv(files['configs.csv']);
      expect(configs.map((row) => [row.name, row.linked])).toEqual([
        ['app', 'true'],
        ['app-pod-1', 'true'],
        ['app-secret', 'false'],
      ]);
      const changes = parseCsv(files['config_changes.csv']);
      expect(changes.map((row) => row.summary)).toEqual([
        'replicas 2 -> 3',
        'Back-off restarting',
        'secret rotated',
      ]);
      const statuses = parseCsv(files['check_statuses.csv']);
      expect(statuses.map((row) => row.message)).toContain('HTTP 200, long ago');
      const lines = JSON.parse(files['logs/shop _app__v2/app.json']);
      expect(lines.map((line: any) => line.message)).toEqual(['an hour ago', 'upstream timeout']);
    });

    it('applies end', async () => {
      const { files } = await unzip(`${C.app}?start=now-3h&end=now-1h`);
      expect(parseCsv(files['check_statuses.csv']).map((row) => row.message)).toEqual([
        'HTTP 200, long ago',
      ]);
      expect(parseCsv(files['config_changes.csv'])).toEqual([]);
      expect(files['logs/shop _app__v2/app.log']).toContain('an hour ago');
    });

    it('snapshots a component without selectors with the logs of its descendants', async () => {
      const { files } = await unzip(C.cluster);
      expect(Object.keys(files).filter((name) => name.startsWith('logs/'))).toEqual([
        'logs/shop _app__v2/app.log',
        'logs/shop _app__v2/proxy.log',
      ]);
      const tree = JSON.parse(files['components.json']);
      expect(tree.components[0].components.map((child: any) => child.id)).toEqual([C.app]);
    });

    it.each([
      ['not-a-uuid', 'id is invalid'],
      [`${C.app}?start=yesterday`, 'start is invalid'],
      [`${C.app}?end=soon`, 'end is invalid'],
      [`${C.app}?start=now-1h&end=now-2h`, 'start is after end'],
      [`${C.app}?related=maybe`, 'related must be true or false'],
      [`${C.app}?logFormat=xml`, 'logFormat must be log or json'],
    ])('refuses %s with a 400', async (path, error) => {
      const response = await get(path);
      expect(response.status).toBe(400);
      expect(((await response.json()) as any).error).toContain(error);
    });

    it.each([
      [id(999), 'an unknown id'],
      [C.gone, 'a deleted component'],
    ])('answers 404 for %s (%s)', async (target) => {
      const response = await get(target);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: 'component not found',
        message: 'Error snapshotting topology',
      });
    });

    it('needs read on topologies', async () => {
      expect((await get(C.app, null)).status).toBe(401);
      const agent = await get(C.app, 'agent');
      expect(agent.status).toBe(403);
      expect(agent.headers.get('X-Rbac-Object')).toBe('topologies');
    });
  });
}

describe('snapshot helpers', () => {
  it('writes CSV with quoting and formula guards', () => {
    expect(
      toCsv(['a', 'b', 'c', 'd'], [{ a: 'x,"y"', b: '=SUM(A1)', c: { k: 1 }, d: -1 }, { a: null }]),
    ).toBe('a,b,c,d\r\n"x,""y""",\'=SUM(A1),"{""k"":1}",-1\r\n,,,\r\n');
    expect(attachment('café-snapshot.zip')).toBe(
      `attachment; filename="caf_-snapshot.zip"; filename*=UTF-8''caf%C3%A9-snapshot.zip`,
    );
  });
});

suite('PGlite', async () => ({ db: await openMigratedPglite(), stop: async () => {} }));

if (postgresAvailable) {
  suite('PostgreSQL', async () => {
    const server: PostgresServer = await startPostgres();
    return { db: await openPostgres(server.connectionString), stop: () => server.stop() };
  });
}
