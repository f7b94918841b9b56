/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are inspected loosely here */
/**
 * GET /api/canary/api/topology (api.md §3.5, docs/topology-api.md) over a small hand-made tree:
 * roots and the tree through parent_id and component_relationships (with a cycle), depth and the
 * reduced fields, filters on the listed level, flatten, sorting, live summaries, every 400, and
 * embed tokens (one in-scope card, no out-of-scope children). Runs on PGlite and, when the
 * binaries are installed, on a throw-away PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import type { TopologyComponent, TopologyResponse } from '../../src/api/types';
import { createApp } from '../src/app';
import { testConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { openMigratedPglite } from './fixtures/db-templates';
import { openPostgres } from '../src/db/postgres';
import type { Db } from '../src/db/types';
import { parseScope } from '../src/embed/scope';
import { createEmbedToken } from '../src/embed/tokens';
import type { AppEnv } from '../src/http/env';
import { parseTopologyParams } from '../src/topology/params';
import { postgresAvailable, startPostgres, type PostgresServer } from './helpers/postgres-server';

const id = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ALICE = id(900);
const SRE = id(901);
const AGENT = id(902);
const TOPOLOGY = id(903);
const CANARY = id(904);
const CHECK_OK = id(905);
const CHECK_BAD = id(906);
const CONFIG = id(907);
const INCIDENT_OPEN = id(908);
const INCIDENT_DONE = id(909);
const HYP_OPEN = id(910);
const HYP_DONE = id(911);

// Cluster A(1) → Nodes(2) → node-b(3), node-a(4), node-c(14)
//              → Namespaces(5) → payments(6) → api(7) → api-pod(8)
//              → Gone(13, deleted)
// Cluster B(9, agent X) → Hidden group(10, hidden)
// Apps(11) → Checkout(12); relationships make api(7) a child of Checkout(12) and Checkout a
// child of api: a cycle.
const C = {
  clusterA: id(1),
  nodes: id(2),
  nodeB: id(3),
  nodeA: id(4),
  namespaces: id(5),
  payments: id(6),
  api: id(7),
  apiPod: id(8),
  clusterB: id(9),
  hiddenGroup: id(10),
  apps: id(11),
  checkout: id(12),
  gone: id(13),
  nodeC: id(14),
};

const cpu = (value: number) => JSON.stringify([{ name: 'CPU', value, max: 100, headline: true }]);

const FIXTURE = `
INSERT INTO people (id, name, email) VALUES ('${ALICE}', 'Alice', 'alice@example.com');
INSERT INTO teams (id, name, created_by) VALUES ('${SRE}', 'SRE', '${ALICE}');
INSERT INTO agents (id, name) VALUES ('${AGENT}', 'agent-x');
INSERT INTO topologies (id, name, namespace) VALUES ('${TOPOLOGY}', 'demo', 'default');

INSERT INTO components (id, topology_id, external_id, name, type, status, health, parent_id,
  labels, owner, agent_id, hidden, properties, summary, deleted_at, cost_total_30d) VALUES
  ('${C.clusterA}', '${TOPOLOGY}', 'a', 'Cluster A', 'Cluster', 'healthy', 'healthy', NULL,
   '{"env": "prod"}', 'ops', '00000000-0000-0000-0000-000000000000', false, '${cpu(50)}',
   '{"healthy": 99, "custom": "kept"}', NULL, 12.5),
  ('${C.nodes}', '${TOPOLOGY}', 'a/nodes', 'Nodes', 'Group', 'warning', 'warning', '${C.clusterA}',
   '{}', NULL, '00000000-0000-0000-0000-000000000000', false, '[]', NULL, NULL, NULL),
  ('${C.nodeB}', '${TOPOLOGY}', 'a/node-b', 'node-b', 'Node', 'warning', 'warning', '${C.nodes}',
   '{"zone": "b"}', NULL, '00000000-0000-0000-0000-000000000000', false, '${cpu(80)}', NULL, NULL, NULL),
  ('${C.nodeA}', '${TOPOLOGY}', 'a/node-a', 'node-a', 'Node', 'healthy', 'healthy', '${C.nodes}',
   '{"zone": "a"}', NULL, '00000000-0000-0000-0000-000000000000', false, '${cpu(20)}', NULL, NULL, NULL),
  ('${C.nodeC}', '${TOPOLOGY}', 'a/node-c', 'node-c', 'Node', 'healthy', 'healthy', '${C.nodes}',
   '{"zone": "a"}', NULL, '00000000-0000-0000-0000-000000000000', false, '[]', NULL, NULL, NULL),
  ('${C.namespaces}', '${TOPOLOGY}', 'a/ns', 'Namespaces', 'Group', 'healthy', 'healthy',
   '${C.clusterA}', '{}', NULL, '00000000-0000-0000-0000-000000000000', false, '[]', NULL, NULL, NULL),
  ('${C.payments}', '${TOPOLOGY}', 'a/ns/payments', 'payments', 'Namespace', 'unhealthy',
   'unhealthy', '${C.namespaces}', '{}', NULL, '00000000-0000-0000-0000-000000000000', false, '[]',
   NULL, NULL, NULL),
  ('${C.api}', '${TOPOLOGY}', 'a/ns/payments/api', 'api', 'Deployment', 'unhealthy', 'unhealthy',
   '${C.payments}', '{}', NULL, '00000000-0000-0000-0000-000000000000', false, '[]', NULL, NULL, NULL),
  ('${C.apiPod}', '${TOPOLOGY}', 'a/ns/payments/api-pod', 'api-pod', 'Pod', 'unhealthy',
   'unhealthy', '${C.api}', '{}', NULL, '00000000-0000-0000-0000-000000000000', false, '[]', NULL,
   NULL, NULL),
  ('${C.gone}', '${TOPOLOGY}', 'a/gone', 'Gone', 'Group', 'unhealthy', 'unhealthy', '${C.clusterA}',
   '{}', NULL, '00000000-0000-0000-0000-000000000000', false, '[]', NULL, now(), NULL),
  ('${C.clusterB}', '${TOPOLOGY}', 'b', 'Cluster B', 'Cluster', 'unhealthy', 'unhealthy', NULL,
   '{"env": "dev"}', NULL, '${AGENT}', false, '[]', NULL, NULL, NULL),
  ('${C.hiddenGroup}', '${TOPOLOGY}', 'b/hidden', 'Hidden group', 'Group', 'healthy', 'healthy',
   '${C.clusterB}', '{}', NULL, '${AGENT}', true, '[]', NULL, NULL, NULL),
  ('${C.apps}', '${TOPOLOGY}', 'apps', 'Apps', 'Application', 'healthy', 'healthy', NULL,
   '{"env": "prod"}', NULL, '00000000-0000-0000-0000-000000000000', false, '[]', NULL, NULL, NULL),
  ('${C.checkout}', '${TOPOLOGY}', 'apps/checkout', 'Checkout', 'Service', 'unhealthy',
   'unhealthy', '${C.apps}', '{}', NULL, '00000000-0000-0000-0000-000000000000', false, '[]', NULL,
   NULL, NULL);
INSERT INTO component_relationships (component_id, relationship_id, selector_id) VALUES
  ('${C.api}', '${C.checkout}', 'app=api'),
  ('${C.checkout}', '${C.api}', 'loop');
INSERT INTO team_components (team_id, component_id) VALUES ('${SRE}', '${C.clusterA}');

INSERT INTO canaries (id, name, namespace, spec) VALUES ('${CANARY}', 'web', 'default', '{}');
INSERT INTO checks (id, canary_id, type, name, status) VALUES
  ('${CHECK_OK}', '${CANARY}', 'http', 'nodes-ok', 'healthy'),
  ('${CHECK_BAD}', '${CANARY}', 'http', 'api-down', 'unhealthy');
INSERT INTO check_component_relationships (component_id, check_id, canary_id) VALUES
  ('${C.nodeB}', '${CHECK_OK}', '${CANARY}'),
  ('${C.nodeA}', '${CHECK_OK}', '${CANARY}'),
  ('${C.api}', '${CHECK_BAD}', '${CANARY}');

INSERT INTO config_items (id, config_class, type, name, path) VALUES
  ('${CONFIG}', 'Node', 'Kubernetes::Node', 'node-b', '');
INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity, status) VALUES
  ('${CONFIG}', 'scan', 'security', 'critical', 'open'),
  ('${CONFIG}', 'misc', NULL, NULL, 'open');
INSERT INTO config_component_relationships (component_id, config_id, selector_id) VALUES
  ('${C.nodeB}', '${CONFIG}', 'manual');

INSERT INTO incidents (id, title, description, severity, type, status, created_by, commander_id,
  communicator_id, resolved) VALUES
  ('${INCIDENT_OPEN}', 'api down', 'x', 'high', 'availability', 'open', '${ALICE}', '${ALICE}',
   '${ALICE}', NULL),
  ('${INCIDENT_DONE}', 'old', 'x', 'low', 'cost', 'resolved', '${ALICE}', '${ALICE}', '${ALICE}',
   now());
INSERT INTO hypotheses (id, created_by, incident_id, type, title, status) VALUES
  ('${HYP_OPEN}', '${ALICE}', '${INCIDENT_OPEN}', 'root', 'root', 'possible'),
  ('${HYP_DONE}', '${ALICE}', '${INCIDENT_DONE}', 'root', 'root', 'possible');
INSERT INTO evidences (hypothesis_id, type, description, created_by, component_id) VALUES
  ('${HYP_OPEN}', 'topology', 'api is down', '${ALICE}', '${C.api}'),
  ('${HYP_OPEN}', 'topology', 'pod is down', '${ALICE}', '${C.apiPod}'),
  ('${HYP_DONE}', 'topology', 'old', '${ALICE}', '${C.api}');
`;

const names = (components: TopologyComponent[] | undefined): string[] =>
  (components ?? []).map((component) => component.name);

function find(components: TopologyComponent[], name: string): TopologyComponent {
  const found = components.find((component) => component.name === name);
  if (!found) throw new Error(`${name} is not in ${names(components).join(', ')}`);
  return found;
}

describe('parseTopologyParams', () => {
  const parse = (query: Record<string, string>) =>
    parseTopologyParams((name) => (Object.hasOwn(query, name) ? query[name] : undefined));

  it('reads defaults and every parameter', () => {
    expect(parse({})).toEqual({
      status: { include: [], exclude: [] },
      type: { include: [], exclude: [] },
      labels: [],
      flatten: false,
      depth: 3,
      descending: false,
      hidden: undefined,
      team: undefined,
      owner: undefined,
    });
    const params = parse({
      id: C.clusterA.toUpperCase(),
      status: 'healthy, warning,!info',
      type: 'Node',
      labels: 'env=prod, zone = a',
      agent_id: 'local',
      hidden: 'false',
      flatten: 'true',
      depth: '5',
      sortBy: 'field:CPU',
      sortOrder: 'DESC',
      team: ' SRE ',
      owner: 'ops',
    });
    expect(params).toMatchObject({
      id: C.clusterA,
      status: { include: ['healthy', 'warning'], exclude: ['info'] },
      type: { include: ['Node'], exclude: [] },
      labels: [
        ['env', 'prod'],
        ['zone', 'a'],
      ],
      agentId: '00000000-0000-0000-0000-000000000000',
      hidden: false,
      flatten: true,
      depth: 5,
      sortBy: { kind: 'field', property: 'CPU' },
      descending: true,
      team: 'SRE',
      owner: 'ops',
    });
    expect(parse({ sortBy: 'status' })).not.toHaveProperty('sortBy.kind');
    expect(parse({ sortBy: 'name' })).toMatchObject({ sortBy: { kind: 'name' } });
  });

  it.each([
    [{ id: 'not-a-uuid' }, 'id is invalid'],
    [{ depth: '11' }, 'depth is invalid'],
    [{ depth: '-1' }, 'depth is invalid'],
    [{ depth: '2.5' }, 'depth is invalid'],
    [{ labels: 'env' }, 'labels is invalid'],
    [{ labels: '=prod' }, 'labels is invalid'],
    [{ agent_id: 'someone' }, 'agent_id is invalid'],
    [{ hidden: 'maybe' }, 'hidden must be true or false'],
    [{ flatten: 'yes' }, 'flatten must be true or false'],
    [{ sortOrder: 'up' }, 'sortOrder is invalid'],
    [{ sortBy: 'field:' }, 'sortBy is invalid'],
  ])('refuses %j', (query, message) => {
    expect(parse(query)).toContain(message);
  });
});

function suite(label: string, open: () => Promise<{ db: Db; stop(): Promise<void> }>): void {
  describe(`GET /api/canary/api/topology on ${label}`, () => {
    let db: Db;
    let stop: () => Promise<void> = async () => {};
    let app: Hono<AppEnv>;
    const tokens: Record<string, string> = {};

    async function mint(name: string, scope: Record<string, unknown>): Promise<void> {
      const parsed = parseScope(scope);
      if (typeof parsed === 'string') throw new Error(parsed);
      const created = await createEmbedToken(db, {
        name,
        scope: parsed,
        expiresAt: new Date(Date.now() + 3_600_000),
        createdBy: undefined,
      });
      tokens[name] = created.token;
    }

    beforeAll(async () => {
      const opened = await open();
      db = opened.db;
      stop = opened.stop;
      await migrate(db);
      await db.exec(FIXTURE);
      app = createApp({ db, config: testConfig({ auth: 'none' }), onError: () => undefined });
      await mint('card', { components: [C.clusterA, C.nodes] });
      await mint('checks', { checks: [CHECK_OK] });
    }, 180_000);
    afterAll(async () => {
      await db?.close();
      await stop();
    });

    async function get(query = '', token?: string): Promise<{ status: number; body: any }> {
      const response = await app.request(`/api/canary/api/topology${query}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // plain-text denials
      }
      return { status: response.status, body };
    }

    async function topology(query = ''): Promise<TopologyResponse> {
      const { status, body } = await get(query);
      expect(status, JSON.stringify(body)).toBe(200);
      return body as TopologyResponse;
    }

    it('without id: the roots and their descendants as a tree, three levels deep', async () => {
      const body = await topology();
      expect(names(body.components)).toEqual(['Apps', 'Cluster A', 'Cluster B']);
      const clusterA = find(body.components, 'Cluster A');
      expect(names(clusterA.components)).toEqual(['Namespaces', 'Nodes']);
      const namespaces = find(clusterA.components ?? [], 'Namespaces');
      const payments = find(namespaces.components ?? [], 'payments');
      const api = find(payments.components ?? [], 'api');
      // Level 3 is the last one: api-pod (level 4 here) is not below api; Gone is deleted.
      expect(api.components).toBeUndefined();
      expect(JSON.stringify(body)).not.toContain('Gone');
      // Direct children keep every field; deeper levels carry the reduced set.
      expect(namespaces).toHaveProperty('external_id', 'a/ns');
      expect(namespaces).toHaveProperty('properties');
      expect(Object.keys(payments).sort()).toEqual(
        [
          'analysis',
          'checks',
          'components',
          'health',
          'health_expr',
          'icon',
          'id',
          'incidents',
          'is_leaf',
          'labels',
          'name',
          'namespace',
          'parent_id',
          'parents',
          'status',
          'status_expr',
          'status_reason',
          'summary',
          'team_names',
          'topology_type',
          'type',
        ].sort(),
      );
      // View columns in their JSON form: numbers, ISO instants, arrays.
      expect(clusterA.cost_total_30d).toBe(12.5);
      expect(clusterA.created_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
      expect(clusterA.team_names).toEqual(['SRE']);
    });

    it('lists the filter options of what it returns', async () => {
      const body = await topology();
      expect(body.healthStatuses).toEqual(['healthy', 'unhealthy', 'warning']);
      expect(body.teams).toEqual(['SRE']);
      expect(body.types).toEqual([
        'Application',
        'Cluster',
        'Deployment',
        'Group',
        'Namespace',
        'Node',
        'Pod',
        'Service',
      ]);
      expect(body.tags).toEqual({ env: ['dev', 'prod'], zone: ['a', 'b'] });
    });

    it('summarises live: leaf health, and checks, open incidents and insights below, once each', async () => {
      const body = await topology(`?id=${C.clusterA}`);
      const [clusterA] = body.components;
      // The stored summary's own keys stay; its counts are replaced by live ones.
      expect(clusterA?.summary).toEqual({
        custom: 'kept',
        healthy: 2,
        warning: 1,
        unhealthy: 1,
        checks: { healthy: 1, unhealthy: 1 },
        incidents: { availability: { high: 1 } },
        insights: { security: { critical: 1 }, other: { info: 1 } },
      });
      const nodes = find(clusterA?.components ?? [], 'Nodes');
      expect(nodes.summary).toEqual({
        healthy: 2,
        warning: 1,
        checks: { healthy: 1 },
        insights: { security: { critical: 1 }, other: { info: 1 } },
      });
      // A leaf counts its own links but no health of its own.
      const nodeB = find(nodes.components ?? [], 'node-b');
      expect(nodeB.summary).toEqual({
        checks: { healthy: 1 },
        insights: { security: { critical: 1 }, other: { info: 1 } },
      });
      expect(nodeB.analysis).toEqual({ security: { critical: 1 }, other: { info: 1 } });
    });

    it('with id: that component first, the status filter on its children only', async () => {
      const body = await topology(`?id=${C.clusterA}&status=warning`);
      expect(names(body.components)).toEqual(['Cluster A']);
      expect(names(body.components[0]?.components)).toEqual(['Nodes']);
      const shallow = await topology(`?id=${C.clusterA}&depth=1`);
      expect(names(shallow.components[0]?.components)).toEqual(['Namespaces', 'Nodes']);
      expect(shallow.components[0]?.components?.every((c) => !c.components)).toBe(true);
      const none = await topology(`?id=${C.clusterA}&depth=0`);
      expect(none.components[0]?.components).toBeUndefined();
      // Unknown and deleted components: no component (the console says "Component not found").
      expect((await topology(`?id=${id(999)}`)).components).toEqual([]);
      expect((await topology(`?id=${C.gone}`)).components).toEqual([]);
    });

    it('follows component_relationships and stops at cycles', async () => {
      const body = await topology(`?id=${C.apps}&depth=10`);
      const checkout = find(body.components[0]?.components ?? [], 'Checkout');
      const api = find(checkout.components ?? [], 'api');
      // api's children: its pod; Checkout (its other parent by relationship) is an ancestor here.
      expect(names(api.components)).toEqual(['api-pod']);
      expect(checkout.summary?.checks).toEqual({ unhealthy: 1 });
      expect(checkout.summary?.incidents).toEqual({ availability: { high: 1 } });
      expect(api.parents).toEqual([C.checkout]);
      expect(checkout.children).toEqual([C.api]);
      expect(checkout.parents).toEqual([C.api]);
    });

    it('filters the listed level by labels, owner, team, agent and type; flatten lists every match', async () => {
      expect(names((await topology('?labels=env=prod')).components)).toEqual(['Apps', 'Cluster A']);
      expect(names((await topology('?labels=env=prod&owner=ops')).components)).toEqual([
        'Cluster A',
      ]);
      expect(names((await topology('?team=SRE')).components)).toEqual(['Cluster A']);
      expect(names((await topology(`?agent_id=${AGENT}`)).components)).toEqual(['Cluster B']);
      expect(names((await topology('?agent_id=local')).components)).toEqual(['Apps', 'Cluster A']);
      expect(names((await topology('?status=unhealthy')).components)).toEqual(['Cluster B']);
      expect(names((await topology('?status=!unhealthy')).components)).toEqual([
        'Apps',
        'Cluster A',
      ]);
      const flat = await topology('?type=Node&flatten=true');
      expect(names(flat.components)).toEqual(['node-a', 'node-b', 'node-c']);
      expect(flat.components.every((component) => component.components === undefined)).toBe(true);
      expect(flat.components[0]).toHaveProperty('properties');
      // The options are those of the unfiltered answer.
      expect(flat.types).toContain('Cluster');
      const flatUnder = await topology(`?id=${C.clusterA}&flatten=true&labels=zone=a`);
      expect(names(flatUnder.components)).toEqual(['Cluster A', 'node-a', 'node-c']);
    });

    it('hidden=false drops hidden components at every level', async () => {
      const shown = await topology(`?id=${C.clusterB}`);
      expect(names(shown.components[0]?.components)).toEqual(['Hidden group']);
      expect(shown.components[0]?.components?.[0]?.hidden).toBe(true);
      const hidden = await topology(`?id=${C.clusterB}&hidden=false`);
      expect(hidden.components[0]?.components).toBeUndefined();
      const roots = await topology('?hidden=false');
      expect(find(roots.components, 'Cluster B').components).toBeUndefined();
    });

    it('sorts by name or by a property, empty values last, at every level', async () => {
      expect(names((await topology('?sortBy=name&sortOrder=desc')).components)).toEqual([
        'Cluster B',
        'Cluster A',
        'Apps',
      ]);
      const ascending = await topology(`?id=${C.nodes}&sortBy=field:CPU&sortOrder=asc`);
      expect(names(ascending.components[0]?.components)).toEqual(['node-a', 'node-b', 'node-c']);
      const descending = await topology(`?id=${C.nodes}&sortBy=field:CPU&sortOrder=desc`);
      expect(names(descending.components[0]?.components)).toEqual(['node-b', 'node-a', 'node-c']);
      const nested = await topology(`?sortBy=field:CPU&sortOrder=desc&labels=env=prod`);
      const nodes = find(find(nested.components, 'Cluster A').components ?? [], 'Nodes');
      expect(names(nodes.components)).toEqual(['node-b', 'node-a', 'node-c']);
    });

    it('answers 400 with {error} for bad input, and binds text instead of running it', async () => {
      for (const query of [
        '?id=1;DROP TABLE components',
        '?depth=99',
        '?depth=two',
        '?labels=novalue',
        '?agent_id=x',
        '?hidden=maybe',
        '?flatten=1',
        '?sortOrder=sideways',
        '?sortBy=field:',
      ]) {
        const { status, body } = await get(query);
        expect(status, query).toBe(400);
        expect(typeof body.error, query).toBe('string');
      }
      const hostile = `'); DROP TABLE components; --`;
      const encoded = encodeURIComponent(hostile);
      for (const query of [`?team=${encoded}`, `?owner=${encoded}`, `?labels=a${encoded}=b`]) {
        const { status, body } = await get(query);
        expect(status, query).toBe(200);
        expect(body.components).toEqual([]);
      }
      const { status } = await get(`?type=${encoded}&status=${encoded}&sortBy=field:${encoded}`);
      expect(status).toBe(200);
      const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM components');
      expect(count.rows[0]?.n).toBe(14);
    });

    it('is live: a write shows on the next request (noCache is accepted)', async () => {
      await db.query(`UPDATE components SET status = 'warning' WHERE id = $1`, [C.apps]);
      try {
        const apps = find((await topology('?noCache=true')).components, 'Apps');
        expect(apps.status).toBe('warning');
        await db.query(`UPDATE components SET status = 'healthy' WHERE id = $1`, [C.apps]);
        expect(find((await topology()).components, 'Apps').status).toBe('healthy');
      } finally {
        await db.query(`UPDATE components SET status = 'healthy' WHERE id = $1`, [C.apps]);
      }
    });

    it('embed tokens: one in-scope component, its in-scope children only', async () => {
      const card = await get(`?id=${C.clusterA}`, tokens.card);
      expect(card.status).toBe(200);
      expect(names(card.body.components)).toEqual(['Cluster A']);
      // Namespaces is not in the scope: only Nodes, whose children are out of scope too.
      expect(names(card.body.components[0].components)).toEqual(['Nodes']);
      expect(card.body.components[0].components[0].components).toBeUndefined();
      expect(JSON.stringify(card.body)).not.toContain('Namespaces');
      expect(JSON.stringify(card.body)).not.toContain('node-a');
      // The card's summary counts stay whole: numbers, no names or ids.
      expect(card.body.components[0].summary.unhealthy).toBe(1);
      expect(card.body.types).toEqual(['Cluster', 'Group']);

      const upper = await get(`?id=${C.nodes.toUpperCase()}`, tokens.card);
      expect(names(upper.body.components)).toEqual(['Nodes']);

      for (const [query, token, object] of [
        ['', tokens.card, 'topologies'],
        ['?flatten=true', tokens.card, 'topologies'],
        [`?id=${C.clusterB}`, tokens.card, `components:${C.clusterB}`],
        [`?id=${C.nodeA}`, tokens.card, `components:${C.nodeA}`],
        [`?id=${C.clusterA}`, tokens.checks, `components:${C.clusterA}`],
      ] as const) {
        const refused = await get(query, token);
        expect(refused.status, query).toBe(403);
        expect(refused.body).toBe('unauthorized. Access Denied');
        const response = await app.request(`/api/canary/api/topology${query}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        expect(response.headers.get('x-rbac-object')).toBe(object);
      }
      const bad = await get('?id=nope', tokens.card);
      expect(bad.status).toBe(400);
      const badDepth = await get(`?id=${C.clusterA}&depth=x`, tokens.card);
      expect(badDepth.status).toBe(400);
      const posted = await app.request(`/api/canary/api/topology?id=${C.clusterA}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${tokens.card}` },
      });
      expect(posted.status).toBe(403);
    });

    it('shows a write at once, the same tree is answered again while nothing changed', async () => {
      const query = `?id=${C.nodes}`;
      const first = await topology(query);
      expect(await topology(query)).toEqual(first);
      await db.query(`UPDATE components SET name = 'node-b renamed' WHERE id = $1`, [C.nodeB]);
      try {
        const renamed = await topology(query);
        expect(names(renamed.components[0]!.components)).toContain('node-b renamed');
      } finally {
        await db.query(`UPDATE components SET name = 'node-b' WHERE id = $1`, [C.nodeB]);
      }
      expect(names((await topology(query)).components[0]!.components)).toContain('node-b');
    });

    it('needs a caller who may read topologies; absent in health-only mode', async () => {
      const basic = createApp({ db, config: testConfig({ auth: 'basic' }), onError: () => {} });
      const anonymous = await basic.request('/api/canary/api/topology');
      expect(anonymous.status).toBe(401);
      const healthOnly = createApp({
        db,
        config: testConfig({ auth: 'none', healthOnly: true }),
        onError: () => {},
      });
      expect((await healthOnly.request('/api/canary/api/topology')).status).toBe(404);
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
