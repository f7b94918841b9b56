/**
 * The deterministic demo dataset loaded on first start (VIGIL_SEED=demo): one account per role
 * plus staff, teams, agents, canaries across namespaces with ~45 checks and seven days of
 * 5-minute history (generated in SQL, so start-up stays fast), and the generated world around
 * them (three clusters and their AWS estate, topology, incidents, playbooks, notifications…;
 * see scenario.ts).
 */
import type { Role } from '../../../src/rbac/roles';
import { createAccount } from '../auth/accounts';
import { hashPassword } from '../auth/crypto';
import type { Db, Queryable } from '../db/types';
import { insertHistory, insertRollups, updateCheckState, type HistoryCheck } from './history';
import { SYNTHETIC_ANNOTATION } from '../runner/spec';
import type { Keyring } from '../secrets/keyring';
import { insertRows, type Row } from './insert';
import { addLongInsight } from './insight-samples';
import { seedDemoLogs } from './logs';
import { insertPeople, insertTeams } from './people';
import { seedDemoPlaybooks } from './playbooks-demo';
import { Rng } from './random';
import { buildDemoWorld } from './scenario';
import { SeedContext, type Person, type SeedCheck } from './world';
import { refreshMaterializedViews, writeWorld, type Timings } from './write';

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
/** The default seed of the demo (accounts and canaries are fixed; the world follows the seed). */
export const DEMO_SEED = 20241021;
/** 7 days of 5-minute steps. */
const HISTORY_STEPS = 7 * 24 * 12;

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
  /** Failure windows in steps back from now (0 = the latest run), inclusive. */
  failing?: [from: number, to: number][];
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
  // The canary spec's shape (a connection URL; credentials come from the environment).
  spec: {
    name,
    url: `postgres://$(username):$(password)@${host}:5432/ledger`,
    query: 'SELECT 1',
    results: 1,
  },
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
        { severity: 'high', failing: [[300, 330]] },
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
        { failing: [[40, 70]], severity: 'medium' },
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
        { failing: [[0, 20]], severity: 'low' },
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
        { failing: [[600, 640]] },
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
      tcp('kafka-1:9092', 'kafka-1.infra.svc:9092', 'Kafka broker 1', 5, { failing: [[900, 915]] }),
      tcp('kafka-2:9092', 'kafka-2.infra.svc:9092', 'Kafka broker 2', 6, {
        failing: [[0, 6]],
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
        { severity: 'critical', owner: 'payments', flaky: 0.02, failing: [[1400, 1430]] },
      ),
      http(
        'stripe webhook relay',
        'https://hooks.example.com/stripe',
        'Webhook relay for the card processor',
        150,
        { failing: [[0, 3]], severity: 'critical', owner: 'payments' },
      ),
      tcp('fraud-scoring:8443', 'fraud-scoring.payments.svc:8443', 'Fraud scoring service port', 7),
      http(
        'fx-rates freshness',
        'https://fx.example.com/rates/latest',
        'Currency rates updated in the last hour',
        260,
        { failing: [[200, 260]] },
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
        { severity: 'critical', failing: [[1800, 1812]] },
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
        { failing: [[10, 30]] },
      ),
      {
        type: 'mysql',
        name: 'reporting mysql',
        description: 'Reporting warehouse (MySQL)',
        spec: {
          name: 'reporting mysql',
          url: 'mysql://$(username):$(password)@tcp(reporting.payments.svc:3306)/reporting',
          query: 'SELECT 1',
        },
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

/** The names of the demo's synthetic canaries (older databases are marked by name). */
export const DEMO_CANARY_NAMES: readonly string[] = CANARIES.map((canary) => canary.name);

/**
 * A team's responder clients (`spec.responder_clients`, spec doc 2 §3): the client types the
 * add-responder wizard offers, `values` / `defaults` prefilling the type's fields and `linkUrl`
 * linking a responder's external id. Every team has Jira, e-mail and ServiceNow (the incident
 * history's team responders use them); some have more.
 */
function responderClients(
  team: string,
  jiraProject: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    jira: {
      linkUrl: 'https://jira.example.com/browse/${ID}',
      values: { project: jiraProject },
      defaults: { issueType: 'Incident', priority: 'High' },
    },
    email: { defaults: { to: `${team.toLowerCase()}@example.com` } },
    service_now: {
      linkUrl:
        'https://example.service-now.com/nav_to.do?uri=incident.do%3Fsysparm_query%3Dnumber%3D${ID}',
      defaults: { category: 'Infrastructure' },
    },
    ...extra,
  };
}

const TEAMS = [
  {
    name: 'Platform',
    icon: 'kubernetes',
    members: ['admin', 'editor'],
    responderClients: responderClients('Platform', 'PLAT', {
      aws_support: { defaults: { category: 'general-guidance' } },
    }),
  },
  {
    name: 'Payments',
    icon: 'dollar',
    members: ['commander', 'responder'],
    responderClients: responderClients('Payments', 'PAY', {
      ms_planner: { defaults: { priority: '1' } },
    }),
  },
  {
    name: 'SRE',
    icon: 'prometheus',
    members: ['admin', 'responder', 'viewer'],
    responderClients: responderClients('SRE', 'OPS', {
      aws_support: { defaults: { category: 'general-guidance' } },
      redhat: { defaults: { product: 'OpenShift Container Platform' } },
    }),
  },
  {
    name: 'Frontend',
    icon: 'react',
    members: ['editor'],
    responderClients: responderClients('Frontend', 'WEB'),
  },
  {
    name: 'Data',
    icon: 'database',
    members: [],
    responderClients: responderClients('Data', 'DATA'),
  },
  {
    name: 'Security',
    icon: 'shield',
    members: ['commander'],
    responderClients: responderClients('Security', 'SEC', {
      oracle: { defaults: { product: 'Oracle Cloud Infrastructure' } },
    }),
  },
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

/** The workload each demo check probes (links checks to components and config items). */
const APP_BY_CHECK: [RegExp, string][] = [
  [/^(vigil|app)\.example\.com(\/login)?$|^cdn\./, 'web'],
  [/api\/health$/, 'api'],
  [/^docs\./, 'docs'],
  [/^status\./, 'status-page'],
  [/search$/, 'search'],
  [/^resolve /, 'coredns'],
  [/^(prometheus|pushgateway)/, 'prometheus'],
  [/^alertmanager/, 'alertmanager'],
  [/^grafana/, 'grafana'],
  [/^loki/, 'loki'],
  [/^tempo/, 'tempo'],
  [/^redis-cache/, 'redis-cache'],
  [/^kafka-/, 'kafka'],
  [/^etcd/, 'etcd'],
  [/^gateway /, 'gateway'],
  [/^stripe webhook/, 'webhook-relay'],
  [/^fraud-scoring/, 'fraud-scoring'],
  [/^fx-rates/, 'fx-rates'],
  [/^3ds/, 'threeds-callback'],
  [/^ledger|^reporting/, 'ledger-api'],
  [/^pgbouncer/, 'pgbouncer'],
  [/^airflow/, 'airflow-scheduler'],
  [/^spark/, 'spark-history'],
  [/^nightly export/, 'nightly-export'],
];

export function appForCheck(name: string): string | undefined {
  return APP_BY_CHECK.find(([pattern]) => pattern.test(name))?.[1];
}

/** Whether the database has no user data yet (the seed runs only then). */
export async function isEmpty(db: Queryable): Promise<boolean> {
  const result = await db.query<{ empty: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM vigil_accounts) AND NOT EXISTS (SELECT 1 FROM canaries) AS empty`,
  );
  return result.rows[0]?.empty === true;
}

export interface SeedOptions {
  /** Seed of the generated world (the accounts and the demo canaries are fixed). */
  seed?: number;
  /** The anchor every generated time is relative to (default: now). */
  now?: Date;
  /** Progress lines (timings). */
  log?: (line: string) => void;
  /** Encrypts the seeded secrets (default: the database's keyring, server/src/secrets). */
  keyring?: Keyring | undefined;
}

/** Insert the demo dataset. Deterministic: the same seed and anchor give the same ids and values. */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<void> {
  const now = (options.now ?? new Date()).getTime();
  const log = options.log ?? (() => undefined);
  const fixed = new Rng(DEMO_SEED);
  const uuid = (): string => fixed.uuid();
  const at = (minutesAgo: number): string => new Date(now - minutesAgo * 60_000).toISOString();
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.password)));
  const accountIds = DEMO_ACCOUNTS.map(() => uuid());
  let started = performance.now();
  const lap = (label: string): void => {
    log(`  ${label}: ${Math.round(performance.now() - started)} ms`);
    started = performance.now();
  };

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
    const admin = people.get('admin') ?? '';
    await tx.query(
      `UPDATE people SET created_at = $1, last_login = $2 WHERE id = ANY($3::uuid[])`,
      [at(400 * 1440), at(30), [...people.values()]],
    );

    const teams = await insertTeams(tx, fixed, TEAMS, admin, now);
    const members: Row[] = [];
    for (const [index, team] of TEAMS.entries()) {
      for (const member of team.members) {
        members.push({ team_id: teams[index]?.id, person_id: people.get(member) });
      }
    }
    await insertRows(tx, 'team_members', members);
    const staff = await insertPeople(tx, fixed, 14, teams, { offset: 0, createdAgoDays: 600, now });

    const agents = { local: LOCAL_AGENT, eu: uuid(), lab: uuid() };
    await tx.query(
      `INSERT INTO agents (id, name, hostname, description, version, properties, created_by, created_at, last_seen, last_received)
       VALUES ($1, 'eu-west-1', 'agent-eu-west-1', 'Production cluster in eu-west-1', '0.4.2', '{"type":"agent","cluster":"prod-eu-west-1"}', $3,
               $4, $5, $5),
              ($2, 'lab', 'agent-lab', 'Lab cluster (offline since the weekend)', '0.3.9', '{"type":"agent","cluster":"lab"}', $3,
               $4, $6, $6)`,
      [
        agents.eu,
        agents.lab,
        admin,
        at(300 * 1440),
        new Date(now - 12_000).toISOString(),
        at(3 * 1440),
      ],
    );

    const history: HistoryCheck[] = [];
    const canaryRows: Row[] = [];
    const checkRows: Row[] = [];
    const jobRows: Row[] = [];
    for (const canary of CANARIES) {
      const canaryId = uuid();
      const agentId = agents[canary.agent];
      // A canary spec lists its checks under their kinds (`http: [...]`, `redis: [...]`).
      const spec: Record<string, unknown> = { interval: canary.interval };
      for (const check of canary.checks) {
        const ofKind = (spec[check.type] ??= []) as unknown[];
        ofKind.push(check.spec);
      }
      canaryRows.push({
        id: canaryId,
        agent_id: agentId,
        name: canary.name,
        namespace: canary.namespace,
        labels: canary.labels,
        // Generated history against fictional hosts: the health-check runner leaves it alone.
        annotations: { [SYNTHETIC_ANNOTATION]: 'true' },
        spec,
        source: 'UI',
        created_by: admin,
        created_at: at(30 * 1440),
        updated_at: at(30 * 1440),
      });
      for (const check of canary.checks) {
        const checkId = uuid();
        checkRows.push({
          id: checkId,
          canary_id: canaryId,
          agent_id: agentId,
          type: check.type,
          name: check.name,
          namespace: canary.namespace,
          description: check.description,
          icon: ICONS[check.type] ?? check.type,
          spec: check.spec,
          labels: { check_type: check.type, ...(check.labels ?? {}) },
          owner: check.owner ?? null,
          severity: check.severity ?? null,
          created_at: at(30 * 1440),
          updated_at: at(30 * 1440),
        });
        history.push({
          id: checkId,
          salt: Math.floor(fixed.next() * 2 ** 31),
          latency: check.latency,
          spread: SPREAD[check.type] ?? 0.3,
          flaky: check.flaky ?? 0.002,
          episodes: check.failing ?? [],
          stopped: check.stoppedSteps ?? 0,
          okMessage: okMessage(check.type),
          error: errorFor(check.type),
        });
      }
      jobRows.push({
        id: uuid(),
        name: 'CanarySync',
        success_count: canary.checks.length,
        error_count: 0,
        hostname: 'vigil',
        duration_millis: 85,
        resource_type: 'canary',
        resource_id: canaryId,
        status: 'SUCCESS',
        time_start: at(5),
        time_end: new Date(now - 5 * 60_000 + 85).toISOString(),
        created_at: at(5),
      });
    }
    await insertRows(tx, 'canaries', canaryRows);
    await insertRows(tx, 'checks', checkRows);
    await insertRows(tx, 'job_history', jobRows);
    lap('accounts, teams, agents, canaries');

    await insertHistory(tx, history, {
      steps: HISTORY_STEPS,
      stepSeconds: 300,
      anchor: new Date(now),
    });
    const ids = history.map((check) => check.id);
    await updateCheckState(tx, 300, ids);
    await insertRollups(tx, ids, { hourly: true });
    lap(`check history (${ids.length} checks × ${HISTORY_STEPS} steps)`);

    const seeded = await tx.query<{
      id: string;
      canary_id: string;
      name: string;
      type: string;
      namespace: string;
      status: string;
    }>(
      `SELECT id, canary_id, name, type, namespace, status FROM checks WHERE id = ANY($1::uuid[]) ORDER BY name, id`,
      [ids],
    );
    const checks: SeedCheck[] = seeded.rows.map((row) => ({
      id: row.id,
      canaryId: row.canary_id,
      name: row.name,
      type: row.type,
      namespace: row.namespace,
      app: appForCheck(row.name),
      failing: row.status === 'unhealthy',
    }));

    const roster: Person[] = [
      ...DEMO_ACCOUNTS.map((account) => ({
        id: people.get(account.username) ?? '',
        name: `${account.firstName} ${account.lastName}`,
        email: account.email,
      })),
      ...staff,
    ];
    const ctx = new SeedContext(
      new Rng(options.seed ?? DEMO_SEED),
      now,
      admin,
      roster,
      teams,
      new Map([
        ['local', LOCAL_AGENT],
        ['eu-west-1', agents.eu],
        ['lab', agents.lab],
      ]),
    );
    const world = buildDemoWorld(ctx, checks);
    addLongInsight(ctx, world);
    lap('generate world');
    const timings: Timings = [];
    await writeWorld(tx, ctx, timings, options.keyring);
    for (const [label, ms] of timings) log(`    ${label}: ${Math.round(ms)} ms`);
    await seedDemoPlaybooks(tx, { admin, createdAt: at(20 * 1440) });
    lap('write world');

    await tx.query(
      `INSERT INTO properties (name, value, created_by, created_at, updated_at) VALUES
         ('incidents.disable', 'false', $1, $2, $2),
         ('logs.disable', 'false', $1, $2, $2),
         ('health.default_time_range', '1h', $1, $2, $2)`,
      [admin, at(200 * 1440)],
    );
    await seedDemoLogs(tx, { now, seed: options.seed ?? DEMO_SEED });
    await refreshMaterializedViews(tx);
    lap('properties, log lines, materialized views');
  });
}

const SPREAD: Record<string, number> = {
  http: 0.3,
  tcp: 0.25,
  dns: 0.4,
  postgres: 0.3,
  mysql: 0.3,
  redis: 0.2,
  icmp: 0.15,
  exec: 0.35,
};

export function okMessage(type: string): string {
  switch (type) {
    case 'http':
      return 'HTTP 200 OK';
    case 'dns':
      return 'resolved 2 A records';
    case 'postgres':
    case 'mysql':
      return 'query returned 1 row';
    default:
      return 'OK';
  }
}

export function errorFor(type: string): string {
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

export { updateCheckState } from './history';
