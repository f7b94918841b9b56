/**
 * The deterministic demo dataset loaded on first start (VIGIL_SEED=demo): one account per role,
 * teams, agents, canaries across namespaces with ~40 checks and two days of 5-minute history
 * (generated in SQL, so start-up stays fast), and a few properties.
 */
import type { Role } from '../../../src/rbac/roles';
import { createAccount } from '../auth/accounts';
import { hashPassword } from '../auth/crypto';
import type { Db, Queryable } from '../db/types';
import { createRandom, randomUuid } from './random';

export interface DemoAccount {
  role: Role;
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** The demo logins: sign in with the username or the e-mail and the password. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'admin',
    username: 'admin',
    email: 'admin@vigil.local',
    password: 'vigil-admin',
    firstName: 'Ada',
    lastName: 'Admin',
  },
  {
    role: 'editor',
    username: 'editor',
    email: 'editor@vigil.local',
    password: 'vigil-editor',
    firstName: 'Eddie',
    lastName: 'Editor',
  },
  {
    role: 'commander',
    username: 'commander',
    email: 'commander@vigil.local',
    password: 'vigil-commander',
    firstName: 'Cora',
    lastName: 'Commander',
  },
  {
    role: 'responder',
    username: 'responder',
    email: 'responder@vigil.local',
    password: 'vigil-responder',
    firstName: 'Rafa',
    lastName: 'Responder',
  },
  {
    role: 'viewer',
    username: 'viewer',
    email: 'viewer@vigil.local',
    password: 'vigil-viewer',
    firstName: 'Vic',
    lastName: 'Viewer',
  },
];

const LOCAL_AGENT = '00000000-0000-0000-0000-000000000000';
const SEED = 20241021;
/** 2 days of 5-minute steps. */
const HISTORY_STEPS = 2 * 24 * 12;

interface CheckDef {
  type: string;
  name: string;
  description: string;
  spec: Record<string, unknown>;
  labels?: Record<string, string>;
  severity?: string;
  owner?: string;
  /** Typical latency in ms. */
  latency: number;
  /** Share of random failures (0–1). */
  flaky?: number;
  /** Failure window in steps back from now (0 = the latest run), inclusive. */
  failing?: [from: number, to: number];
  /** The check stopped running this many steps ago (stale: shows the age badge). */
  stoppedSteps?: number;
}

interface CanaryDef {
  name: string;
  namespace: string;
  labels: Record<string, string>;
  agent: 'local' | 'eu' | 'lab';
  interval: number;
  checks: CheckDef[];
}

const http = (
  name: string,
  url: string,
  description: string,
  latency: number,
  extra: Partial<CheckDef> = {},
): CheckDef => ({
  type: 'http',
  name,
  description,
  spec: { name, url, responseCodes: [200], thresholdMillis: latency * 5 },
  latency,
  ...extra,
});
const tcp = (
  name: string,
  endpoint: string,
  description: string,
  latency: number,
  extra: Partial<CheckDef> = {},
): CheckDef => ({
  type: 'tcp',
  name,
  description,
  spec: { name, endpoint, thresholdMillis: 1000 },
  latency,
  ...extra,
});
const postgres = (
  name: string,
  host: string,
  description: string,
  latency: number,
  extra: Partial<CheckDef> = {},
): CheckDef => ({
  type: 'postgres',
  name,
  description,
  spec: { name, host, query: 'SELECT 1', results: 1 },
  latency,
  ...extra,
});
const dns = (
  name: string,
  query: string,
  description: string,
  latency: number,
  extra: Partial<CheckDef> = {},
): CheckDef => ({
  type: 'dns',
  name,
  description,
  spec: { name, server: '10.0.0.10', port: 53, query, querytype: 'A', minrecords: 1 },
  latency,
  ...extra,
});

const CANARIES: CanaryDef[] = [
  {
    name: 'web-frontends',
    namespace: 'default',
    labels: { team: 'platform', tier: 'frontend', env: 'production' },
    agent: 'local',
    interval: 300,
    checks: [
      http('vigil.example.com', 'https://vigil.example.com/', 'Marketing site home page', 120),
      http(
        'app.example.com/login',
        'https://app.example.com/login',
        'Customer app login page',
        180,
        { severity: 'high' },
      ),
      http(
        'app.example.com/api/health',
        'https://app.example.com/api/health',
        'Customer API health endpoint',
        45,
        { flaky: 0.01 },
      ),
      http('docs.example.com', 'https://docs.example.com/', 'Documentation portal', 210),
      http('status.example.com', 'https://status.example.com/', 'Public status page', 95),
      http(
        'cdn.example.com/assets',
        'https://cdn.example.com/assets/app.js',
        'CDN asset delivery',
        30,
        { labels: { cdn: 'true' } },
      ),
      http(
        'app.example.com/search',
        'https://app.example.com/api/search?q=ping',
        'Search API latency probe',
        420,
        { failing: [40, 70], severity: 'medium' },
      ),
    ],
  },
  {
    name: 'dns-resolvers',
    namespace: 'default',
    labels: { team: 'platform', env: 'production' },
    agent: 'local',
    interval: 300,
    checks: [
      dns('resolve app.example.com', 'app.example.com', 'Internal resolver answers for the app', 8),
      dns('resolve api.example.com', 'api.example.com', 'Internal resolver answers for the API', 9),
      dns('resolve db.internal', 'db.internal', 'Database service record', 6),
      dns(
        'resolve legacy.example.com',
        'legacy.example.com',
        'Legacy host kept for old clients',
        12,
        { failing: [0, 20], severity: 'low' },
      ),
    ],
  },
  {
    name: 'prometheus-stack',
    namespace: 'monitoring',
    labels: { team: 'sre', app: 'prometheus', env: 'production' },
    agent: 'local',
    interval: 300,
    checks: [
      http(
        'prometheus /-/ready',
        'http://prometheus.monitoring.svc:9090/-/ready',
        'Prometheus readiness',
        15,
      ),
      http(
        'alertmanager /-/ready',
        'http://alertmanager.monitoring.svc:9093/-/ready',
        'Alertmanager readiness',
        18,
      ),
      http(
        'grafana /api/health',
        'http://grafana.monitoring.svc:3000/api/health',
        'Grafana health',
        60,
      ),
      tcp('pushgateway:9091', 'pushgateway.monitoring.svc:9091', 'Pushgateway port open', 4),
      http('loki /ready', 'http://loki.monitoring.svc:3100/ready', 'Loki readiness', 35, {
        flaky: 0.05,
      }),
      http('tempo /ready', 'http://tempo.monitoring.svc:3200/ready', 'Tempo readiness', 40, {
        stoppedSteps: 40,
      }),
    ],
  },
  {
    name: 'infra-probes',
    namespace: 'monitoring',
    labels: { team: 'sre', env: 'production' },
    agent: 'eu',
    interval: 300,
    checks: [
      tcp('redis-cache:6379', 'redis-cache.infra.svc:6379', 'Redis cache port', 3),
      {
        type: 'redis',
        name: 'redis-cache ping',
        description: 'Redis PING',
        spec: { name: 'redis-cache ping', addr: 'redis-cache.infra.svc:6379', db: 0 },
        latency: 2,
      },
      tcp('kafka-0:9092', 'kafka-0.infra.svc:9092', 'Kafka broker 0', 5),
      tcp('kafka-1:9092', 'kafka-1.infra.svc:9092', 'Kafka broker 1', 5),
      tcp('kafka-2:9092', 'kafka-2.infra.svc:9092', 'Kafka broker 2', 6, {
        failing: [0, 6],
        severity: 'high',
      }),
      {
        type: 'icmp',
        name: 'ping gateway',
        description: 'Default gateway reachable',
        spec: { name: 'ping gateway', endpoint: '10.0.0.1', thresholdMillis: 50 },
        latency: 1,
      },
      tcp('etcd:2379', 'etcd.infra.svc:2379', 'etcd client port', 4),
    ],
  },
  {
    name: 'payment-gateway',
    namespace: 'payments',
    labels: { team: 'payments', app: 'gateway', env: 'production', 'pci-scope': 'true' },
    agent: 'local',
    interval: 300,
    checks: [
      http('gateway /healthz', 'https://pay.example.com/healthz', 'Payment gateway liveness', 70, {
        severity: 'critical',
        owner: 'payments',
      }),
      http(
        'gateway /v1/charges (dry run)',
        'https://pay.example.com/v1/charges?dry_run=true',
        'Charge API dry run',
        340,
        { severity: 'critical', owner: 'payments', flaky: 0.02 },
      ),
      http(
        'stripe webhook relay',
        'https://hooks.example.com/stripe',
        'Webhook relay for the card processor',
        150,
        { failing: [0, 3], severity: 'critical', owner: 'payments' },
      ),
      tcp('fraud-scoring:8443', 'fraud-scoring.payments.svc:8443', 'Fraud scoring service port', 7),
      http(
        'fx-rates freshness',
        'https://fx.example.com/rates/latest',
        'Currency rates updated in the last hour',
        260,
        { failing: [200, 260] },
      ),
      http(
        '3ds callback',
        'https://pay.example.com/3ds/callback/health',
        '3-D Secure callback endpoint',
        110,
      ),
    ],
  },
  {
    name: 'ledger-db',
    namespace: 'payments',
    labels: { team: 'payments', app: 'ledger', env: 'production' },
    agent: 'lab',
    interval: 300,
    checks: [
      postgres(
        'ledger primary',
        'ledger-primary.payments.svc',
        'Ledger primary accepts queries',
        12,
        { severity: 'critical' },
      ),
      postgres('ledger replica-1', 'ledger-replica-1.payments.svc', 'Ledger read replica 1', 14),
      postgres('ledger replica-2', 'ledger-replica-2.payments.svc', 'Ledger read replica 2', 15, {
        flaky: 0.03,
      }),
      tcp('pgbouncer:6432', 'pgbouncer.payments.svc:6432', 'Connection pooler port', 3),
      postgres(
        'ledger replication lag',
        'ledger-replica-1.payments.svc',
        'Replica lag under 30 s',
        25,
        { failing: [10, 30] },
      ),
      {
        type: 'mysql',
        name: 'reporting mysql',
        description: 'Reporting warehouse (MySQL)',
        spec: { name: 'reporting mysql', host: 'reporting.payments.svc', query: 'SELECT 1' },
        latency: 22,
      },
      tcp('ledger-backup:22', 'backup.payments.svc:22', 'Backup host SSH', 9),
    ],
  },
  {
    name: 'batch-jobs',
    namespace: 'data',
    labels: { team: 'data', env: 'staging' },
    agent: 'eu',
    interval: 600,
    checks: [
      http(
        'airflow /health',
        'http://airflow.data.svc:8080/health',
        'Airflow scheduler health',
        90,
      ),
      http('spark history', 'http://spark-history.data.svc:18080/', 'Spark history server', 150, {
        flaky: 0.08,
      }),
      {
        type: 'exec',
        name: 'nightly export finished',
        description: 'Nightly export marker file is fresh',
        spec: { name: 'nightly export finished', script: 'test -f /exports/done' },
        latency: 40,
      },
    ],
  },
];

const TEAMS = [
  { name: 'Platform', icon: 'kubernetes', members: ['admin', 'editor'] },
  { name: 'Payments', icon: 'dollar', members: ['commander', 'responder'] },
  { name: 'SRE', icon: 'prometheus', members: ['admin', 'responder', 'viewer'] },
];

const ICONS: Record<string, string> = {
  http: 'http',
  tcp: 'tcp',
  dns: 'dns',
  postgres: 'postgres',
  mysql: 'mysql',
  redis: 'redis',
  icmp: 'icmp',
  exec: 'console',
};

/** Whether the database has no user data yet (the seed runs only then). */
export async function isEmpty(db: Queryable): Promise<boolean> {
  const result = await db.query<{ empty: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM vigil_accounts) AND NOT EXISTS (SELECT 1 FROM canaries) AS empty`,
  );
  return result.rows[0]?.empty === true;
}

/** Insert the demo dataset. Deterministic: the same seed gives the same ids and values. */
export async function seedDemo(db: Db): Promise<void> {
  const random = createRandom(SEED);
  const uuid = (): string => randomUuid(random);
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.password)));
  const accountIds = DEMO_ACCOUNTS.map(() => uuid());

  await db.transaction(async (tx) => {
    const people = new Map<string, string>();
    for (const [index, account] of DEMO_ACCOUNTS.entries()) {
      const id = await createAccount(tx, {
        id: accountIds[index],
        email: account.email,
        username: account.username,
        firstName: account.firstName,
        lastName: account.lastName,
        password: account.password,
        passwordHash: hashes[index],
        roles: [account.role],
      });
      people.set(account.username, id);
    }
    const admin = people.get('admin');

    for (const team of TEAMS) {
      const teamId = uuid();
      await tx.query(
        'INSERT INTO teams (id, name, icon, spec, source, created_by) VALUES ($1, $2, $3, $4::jsonb, $5, $6)',
        [
          teamId,
          team.name,
          team.icon,
          JSON.stringify({ components: [], notifications: [] }),
          'UI',
          admin,
        ],
      );
      for (const member of team.members) {
        await tx.query('INSERT INTO team_members (team_id, person_id) VALUES ($1, $2)', [
          teamId,
          people.get(member),
        ]);
      }
    }

    const agents = { local: LOCAL_AGENT, eu: uuid(), lab: uuid() };
    await tx.query(
      `INSERT INTO agents (id, name, hostname, description, version, properties, created_by, last_seen, last_received)
       VALUES ($1, 'eu-west-1', 'agent-eu-west-1', 'Production cluster in eu-west-1', '0.4.2', '{"type":"agent","cluster":"eu-west-1"}', $3,
               now() - interval '12 seconds', now() - interval '12 seconds'),
              ($2, 'lab', 'agent-lab', 'Lab cluster (offline since the weekend)', '0.3.9', '{"type":"agent","cluster":"lab"}', $3,
               now() - interval '3 days', now() - interval '3 days')`,
      [agents.eu, agents.lab, admin],
    );

    const ids: string[] = [];
    const latencies: number[] = [];
    const flaky: number[] = [];
    const failFrom: number[] = [];
    const failTo: number[] = [];
    const stopped: number[] = [];
    const errors: string[] = [];
    for (const canary of CANARIES) {
      const canaryId = uuid();
      const agentId = agents[canary.agent];
      const spec = {
        interval: canary.interval,
        [canary.checks[0]?.type ?? 'http']: canary.checks.map((check) => check.spec),
      };
      await tx.query(
        `INSERT INTO canaries (id, agent_id, name, namespace, labels, spec, source, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, 'UI', $7, now() - interval '30 days')`,
        [
          canaryId,
          agentId,
          canary.name,
          canary.namespace,
          JSON.stringify(canary.labels),
          JSON.stringify(spec),
          admin,
        ],
      );
      for (const check of canary.checks) {
        const checkId = uuid();
        await tx.query(
          `INSERT INTO checks (id, canary_id, agent_id, type, name, namespace, description, icon, spec, labels, owner, severity,
             created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11, $12, now() - interval '30 days', now() - interval '30 days')`,
          [
            checkId,
            canaryId,
            agentId,
            check.type,
            check.name,
            canary.namespace,
            check.description,
            ICONS[check.type] ?? check.type,
            JSON.stringify(check.spec),
            JSON.stringify({ check_type: check.type, ...(check.labels ?? {}) }),
            check.owner ?? null,
            check.severity ?? null,
          ],
        );
        ids.push(checkId);
        latencies.push(check.latency);
        flaky.push(check.flaky ?? 0.002);
        failFrom.push(check.failing?.[0] ?? -1);
        failTo.push(check.failing?.[1] ?? -1);
        stopped.push(check.stoppedSteps ?? 0);
        errors.push(errorFor(check.type));
      }
      await tx.query(
        `INSERT INTO job_history (name, success_count, error_count, hostname, duration_millis, resource_type, resource_id, status,
           time_start, time_end, created_at)
         VALUES ('CanarySync', $2, 0, 'vigil', 85, 'canary', $1, 'SUCCESS', now() - interval '5 minutes',
           now() - interval '5 minutes' + interval '85 milliseconds', now() - interval '5 minutes')`,
        [canaryId, canary.checks.length],
      );
    }

    await insertHistory(
      tx,
      { ids, latencies, flaky, failFrom, failTo, stopped, errors },
      HISTORY_STEPS,
      300,
    );
    await updateCheckState(tx, 300);

    await tx.query(
      `INSERT INTO properties (name, value, created_by) VALUES
         ('incidents.disable', 'false', $1),
         ('logs.disable', 'false', $1),
         ('health.default_time_range', '1h', $1)`,
      [admin],
    );
  });
}

function errorFor(type: string): string {
  switch (type) {
    case 'http':
      return 'expected status 200, got 503 Service Unavailable';
    case 'tcp':
      return 'dial tcp: connect: connection refused';
    case 'dns':
      return 'lookup: no such host';
    case 'postgres':
    case 'mysql':
      return 'query failed: connection timed out';
    default:
      return 'check failed';
  }
}

export interface HistoryProfile {
  ids: string[];
  latencies: number[];
  flaky: number[];
  failFrom: number[];
  failTo: number[];
  stopped: number[];
  errors: string[];
}

/**
 * One statement writes the whole history: steps back from now on an aligned grid; pseudo-random
 * but deterministic values come from md5 of (check, step), so reruns give the same series.
 */
export async function insertHistory(
  tx: Queryable,
  profile: HistoryProfile,
  steps: number,
  stepSeconds: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO check_statuses (check_id, time, duration, status, message, error, created_at)
     SELECT p.id, t.at,
       greatest(1, round(p.latency * (0.6 + r.a * 0.8) * (CASE WHEN r.b > 0.985 THEN 4 ELSE 1 END)
         * (CASE WHEN ok.pass THEN 1 ELSE 3 END)))::integer,
       ok.pass,
       CASE WHEN ok.pass THEN 'OK' ELSE 'check failed' END,
       CASE WHEN ok.pass THEN NULL ELSE p.error END,
       t.at
     FROM unnest($1::uuid[], $2::integer[], $3::float8[], $4::integer[], $5::integer[], $6::integer[], $7::text[])
       AS p(id, latency, flaky, fail_from, fail_to, stopped, error)
     CROSS JOIN generate_series(0, $8::integer - 1) AS g(n)
     CROSS JOIN LATERAL (
       SELECT to_timestamp(floor(extract(epoch FROM now()) / $9::integer) * $9::integer)
         - g.n * ($9::integer * interval '1 second') AS at
     ) t
     CROSS JOIN LATERAL (
       SELECT ('x' || substr(md5(p.id::text || ':' || g.n), 1, 8))::bit(32)::bigint / 4294967296.0 AS a,
              ('x' || substr(md5(g.n || ':' || p.id::text), 1, 8))::bit(32)::bigint / 4294967296.0 AS b
     ) r
     CROSS JOIN LATERAL (
       SELECT NOT (g.n BETWEEN p.fail_from AND p.fail_to OR r.b < p.flaky) AS pass
     ) ok
     WHERE g.n >= p.stopped`,
    [
      profile.ids,
      profile.latencies,
      profile.flaky,
      profile.failFrom,
      profile.failTo,
      profile.stopped,
      profile.errors,
      steps,
      stepSeconds,
    ],
  );
}

/** Derive checks.status, last_runtime, next_runtime and last_transition_time from the history. */
export async function updateCheckState(tx: Queryable, intervalSeconds: number): Promise<void> {
  await tx.query(
    `UPDATE checks c SET
       status = CASE WHEN l.status THEN 'healthy' ELSE 'unhealthy' END,
       last_runtime = l.time,
       next_runtime = l.time + ($1::integer * interval '1 second'),
       last_transition_time = coalesce(
         (SELECT min(s.time) FROM check_statuses s
          WHERE s.check_id = c.id AND s.time > (
            SELECT max(x.time) FROM check_statuses x WHERE x.check_id = c.id AND x.status IS DISTINCT FROM l.status)),
         (SELECT min(s.time) FROM check_statuses s WHERE s.check_id = c.id))
     FROM (SELECT DISTINCT ON (check_id) check_id, status, time FROM check_statuses ORDER BY check_id, time DESC) l
     WHERE l.check_id = c.id`,
    [intervalSeconds],
  );
}
