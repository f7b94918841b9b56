/**
 * Behaviour of the topology (0009) and incidents (0010) migrations on the migrated schema: the
 * component and topology views over a small tree, the lookup_* RPC functions, the component
 * triggers, the incident history and event-queue triggers and the incident views. Also checks
 * that every view column the contract traces to a base column keeps that lineage (PostgREST
 * embedding depends on it). Runs on PGlite and, when the binaries exist, on PostgreSQL.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { openMigratedPglite } from './fixtures/db-templates';
import { openPostgres } from '../src/db/postgres';
import type { Db } from '../src/db/types';
import { parseViewLineage } from '../src/postgrest/view-lineage';
import { postgresAvailable, startPostgres, type PostgresServer } from './helpers/postgres-server';

type Row = Record<string, unknown>;

const ID = (suffix: string): string => `00000000-0000-0000-0000-${suffix.padStart(12, '0')}`;
const LOCAL_AGENT = ID('0');
const ALICE = ID('a1');
const BOB = ID('a2');
const CAROL = ID('a3');
const SRE = ID('a7');
const TOPOLOGY = ID('70');
const OLD_TOPOLOGY = ID('71');
const ROOT = ID('c0');
const APP = ID('c1');
const HIDDEN = ID('c2');
const LEAF = ID('c3');
const GONE = ID('c4');
const LINKED = ID('c5');
const DOOMED = ID('c6');
const CANARY = ID('ca');
const CHECK_OK = ID('cb');
const CHECK_BAD = ID('cc');
const CFG_PARENT = ID('f1');
const CFG_CHILD = ID('f2');

interface ContractRelation {
  kind: string;
  area?: string;
  column_sources?: Record<string, string>;
}

const CONTRACT = new URL('./contract/schema.json', import.meta.url);
const contract: Record<string, ContractRelation> = existsSync(CONTRACT)
  ? (JSON.parse(readFileSync(CONTRACT, 'utf8')) as { relations: Record<string, ContractRelation> })
      .relations
  : {};

/** Contract views of the two areas with at least one column traced to a base column. */
const tracedViews = Object.entries(contract)
  .filter(
    ([, relation]) =>
      relation.kind === 'view' &&
      (relation.area === 'topology' || relation.area === 'incidents') &&
      Object.keys(relation.column_sources ?? {}).length > 0,
  )
  .map(([name]) => name)
  .sort();

const SEED = `
INSERT INTO people (id, name, email, avatar) VALUES
  ('${ALICE}', 'Alice', 'alice@example.com', 'alice.png'),
  ('${BOB}', 'Bob', 'bob@example.com', 'bob.png'),
  ('${CAROL}', 'Carol', 'carol@example.com', NULL);
INSERT INTO teams (id, name, icon, created_by) VALUES ('${SRE}', 'SRE', 'sre.svg', '${ALICE}');

INSERT INTO topologies (id, name, namespace, created_by) VALUES
  ('${TOPOLOGY}', 'cluster', 'default', '${ALICE}');
INSERT INTO topologies (id, name, namespace, deleted_at) VALUES
  ('${OLD_TOPOLOGY}', 'retired', 'default', now());
INSERT INTO job_history (name, resource_type, resource_id, status, time_start, created_at) VALUES
  ('TopologyRun', 'topology', '${TOPOLOGY}', 'FAILED', '2024-10-01T10:00:00Z', '2024-10-01T10:00:01Z'),
  ('TopologyRun', 'topology', '${TOPOLOGY}', 'SUCCESS', '2024-10-01T11:00:00Z', '2024-10-01T11:00:01Z');

INSERT INTO config_items (id, config_class, type, name, icon, path) VALUES
  ('${CFG_PARENT}', 'Cluster', 'Kubernetes::Cluster', 'prod-cluster', 'k8s', '');
INSERT INTO config_items (id, config_class, type, name, parent_id, path) VALUES
  ('${CFG_CHILD}', 'Node', 'Kubernetes::Node', 'node-1', '${CFG_PARENT}', '${CFG_PARENT}');
INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity, status) VALUES
  ('${CFG_PARENT}', 'probe', 'availability', 'high', 'open'),
  ('${CFG_PARENT}', 'probe', 'availability', 'low', 'resolved'),
  ('${CFG_PARENT}', 'scan', 'security', 'critical', 'open');
INSERT INTO config_changes (config_id, change_type, severity) VALUES
  ('${CFG_PARENT}', 'diff', 'info');

INSERT INTO components (id, topology_id, external_id, name, type, status, health, parent_id, labels,
  log_selectors, properties, config_id, hidden, deleted_at) VALUES
  ('${ROOT}', '${TOPOLOGY}', 'root', 'Root', 'Cluster', 'healthy', 'healthy', NULL,
   '{"tier": "infra"}', NULL, NULL, NULL, false, NULL),
  ('${APP}', '${TOPOLOGY}', 'app', 'App', 'Service', 'healthy', 'healthy', '${ROOT}',
   '{"env": "prod"}', '[{"name": "app-logs", "type": "loki"}]',
   '[{"name": "owner", "text": "team-a"}, {"name": "tier", "text": "gold"}]', '${CFG_PARENT}',
   false, NULL),
  ('${HIDDEN}', '${TOPOLOGY}', 'hidden', 'Hidden', 'Service', 'healthy', NULL, '${ROOT}',
   NULL, NULL, NULL, NULL, true, NULL),
  ('${LEAF}', '${TOPOLOGY}', 'leaf', 'Leaf', 'Pod', 'unhealthy', 'unhealthy', '${APP}',
   NULL, '[]', NULL, NULL, false, NULL),
  ('${GONE}', '${TOPOLOGY}', 'gone', 'Gone', 'Ghost', 'healthy', NULL, '${ROOT}',
   '{"env": "old"}', '[{"name": "old"}]', '[{"name": "owner", "text": "team-a"}]', NULL, false, now()),
  ('${LINKED}', NULL, 'linked', 'Linked', 'Node', 'healthy', NULL, NULL,
   NULL, NULL, NULL, '${CFG_CHILD}', false, NULL);
INSERT INTO component_relationships (component_id, relationship_id, selector_id) VALUES
  ('${LEAF}', '${ROOT}', 'by-label');

INSERT INTO canaries (id, name, namespace, spec) VALUES ('${CANARY}', 'web', 'default', '{}');
INSERT INTO checks (id, canary_id, type, name, status) VALUES
  ('${CHECK_OK}', '${CANARY}', 'http', 'home', 'healthy'),
  ('${CHECK_BAD}', '${CANARY}', 'http', 'api', 'unhealthy');
INSERT INTO check_component_relationships (component_id, check_id, canary_id, deleted_at) VALUES
  ('${APP}', '${CHECK_OK}', '${CANARY}', NULL),
  ('${APP}', '${CHECK_BAD}', '${CANARY}', NULL),
  ('${ROOT}', '${CHECK_BAD}', '${CANARY}', now());
INSERT INTO config_component_relationships (component_id, config_id, selector_id) VALUES
  ('${APP}', '${CFG_PARENT}', 'manual');
INSERT INTO team_components (team_id, component_id) VALUES ('${SRE}', '${APP}');
`;

function suite(label: string, open: () => Promise<{ db: Db; stop(): Promise<void> }>): void {
  describe(`topology and incident schema on ${label}`, () => {
    let db: Db;
    let stop: () => Promise<void> = async () => {};

    const rows = async <T = Row>(sql: string, params: unknown[] = []): Promise<T[]> =>
      (await db.query<T>(sql, params)).rows;
    const one = async <T = Row>(sql: string, params: unknown[] = []): Promise<T> => {
      const result = await rows<T>(sql, params);
      expect(result).toHaveLength(1);
      return result[0] as T;
    };
    const ids = async (sql: string, params: unknown[] = []): Promise<string[]> =>
      (await rows<{ id: string }>(sql, params)).map((row) => row.id).sort();

    const events = (id: string): Promise<Row[]> =>
      rows(
        `SELECT name, properties, attempts, error FROM event_queue
         WHERE properties ->> 'id' = $1 ORDER BY name`,
        [id],
      );
    const history = (incident: string): Promise<Row[]> =>
      rows(
        `SELECT type, description, created_by, hypothesis_id, responder_id, evidence_id, comment_id
         FROM incident_histories WHERE incident_id = $1 ORDER BY created_at, type`,
        [incident],
      );

    let incidentCount = 0;
    async function createIncident(
      fields: { commander?: string | null; status?: string; severity?: string } = {},
    ): Promise<{ incident: string; root: string }> {
      incidentCount += 1;
      const incident = ID(`1${String(incidentCount).padStart(3, '0')}`);
      const root = ID(`2${String(incidentCount).padStart(3, '0')}`);
      await db.query(
        `INSERT INTO incidents (id, title, description, severity, type, status, created_by,
           commander_id, communicator_id)
         VALUES ($1, $2, 'something broke', $3, 'availability', $4, $5, $6, $6)`,
        [
          incident,
          `Incident ${incidentCount}`,
          fields.severity ?? 'high',
          fields.status ?? 'open',
          ALICE,
          fields.commander === undefined ? BOB : fields.commander,
        ],
      );
      await db.query(
        `INSERT INTO hypotheses (id, created_by, incident_id, type, title, status)
         VALUES ($1, $2, $3, 'root', 'root cause', 'possible')`,
        [root, ALICE, incident],
      );
      return { incident, root };
    }

    beforeAll(async () => {
      const opened = await open();
      db = opened.db;
      stop = opened.stop;
      await migrate(db);
      await db.exec(SEED);
    }, 120_000);
    afterAll(async () => {
      await db?.close();
      await stop();
    });

    describe('topology views', () => {
      it('component_names lists non-deleted, non-hidden components by name', async () => {
        const names = await rows<Row>('SELECT name, parent_id FROM component_names');
        expect(names.map((row) => row.name)).toEqual(['App', 'Leaf', 'Linked', 'Root']);
        expect(names.find((row) => row.name === 'App')?.parent_id).toBe(ROOT);
        const all = await rows<{ name: string; deleted_at: unknown }>(
          'SELECT name, deleted_at FROM component_names_all',
        );
        expect(all.map((row) => row.name)).toEqual(['App', 'Gone', 'Leaf', 'Linked', 'Root']);
        expect(all.find((row) => row.name === 'Gone')?.deleted_at).not.toBeNull();
      });

      it('component_labels, components_with_logs and component_types', async () => {
        expect(await rows('SELECT key, value FROM component_labels ORDER BY key')).toEqual([
          { key: 'env', value: 'prod' },
          { key: 'tier', value: 'infra' },
        ]);
        expect(await rows('SELECT id, name, agent_id, type FROM components_with_logs')).toEqual([
          { id: APP, name: 'App', agent_id: LOCAL_AGENT, type: 'Service' },
        ]);
        const types = await rows<{ type: string }>('SELECT type FROM component_types');
        expect(types.map((row) => row.type).sort()).toEqual(['Cluster', 'Node', 'Pod', 'Service']);
      });

      it('topologies_with_status: latest job, last failure and agent of live topologies', async () => {
        const list = await rows<Row>('SELECT * FROM topologies_with_status');
        expect(list).toHaveLength(1);
        const row = list[0] as Row;
        expect(row.id).toBe(TOPOLOGY);
        expect(row.job_status).toBe('SUCCESS');
        expect(row.job_resource_type).toBe('topology');
        expect(new Date(row.job_time_start as string).toISOString()).toBe(
          '2024-10-01T11:00:00.000Z',
        );
        expect(new Date(row.job_last_failed as string).toISOString()).toBe(
          '2024-10-01T10:00:00.000Z',
        );
        expect(row.agent).toEqual({ id: LOCAL_AGENT, name: 'local' });
      });

      it('analysis_summary_by_component counts analyses of linked configs by type and severity', async () => {
        expect(
          await rows('SELECT id, analysis FROM analysis_summary_by_component ORDER BY id'),
        ).toEqual([
          { id: APP, analysis: { availability: { high: 1, low: 1 }, security: { critical: 1 } } },
        ]);
      });

      it('topology carries checks, teams, logs, analysis and relationship summaries', async () => {
        const list = await rows<Row>(
          `SELECT id, name, checks, team_names, logs, analysis, incidents,
             to_jsonb(children) AS children, to_jsonb(parents) AS parents
           FROM topology ORDER BY name`,
        );
        expect(list.map((row) => row.name)).toEqual(['App', 'Hidden', 'Leaf', 'Linked', 'Root']);
        const byId = new Map(list.map((row) => [row.id, row]));
        expect(byId.get(APP)).toMatchObject({
          checks: { healthy: 1, unhealthy: 1 },
          team_names: ['SRE'],
          logs: [{ name: 'app-logs' }],
          analysis: { availability: { high: 1, low: 1 }, security: { critical: 1 } },
          incidents: null,
          children: null,
          parents: null,
        });
        // The root's only check link is soft-deleted; the leaf is linked below it by a relationship.
        expect(byId.get(ROOT)).toMatchObject({ checks: null, children: [LEAF], parents: null });
        expect(byId.get(LEAF)).toMatchObject({ logs: null, parents: [ROOT], team_names: null });
      });
    });

    describe('lookup functions', () => {
      it('lookup_analysis_by_component and lookup_changes_by_component', async () => {
        const analyses = await rows<Row>(
          'SELECT analyzer, severity, status FROM lookup_analysis_by_component($1) ORDER BY severity',
          [APP],
        );
        expect(analyses).toEqual([
          { analyzer: 'scan', severity: 'critical', status: 'open' },
          { analyzer: 'probe', severity: 'high', status: 'open' },
          { analyzer: 'probe', severity: 'low', status: 'resolved' },
        ]);
        expect(await rows('SELECT * FROM lookup_analysis_by_component($1)', [LEAF])).toEqual([]);
        const changes = await rows<Row>(
          'SELECT config_id, change_type FROM lookup_changes_by_component($1)',
          [APP],
        );
        expect(changes).toEqual([{ config_id: CFG_PARENT, change_type: 'diff' }]);
      });

      it('lookup_configs_by_component and lookup_components_by_config', async () => {
        expect(await rows('SELECT * FROM lookup_configs_by_component($1)', [APP])).toEqual([
          {
            config_id: CFG_PARENT,
            name: 'prod-cluster',
            type: 'Cluster',
            icon: 'k8s',
            role: 'left',
            deleted_at: null,
          },
        ]);
        expect(await rows('SELECT * FROM lookup_components_by_config($1)', [CFG_PARENT])).toEqual([
          { component_id: APP, name: 'App', type: 'Service', icon: null, role: 'left' },
        ]);
      });

      it('lookup_component_children walks parent_id with a depth limit', async () => {
        const all = await rows<Row>(
          'SELECT child_id, parent_id, level FROM lookup_component_children($1, -1) ORDER BY level, child_id',
          [ROOT],
        );
        expect(all).toEqual([
          { child_id: ROOT, parent_id: null, level: 0 },
          { child_id: APP, parent_id: ROOT, level: 1 },
          { child_id: HIDDEN, parent_id: ROOT, level: 1 },
          { child_id: LEAF, parent_id: APP, level: 2 },
        ]);
        const shallow = await rows<{ child_id: string }>(
          'SELECT child_id FROM lookup_component_children($1, 1)',
          [ROOT],
        );
        expect(shallow.map((row) => row.child_id).sort()).toEqual([ROOT, APP, HIDDEN].sort());
      });

      it('lookup_component_relations, _by_check, _by_property, _names and config-related', async () => {
        expect(await ids('SELECT id FROM lookup_component_relations($1)', [ROOT])).toEqual([LEAF]);
        expect(await ids('SELECT id FROM lookup_component_relations($1)', [LEAF])).toEqual([ROOT]);
        expect(await ids('SELECT id FROM lookup_components_by_check($1)', [CHECK_BAD])).toEqual([
          APP,
        ]);
        expect(
          await ids('SELECT id FROM lookup_component_by_property($1, $2)', ['owner', 'team-a']),
        ).toEqual([APP]);
        expect(
          await ids('SELECT id FROM lookup_component_by_property($1, $2)', ['owner', 'team-b']),
        ).toEqual([]);
        expect(
          await one('SELECT names FROM lookup_component_names($1::uuid[])', [[LEAF, ROOT]]),
        ).toEqual({ names: ['Leaf', 'Root'] });
        expect(
          await ids('SELECT id FROM lookup_component_config_id_related_components($1)', [APP]),
        ).toEqual([LINKED]);
      });

      it('lookup_component_incidents finds incidents with evidence on the component', async () => {
        const { root, incident } = await createIncident();
        await db.query(
          `INSERT INTO evidences (hypothesis_id, type, description, created_by, component_id)
           VALUES ($1, 'topology', 'app is down', $2, $3)`,
          [root, BOB, LEAF],
        );
        expect(await ids('SELECT id FROM lookup_component_incidents($1)', [LEAF])).toEqual([
          incident,
        ]);
        expect(await ids('SELECT id FROM lookup_component_incidents($1)', [ROOT])).toEqual([]);
      });
    });

    describe('component triggers', () => {
      it('a health change enqueues component.<health> once per transition', async () => {
        await db.query(`UPDATE components SET health = 'unhealthy' WHERE id = $1`, [APP]);
        await db.query(`UPDATE components SET status_reason = 'probe' WHERE id = $1`, [APP]);
        await db.query(`UPDATE components SET health = 'unhealthy' WHERE id = $1`, [APP]);
        expect(await events(APP)).toEqual([
          { name: 'component.unhealthy', properties: { id: APP }, attempts: 0, error: null },
        ]);
        await db.query(`UPDATE event_queue SET attempts = 3, error = 'boom' WHERE name = $1`, [
          'component.unhealthy',
        ]);
        await db.query(`UPDATE components SET health = 'healthy' WHERE id = $1`, [APP]);
        await db.query(`UPDATE components SET health = 'unhealthy' WHERE id = $1`, [APP]);
        // The repeated transition re-arms the queued row instead of adding a second one.
        expect(await events(APP)).toEqual([
          { name: 'component.healthy', properties: { id: APP }, attempts: 0, error: null },
          { name: 'component.unhealthy', properties: { id: APP }, attempts: 0, error: null },
        ]);
      });

      it('soft-deleting a component drops team links and soft-deletes its relationships', async () => {
        await db.exec(`
          INSERT INTO components (id, external_id, name, status) VALUES ('${DOOMED}', 'doomed', 'Doomed', 'healthy');
          INSERT INTO team_components (team_id, component_id) VALUES ('${SRE}', '${DOOMED}');
          INSERT INTO check_component_relationships (component_id, check_id, canary_id) VALUES ('${DOOMED}', '${CHECK_OK}', '${CANARY}');
          INSERT INTO config_component_relationships (component_id, config_id) VALUES ('${DOOMED}', '${CFG_CHILD}');
          INSERT INTO component_relationships (component_id, relationship_id) VALUES ('${DOOMED}', '${ROOT}');
          INSERT INTO component_relationships (component_id, relationship_id) VALUES ('${LINKED}', '${DOOMED}');
        `);
        const before = await one<{ updated_at: Date }>(
          'SELECT updated_at FROM components WHERE id = $1',
          [DOOMED],
        );
        await db.query(`UPDATE components SET deleted_at = now() WHERE id = $1`, [DOOMED]);
        const after = await one<{ updated_at: Date; deleted_at: Date }>(
          'SELECT updated_at, deleted_at FROM components WHERE id = $1',
          [DOOMED],
        );
        expect(after.updated_at).toEqual(before.updated_at);
        expect(
          await rows('SELECT 1 FROM team_components WHERE component_id = $1', [DOOMED]),
        ).toEqual([]);
        const live = await one<{ checks: number; configs: number; components: number }>(
          `SELECT
             (SELECT count(*)::int FROM check_component_relationships
               WHERE component_id = $1 AND deleted_at IS NULL) AS checks,
             (SELECT count(*)::int FROM config_component_relationships
               WHERE component_id = $1 AND deleted_at IS NULL) AS configs,
             (SELECT count(*)::int FROM component_relationships
               WHERE (component_id = $1 OR relationship_id = $1) AND deleted_at IS NULL) AS components`,
          [DOOMED],
        );
        expect(live).toEqual({ checks: 0, configs: 0, components: 0 });
        expect(await ids('SELECT id FROM lookup_component_relations($1)', [ROOT])).toEqual([LEAF]);
      });
    });

    describe('incident triggers', () => {
      it('creating an incident writes incident.created and enqueues it; incident_id is INC-<n>', async () => {
        const { incident, root } = await createIncident();
        const created = await one<{ incident_id: string }>(
          'SELECT incident_id FROM incidents WHERE id = $1',
          [incident],
        );
        expect(created.incident_id).toMatch(/^INC-\d+$/);
        expect(await history(incident)).toEqual(
          expect.arrayContaining([
            {
              type: 'incident.created',
              description: incident,
              created_by: ALICE,
              hypothesis_id: null,
              responder_id: null,
              evidence_id: null,
              comment_id: null,
            },
            expect.objectContaining({ type: 'hypothesis.created', hypothesis_id: root }),
          ]),
        );
        expect(await events(incident)).toEqual([
          { name: 'incident.created', properties: { id: incident }, attempts: 0, error: null },
        ]);
      });

      it('a status change writes incident.status_updated (by the creator) and incident.status.<s>', async () => {
        const { incident } = await createIncident();
        await db.query(`UPDATE incidents SET status = 'investigating' WHERE id = $1`, [incident]);
        await db.query(`UPDATE incidents SET severity = 'critical' WHERE id = $1`, [incident]);
        await db.query(`UPDATE incidents SET status = 'mitigated' WHERE id = $1`, [incident]);
        const updates = (await history(incident)).filter(
          (row) => row.type === 'incident.status_updated',
        );
        expect(updates.map((row) => row.description).sort()).toEqual([
          'investigating',
          'mitigated',
        ]);
        expect(updates.every((row) => row.created_by === ALICE)).toBe(true);
        expect((await events(incident)).map((row) => row.name)).toEqual([
          'incident.created',
          'incident.status.investigating',
          'incident.status.mitigated',
        ]);
      });

      it('responders: responder.created history, added and removed events', async () => {
        const { incident } = await createIncident();
        const responder = ID('3001');
        await db.query(
          `INSERT INTO responders (id, incident_id, type, person_id, created_by, properties)
           VALUES ($1, $2, 'person', $3, $4, '{"responderType": "person"}')`,
          [responder, incident, CAROL, BOB],
        );
        const rows_ = (await history(incident)).filter((row) => row.type === 'responder.created');
        expect(rows_).toEqual([
          {
            type: 'responder.created',
            description: null,
            created_by: BOB,
            hypothesis_id: null,
            responder_id: responder,
            evidence_id: null,
            comment_id: null,
          },
        ]);
        expect((await events(responder)).map((row) => row.name)).toEqual([
          'incident.responder.added',
        ]);
        await db.query(`UPDATE responders SET deleted_at = now() WHERE id = $1`, [responder]);
        await db.query(`UPDATE responders SET properties = '{}' WHERE id = $1`, [responder]);
        expect((await events(responder)).map((row) => row.name)).toEqual([
          'incident.responder.added',
          'incident.responder.removed',
        ]);
      });

      it('comments: every comment is an event, only responder comments are history', async () => {
        const { incident, root } = await createIncident();
        const responder = ID('3002');
        await db.query(
          `INSERT INTO responders (id, incident_id, type, team_id, created_by)
           VALUES ($1, $2, 'email', $3, $4)`,
          [responder, incident, SRE, ALICE],
        );
        const plain = ID('4001');
        const byResponder = ID('4002');
        await db.query(
          `INSERT INTO comments (id, created_by, comment, incident_id, hypothesis_id)
           VALUES ($1, $2, 'looking', $3, $4)`,
          [plain, CAROL, incident, root],
        );
        await db.query(
          `INSERT INTO comments (id, created_by, comment, incident_id, responder_id)
           VALUES ($1, $2, 'ticket updated', $3, $4)`,
          [byResponder, BOB, incident, responder],
        );
        const commented = (await history(incident)).filter(
          (row) => row.type === 'responder.commented',
        );
        expect(commented).toEqual([
          {
            type: 'responder.commented',
            description: null,
            created_by: BOB,
            hypothesis_id: null,
            responder_id: null,
            evidence_id: null,
            comment_id: byResponder,
          },
        ]);
        expect((await events(plain)).map((row) => row.name)).toEqual(['incident.comment.added']);
        expect((await events(byResponder)).map((row) => row.name)).toEqual([
          'incident.comment.added',
        ]);
      });

      it('evidence and definition of done: history rows and dod events', async () => {
        const { incident, root } = await createIncident();
        const evidence = ID('5001');
        await db.query(
          `INSERT INTO evidences (id, hypothesis_id, type, description, created_by, component_id)
           VALUES ($1, $2, 'topology', 'app degraded', $3, $4)`,
          [evidence, root, BOB, APP],
        );
        expect((await history(incident)).filter((row) => row.type === 'evidence.created')).toEqual([
          {
            type: 'evidence.created',
            description: null,
            created_by: BOB,
            hypothesis_id: root,
            responder_id: null,
            evidence_id: evidence,
            comment_id: null,
          },
        ]);
        expect(await events(evidence)).toEqual([]);

        await db.query(`UPDATE evidences SET definition_of_done = true WHERE id = $1`, [evidence]);
        await db.query(`UPDATE evidences SET script = 'true' WHERE id = $1`, [evidence]);
        expect(
          (await history(incident)).filter((row) => row.type === 'evidence.done_definition_added'),
        ).toEqual([
          {
            type: 'evidence.done_definition_added',
            description: null,
            created_by: BOB,
            hypothesis_id: null,
            responder_id: null,
            evidence_id: evidence,
            comment_id: null,
          },
        ]);
        await db.query(`UPDATE evidences SET done = true WHERE id = $1`, [evidence]);
        await db.query(`UPDATE evidences SET done = false WHERE id = $1`, [evidence]);
        await db.query(`UPDATE evidences SET definition_of_done = false WHERE id = $1`, [evidence]);
        expect((await events(evidence)).map((row) => row.name)).toEqual([
          'incident.dod.added',
          'incident.dod.passed',
          'incident.dod.regressed',
          'incident.dod.removed',
        ]);

        // The manual definition of done inserts a comment evidence that is already part of it.
        const manual = ID('5002');
        await db.query(
          `INSERT INTO evidences (id, hypothesis_id, type, description, created_by,
             definition_of_done, evidence)
           VALUES ($1, $2, 'comment', 'customers confirm', $3, true, '{"comment": "ok"}')`,
          [manual, root, CAROL],
        );
        const manualRows = (await history(incident)).filter((row) => row.evidence_id === manual);
        expect(manualRows.map((row) => row.type).sort()).toEqual([
          'evidence.created',
          'evidence.done_definition_added',
        ]);
        expect((await events(manual)).map((row) => row.name)).toEqual(['incident.dod.added']);
      });

      it('hypothesis status changes write hypothesis.status_updated', async () => {
        const { incident, root } = await createIncident();
        await db.query(`UPDATE hypotheses SET status = 'likely' WHERE id = $1`, [root]);
        await db.query(`UPDATE hypotheses SET title = 'renamed' WHERE id = $1`, [root]);
        expect(
          (await history(incident)).filter((row) => row.type === 'hypothesis.status_updated'),
        ).toEqual([
          {
            type: 'hypothesis.status_updated',
            description: 'likely',
            created_by: ALICE,
            hypothesis_id: root,
            responder_id: null,
            evidence_id: null,
            comment_id: null,
          },
        ]);
      });

      it('the console delete order (comments, evidences, hypothesis) works and keeps history', async () => {
        const { incident, root } = await createIncident();
        const child = ID('2901');
        await db.query(
          `INSERT INTO hypotheses (id, created_by, incident_id, parent_id, type, title, status)
           VALUES ($1, $2, $3, $4, 'factor', 'bad deploy', 'possible')`,
          [child, BOB, incident, root],
        );
        await db.query(
          `INSERT INTO evidences (hypothesis_id, type, description, created_by, definition_of_done)
           VALUES ($1, 'log', 'error spike', $2, true)`,
          [child, BOB],
        );
        await db.query(
          `INSERT INTO comments (created_by, comment, incident_id, hypothesis_id)
           VALUES ($1, 'agree', $2, $3)`,
          [CAROL, incident, child],
        );
        await db.query(`UPDATE hypotheses SET status = 'proven' WHERE id = $1`, [child]);
        const before = (await history(incident)).length;
        await db.query('DELETE FROM comments WHERE hypothesis_id = $1', [child]);
        await db.query('DELETE FROM evidences WHERE hypothesis_id = $1', [child]);
        await db.query('DELETE FROM hypotheses WHERE id = $1', [child]);
        const after = await history(incident);
        expect(after).toHaveLength(before);
        expect(after.some((row) => row.hypothesis_id === child)).toBe(false);
      });
    });

    describe('incident views', () => {
      it('incident_summary: commander, responding people and teams, commenters per incident', async () => {
        const first = await createIncident();
        const second = await createIncident({ commander: null });
        await db.query(
          `INSERT INTO responders (incident_id, type, person_id, created_by) VALUES
             ($1, 'person', $2, $3), ($1, 'person', $2, $3), ($1, 'person', $4, $3)`,
          [first.incident, BOB, ALICE, CAROL],
        );
        await db.query(
          `INSERT INTO responders (incident_id, type, team_id, created_by) VALUES ($1, 'email', $2, $3)`,
          [first.incident, SRE, ALICE],
        );
        await db.query(
          `UPDATE responders SET deleted_at = now() WHERE incident_id = $1 AND person_id = $2`,
          [first.incident, CAROL],
        );
        for (const incident of [first.incident, second.incident]) {
          await db.query(
            `INSERT INTO comments (created_by, comment, incident_id) VALUES ($1, 'hi', $2), ($1, 'again', $2)`,
            [CAROL, incident],
          );
        }
        await db.query(
          `INSERT INTO comments (created_by, comment, incident_id) VALUES ($1, 'on it', $2)`,
          [BOB, first.incident],
        );

        const summary = await one<Row>('SELECT * FROM incident_summary WHERE id = $1', [
          first.incident,
        ]);
        expect(summary).toMatchObject({
          id: first.incident,
          title: expect.stringMatching(/^Incident /) as unknown,
          severity: 'high',
          type: 'availability',
          status: 'open',
          commander: { id: BOB, avatar: 'bob.png', name: 'Bob' },
          responders: [
            { id: BOB, avatar: 'bob.png', name: 'Bob' },
            { id: SRE, avatar: 'sre.svg', name: 'SRE' },
          ],
          commenters: [
            { id: BOB, avatar: 'bob.png', name: 'Bob' },
            { id: CAROL, avatar: null, name: 'Carol' },
          ],
        });
        expect(Object.keys(summary)).toEqual([
          'id',
          'incident_id',
          'title',
          'severity',
          'type',
          'status',
          'created_at',
          'updated_at',
          'commander',
          'responders',
          'commenters',
        ]);
        // Carol commented on both incidents and is listed under both (per-incident commenters).
        expect(
          await one(
            'SELECT commander, responders, commenters FROM incident_summary WHERE id = $1',
            [second.incident],
          ),
        ).toEqual({
          commander: { id: null, avatar: null, name: null },
          responders: null,
          commenters: [{ id: CAROL, avatar: null, name: 'Carol' }],
        });
        const quiet = await createIncident();
        expect(
          await one('SELECT responders, commenters FROM incident_summary WHERE id = $1', [
            quiet.incident,
          ]),
        ).toEqual({ responders: null, commenters: null });
      });

      it('incidents_by_component, incidents_by_config and incident_summary_by_component', async () => {
        const open = await createIncident({ severity: 'critical' });
        const other = await createIncident({ severity: 'critical' });
        const resolved = await createIncident({ severity: 'low' });
        for (const { root } of [open, open, other, resolved]) {
          await db.query(
            `INSERT INTO evidences (hypothesis_id, type, description, created_by, component_id, config_id)
             VALUES ($1, 'topology', 'root cause', $2, $3, $4)`,
            [root, BOB, ROOT, CFG_CHILD],
          );
        }
        await db.query(`UPDATE incidents SET resolved = now(), status = 'resolved' WHERE id = $1`, [
          resolved.incident,
        ]);

        const byComponent = await rows<Row>(
          'SELECT * FROM incidents_by_component WHERE component_id = $1 ORDER BY id',
          [ROOT],
        );
        expect(byComponent.map((row) => row.id)).toEqual(
          [open.incident, other.incident, resolved.incident].sort(),
        );
        expect(Object.keys(byComponent[0] as Row)).toEqual([
          'title',
          'id',
          'created_at',
          'type',
          'status',
          'severity',
          'component_id',
        ]);
        expect(
          (
            await rows<{ id: string }>(
              'SELECT id FROM incidents_by_config WHERE config_id = $1 ORDER BY id',
              [CFG_CHILD],
            )
          ).map((row) => row.id),
        ).toEqual([open.incident, other.incident, resolved.incident].sort());

        // Open incidents only, each counted once per component.
        expect(
          await one('SELECT incidents FROM incident_summary_by_component WHERE id = $1', [ROOT]),
        ).toEqual({ incidents: { availability: { critical: 2 } } });
        expect(await one('SELECT incidents FROM topology WHERE id = $1', [ROOT])).toEqual({
          incidents: { availability: { critical: 2 } },
        });
        expect(await ids('SELECT id FROM lookup_component_incidents($1)', [ROOT])).toEqual(
          [open.incident, other.incident, resolved.incident].sort(),
        );
      });
    });

    describe('view lineage', () => {
      it.each(tracedViews)('%s keeps the contract column lineage', async (view) => {
        const rules = await rows<{ view: string; action: string }>(
          `SELECT c.relname AS view, r.ev_action::text AS action
           FROM pg_rewrite r JOIN pg_class c ON c.oid = r.ev_class
           JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind IN ('v', 'm') AND r.rulename = '_RETURN'`,
        );
        const columns = await rows<{
          oid: number;
          relname: string;
          attnum: number;
          attname: string;
        }>(
          `SELECT c.oid::int8 AS oid, c.relname, a.attnum, a.attname
           FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
           JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped`,
        );
        const names = new Map(
          columns.map((col) => [
            `${Number(col.oid)}:${col.attnum}`,
            `${col.relname}.${col.attname}`,
          ]),
        );
        const lineage = new Map<string, Map<string, string>>();
        for (const rule of rules) {
          const map = new Map<string, string>();
          for (const entry of parseViewLineage(rule.action)) {
            const origin = names.get(`${entry.originRelation}:${entry.originColumn}`);
            if (origin !== undefined) map.set(entry.name, origin);
          }
          lineage.set(rule.view, map);
        }
        const resolve = (ref: string | undefined, depth = 0): string | undefined => {
          if (ref === undefined || depth > 8) return ref;
          const [relation, column] = ref.split('.') as [string, string];
          const next = lineage.get(relation)?.get(column);
          return next === undefined ? ref : resolve(next, depth + 1);
        };
        const expected = contract[view]?.column_sources ?? {};
        const actual = Object.fromEntries(
          Object.keys(expected).map((column) => [
            column,
            resolve(lineage.get(view)?.get(column)) ?? '(computed)',
          ]),
        );
        expect(actual).toEqual(expected);
      });
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
