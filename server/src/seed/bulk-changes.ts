/**
 * The bulk of the large dataset's config changes (issue 11 §7: 1,000,000 changes). The fleet's
 * generated changes (scenario.ts, about one per item) are written row by row like the demo's;
 * this tops the table up to the target in SQL, in batches of INSERT … SELECT over
 * generate_series, which loads the rest in about a minute instead of building a million objects
 * in memory.
 *
 * The mix follows the generated changes: per config class the same Kubernetes events and
 * CloudTrail calls with their severities and sources, about 10 % `diff` changes with a unified
 * diff and patches, busier configs (pods, unhealthy items and a hot 5 % of the fleet) changing
 * more often, and a config younger than 30 days in proportion to its age. Times spread over the
 * last 30 days (never before the config existed), with 5 % in the last 2 days on top: the default
 * changes view (last 2 days) holds about a fifth of them, thousands of pages.
 * Deterministic for a seed and anchor: random() is seeded per batch and ids are md5-derived.
 *
 * On PGlite the same rows are generated in JavaScript instead (issue 18) — random() replayed from
 * the same seeds (pg-random.ts), md5 and the time arithmetic as PostgreSQL does them, row for row
 * what the INSERT writes — and loaded with binary COPY, about three times cheaper.
 */
import type { Queryable } from '../db/types';
import {
  dropIndexes,
  dropTriggers,
  freshStorage,
  hasTrigger,
  rebuildIndexes,
  setTriggers,
} from './bulk-load';
import { BinaryCopy, copyInBatches, copyTarget, readJsonRows, utf8, uuidBytes } from './copy';
import { digestHex, md5Bytes, md5Message, md5Write } from './md5';
import { batchRandom, PgRandom, rint } from './pg-random';

interface Template {
  /** config_class */
  on: string;
  type: string;
  severity: string;
  source: string;
  /** Summary; `{name}`, `{namespace}` are replaced by the config's. */
  summary: string;
  /** Relative frequency within the class. */
  weight?: number;
}

const K8S = 'KubernetesEvent';
const CT = 'CloudTrail';

const TEMPLATES: Template[] = [
  {
    on: 'Pod',
    type: 'Scheduled',
    severity: 'info',
    source: K8S,
    summary: 'Successfully assigned {namespace}/{name} to a node',
    weight: 3,
  },
  {
    on: 'Pod',
    type: 'Pulled',
    severity: 'info',
    source: K8S,
    summary: 'Container image already present on machine',
    weight: 3,
  },
  {
    on: 'Pod',
    type: 'Created',
    severity: 'info',
    source: K8S,
    summary: 'Created container {name}',
    weight: 3,
  },
  {
    on: 'Pod',
    type: 'Started',
    severity: 'info',
    source: K8S,
    summary: 'Started container {name}',
    weight: 3,
  },
  {
    on: 'Pod',
    type: 'Killing',
    severity: 'medium',
    source: K8S,
    summary: 'Stopping container {name}',
  },
  {
    on: 'Pod',
    type: 'Unhealthy',
    severity: 'high',
    source: K8S,
    summary: 'Readiness probe failed: HTTP probe failed with statuscode: 503',
    weight: 2,
  },
  {
    on: 'Pod',
    type: 'BackOff',
    severity: 'high',
    source: K8S,
    summary: 'Back-off restarting failed container {name}',
  },
  {
    on: 'Pod',
    type: 'OOMKilled',
    severity: 'critical',
    source: K8S,
    summary: 'Container {name} was OOM killed',
  },
  {
    on: 'Deployment',
    type: 'ScalingReplicaSet',
    severity: 'info',
    source: K8S,
    summary: 'Scaled up replica set {name} to 3',
    weight: 3,
  },
  {
    on: 'Deployment',
    type: 'ScalingReplicaSet',
    severity: 'info',
    source: K8S,
    summary: 'Scaled down replica set {name} to 2',
  },
  {
    on: 'StatefulSet',
    type: 'SuccessfulCreate',
    severity: 'info',
    source: K8S,
    summary: 'create Pod {name}-0 in StatefulSet {name} successful',
  },
  {
    on: 'DaemonSet',
    type: 'SuccessfulCreate',
    severity: 'info',
    source: K8S,
    summary: 'Created pod: {name}',
  },
  {
    on: 'ReplicaSet',
    type: 'SuccessfulCreate',
    severity: 'info',
    source: K8S,
    summary: 'Created pod: {name}',
  },
  {
    on: 'ReplicaSet',
    type: 'SuccessfulDelete',
    severity: 'info',
    source: K8S,
    summary: 'Deleted pod from {name}',
  },
  {
    on: 'Node',
    type: 'NodeReady',
    severity: 'info',
    source: K8S,
    summary: 'Node {name} status is now: NodeReady',
    weight: 3,
  },
  {
    on: 'Node',
    type: 'NodeNotReady',
    severity: 'critical',
    source: K8S,
    summary: 'Node {name} status is now: NodeNotReady',
  },
  {
    on: 'Node',
    type: 'NodeHasInsufficientMemory',
    severity: 'high',
    source: K8S,
    summary: 'Node {name} status is now: NodeHasInsufficientMemory',
  },
  {
    on: 'Node',
    type: 'RegisteredNode',
    severity: 'info',
    source: K8S,
    summary: 'Node {name} event: Registered Node in Controller',
  },
  {
    on: 'Ingress',
    type: 'Sync',
    severity: 'info',
    source: K8S,
    summary: 'Scheduled for sync: {namespace}/{name}',
  },
  {
    on: 'Service',
    type: 'UpdatedLoadBalancer',
    severity: 'info',
    source: K8S,
    summary: 'Updated load balancer with new hosts',
  },
  {
    on: 'PersistentVolumeClaim',
    type: 'ProvisioningSucceeded',
    severity: 'info',
    source: K8S,
    summary: 'Successfully provisioned volume for claim {namespace}/{name}',
  },
  {
    on: 'PersistentVolumeClaim',
    type: 'Resizing',
    severity: 'low',
    source: K8S,
    summary: 'External resizer is resizing volume {name}',
  },
  {
    on: 'Namespace',
    type: 'NamespaceFinalizersRemaining',
    severity: 'low',
    source: K8S,
    summary: 'Some content in the namespace {name} has finalizers remaining',
  },
  {
    on: 'Cluster',
    type: 'UpdateClusterVersion',
    severity: 'medium',
    source: CT,
    summary: 'Kubernetes version updated to 1.29',
  },
  {
    on: 'KubernetesCluster',
    type: 'UpdateClusterConfig',
    severity: 'medium',
    source: CT,
    summary: 'UpdateClusterConfig: logging enabled',
  },
  {
    on: 'VirtualMachine',
    type: 'RunInstances',
    severity: 'info',
    source: CT,
    summary: 'RunInstances {name}',
  },
  {
    on: 'VirtualMachine',
    type: 'CreateTags',
    severity: 'info',
    source: CT,
    summary: 'CreateTags',
    weight: 2,
  },
  {
    on: 'VirtualMachine',
    type: 'StopInstances',
    severity: 'medium',
    source: CT,
    summary: 'StopInstances',
  },
  {
    on: 'VirtualMachine',
    type: 'ModifyInstanceAttribute',
    severity: 'low',
    source: CT,
    summary: 'ModifyInstanceAttribute: disableApiTermination',
  },
  {
    on: 'DiskVolume',
    type: 'CreateVolume',
    severity: 'info',
    source: CT,
    summary: 'CreateVolume gp3',
  },
  {
    on: 'DiskVolume',
    type: 'ModifyVolume',
    severity: 'low',
    source: CT,
    summary: 'ModifyVolume: iops 3000 → 6000',
  },
  {
    on: 'Database',
    type: 'CreateDBSnapshot',
    severity: 'info',
    source: CT,
    summary: 'CreateDBSnapshot rds:{name}',
    weight: 3,
  },
  {
    on: 'Database',
    type: 'ModifyDBInstance',
    severity: 'medium',
    source: CT,
    summary: 'ModifyDBInstance: BackupRetentionPeriod',
  },
  {
    on: 'Database',
    type: 'RebootDBInstance',
    severity: 'high',
    source: CT,
    summary: 'RebootDBInstance',
  },
  {
    on: 'SecurityGroup',
    type: 'AuthorizeSecurityGroupIngress',
    severity: 'high',
    source: CT,
    summary: 'AuthorizeSecurityGroupIngress tcp/22 from 0.0.0.0/0',
  },
  {
    on: 'SecurityGroup',
    type: 'RevokeSecurityGroupIngress',
    severity: 'medium',
    source: CT,
    summary: 'RevokeSecurityGroupIngress tcp/5432',
  },
  {
    on: 'Bucket',
    type: 'PutBucketPolicy',
    severity: 'medium',
    source: CT,
    summary: 'PutBucketPolicy',
  },
  {
    on: 'Bucket',
    type: 'PutBucketVersioning',
    severity: 'low',
    source: CT,
    summary: 'PutBucketVersioning: Enabled',
  },
  {
    on: 'LoadBalancer',
    type: 'ModifyListener',
    severity: 'low',
    source: CT,
    summary: 'ModifyListener: certificate rotated',
  },
  {
    on: 'Role',
    type: 'AttachRolePolicy',
    severity: 'high',
    source: CT,
    summary: 'AttachRolePolicy AmazonS3ReadOnlyAccess',
  },
  {
    on: 'Subnet',
    type: 'ModifySubnetAttribute',
    severity: 'low',
    source: CT,
    summary: 'ModifySubnetAttribute: MapPublicIpOnLaunch',
  },
  {
    on: 'VPC',
    type: 'ModifyVpcAttribute',
    severity: 'low',
    source: CT,
    summary: 'ModifyVpcAttribute: EnableDnsHostnames',
  },
  {
    on: 'Account',
    type: 'UpdateAccountPasswordPolicy',
    severity: 'medium',
    source: CT,
    summary: 'UpdateAccountPasswordPolicy',
  },
  {
    on: 'Region',
    type: 'EnableEbsEncryptionByDefault',
    severity: 'low',
    source: CT,
    summary: 'EnableEbsEncryptionByDefault',
  },
];

/** The `diff` change of a class: the changed path and the YAML key whose value moves. */
const DIFFS: { on: string; path: string; key: string }[] = [
  { on: 'Pod', path: 'metadata.labels.pod-template-hash', key: 'pod-template-hash' },
  { on: 'Deployment', path: 'spec.replicas', key: 'replicas' },
  { on: 'StatefulSet', path: 'spec.replicas', key: 'replicas' },
  { on: 'DaemonSet', path: 'spec.template.metadata.annotations.restartedAt', key: 'restartedAt' },
  { on: 'ReplicaSet', path: 'spec.replicas', key: 'replicas' },
  { on: 'Node', path: 'metadata.labels.node.kubernetes.io/instance-type', key: 'instance-type' },
  { on: 'ConfigMap', path: 'data.LOG_LEVEL', key: 'LOG_LEVEL' },
  { on: 'Ingress', path: 'spec.rules[0].http.paths', key: 'pathType' },
  { on: 'Service', path: 'spec.ports[0].targetPort', key: 'targetPort' },
  { on: 'PersistentVolumeClaim', path: 'spec.resources.requests.storage', key: 'storage' },
  { on: 'Namespace', path: 'metadata.labels.team', key: 'team' },
  { on: 'Cluster', path: 'spec.version', key: 'version' },
  { on: 'KubernetesCluster', path: 'logging.clusterLogging', key: 'enabled' },
  { on: 'VirtualMachine', path: 'tags.Owner', key: 'Owner' },
  { on: 'DiskVolume', path: 'size', key: 'size' },
  { on: 'Database', path: 'BackupRetentionPeriod', key: 'BackupRetentionPeriod' },
  { on: 'SecurityGroup', path: 'IpPermissions', key: 'FromPort' },
  { on: 'Bucket', path: 'Versioning.Status', key: 'Status' },
  { on: 'LoadBalancer', path: 'Listeners[0].Certificates', key: 'CertificateArn' },
  { on: 'Role', path: 'AttachedPolicies', key: 'PolicyName' },
  { on: 'Subnet', path: 'MapPublicIpOnLaunch', key: 'MapPublicIpOnLaunch' },
  { on: 'VPC', path: 'EnableDnsHostnames', key: 'EnableDnsHostnames' },
  { on: 'Account', path: 'PasswordPolicy.MinimumPasswordLength', key: 'MinimumPasswordLength' },
  { on: 'Region', path: 'EbsEncryptionByDefault', key: 'EbsEncryptionByDefault' },
];

/** How much busier than a plain config an item of a class is. */
const CLASS_WEIGHT: Record<string, number> = { Pod: 3, Node: 3, Deployment: 2, Database: 2 };

const USERS = [
  'ada@acme.io',
  'cora@acme.io',
  'terraform@acme.io',
  'argocd',
  'rafa@acme.io',
  'github-actions',
];

export const BULK_BATCH = 100_000;
const WINDOW_TRIGGER = 'config_change_window_insert';
const DEDUPE_TRIGGER = 'config_changes_dedupe';
const REBUILD_INDEXES_ABOVE = 200_000;

function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * Add changes to the given configs (ids) until config_changes holds `target` rows. Runs inside the
 * caller's transaction; the per-row triggers (de-duplication, change events) are disabled for the
 * load, as every generated change is new and a running backend would have consumed its events.
 */
export async function insertBulkChanges(
  tx: Queryable,
  options: {
    target: number;
    configIds: readonly string[];
    now: number;
    seed: number;
    log?: (line: string) => void;
    /** Loads of at least this many rows drop and rebuild the secondary indexes (200,000). */
    rebuildIndexesAbove?: number;
    /** Whether such a load drops the primary key too, when nothing references it (true). */
    dropPrimaryKey?: boolean;
  },
): Promise<number> {
  const existing = await tx.query<{ n: string }>(`SELECT count(*)::text AS n FROM config_changes`);
  const missing = options.target - Number(existing.rows[0]?.n ?? 0);
  if (missing <= 0) return 0;
  const templateRows = TEMPLATES.flatMap((template) =>
    Array.from({ length: template.weight ?? 1 }, () => template),
  );
  await tx.exec(`
    CREATE TEMP TABLE bulk_templates ON COMMIT DROP AS
    SELECT config_class, (row_number() OVER (PARTITION BY config_class ORDER BY ord))::integer AS k,
      change_type, severity, source, summary
    FROM (VALUES ${templateRows
      .map(
        (template, index) =>
          `(${index}, ${[template.on, template.type, template.severity, template.source, template.summary].map(literal).join(', ')})`,
      )
      .join(',\n      ')}) AS t(ord, config_class, change_type, severity, source, summary);
    CREATE TEMP TABLE bulk_diffs ON COMMIT DROP AS
    SELECT * FROM (VALUES ${DIFFS.map((diff) => `(${[diff.on, diff.path, diff.key].map(literal).join(', ')})`).join(', ')})
      AS d(config_class, path, key);
  `);
  // Every config of a class with templates, repeated by its weight: a pick by row number is then
  // a weighted pick. A hot 5 % of the fleet (by id) changes four times as often.
  await tx.query(
    `CREATE TEMP TABLE bulk_configs ON COMMIT DROP AS
     SELECT (row_number() OVER (ORDER BY c.id, w))::integer AS n, c.id, c.config_class, c.name,
       coalesce(c.tags->>'namespace', 'default') AS namespace, c.type,
       extract(epoch FROM ($2::timestamptz - c.created_at)) / 60 AS age_minutes,
       t.templates
     FROM config_items c
     JOIN (SELECT config_class, count(*)::integer AS templates FROM bulk_templates GROUP BY 1) t
       ON t.config_class = c.config_class
     CROSS JOIN LATERAL generate_series(1,
       (CASE c.config_class ${Object.entries(CLASS_WEIGHT)
         .map(([name, weight]) => `WHEN ${literal(name)} THEN ${weight}`)
         .join(' ')} ELSE 1 END)
       * (CASE WHEN c.health = 'unhealthy' THEN 2 ELSE 1 END)
       * (CASE WHEN ('x' || substr(c.id::text, 1, 2))::bit(8)::integer < 13 THEN 4 ELSE 1 END)
       * (1 + floor(3 * least(extract(epoch FROM ($2::timestamptz - c.created_at)) / 86400, 30) / 30))::integer) AS w
     WHERE c.id = ANY($1::uuid[]) AND c.created_at < $2::timestamptz - interval '10 minutes'`,
    [options.configIds, new Date(options.now).toISOString()],
  );
  await tx.exec(`ANALYZE bulk_templates; ANALYZE bulk_diffs; ANALYZE bulk_configs;`);
  const slots = await tx.query<{ n: string }>(`SELECT count(*)::text AS n FROM bulk_configs`);
  const size = Number(slots.rows[0]?.n ?? 0);
  if (size === 0) return 0;
  const target = copyTarget(tx);
  const big = missing >= (options.rebuildIndexesAbove ?? REBUILD_INDEXES_ABOVE);
  // On PGlite a large load goes into new storage (bulk-load.ts freshStorage: COPY FREEZE, no
  // WAL), without the de-duplication trigger, which as a BEFORE ROW trigger would make the COPY
  // row by row even disabled: it is dropped and created again after.
  const fresh = Boolean(target) && big && (await freshStorage(tx, 'config_changes'));
  const recreate = fresh ? await dropTriggers(tx, 'config_changes', [DEDUPE_TRIGGER]) : [];
  await tx.exec(`${fresh ? '' : `ALTER TABLE config_changes DISABLE TRIGGER ${DEDUPE_TRIGGER};`}
    ALTER TABLE config_changes DISABLE TRIGGER config_changes_event;`);
  // The 30-day window's per-config counts (migration 0022) are kept by a statement trigger that
  // copies every inserted row into a transition table: for the load they are counted once, after.
  const windowCounts = await hasTrigger(tx, 'config_changes', WINDOW_TRIGGER);
  if (windowCounts) await setTriggers(tx, 'config_changes', [WINDOW_TRIGGER], false);
  // A large load is about three times faster into a table without its secondary indexes: they
  // are dropped and rebuilt from their own definitions (whatever the migrations made them).
  // The primary key goes too when no foreign key references it (the large seed drops those
  // first): a million random md5 ids inserted one by one into a growing btree cost more than the
  // rows themselves once it outgrows the buffer cache; built once after, it is one sort.
  const rebuild = big
    ? await dropIndexes(tx, 'config_changes', {
        unique: true,
        primaryKey: options.dropPrimaryKey ?? true,
      })
    : [];
  const users = `ARRAY[${USERS.map(literal).join(', ')}]`;
  let inserted = 0;
  let counted: { ids: string[]; counts: number[] } | undefined;
  if (target) {
    // The rows from JavaScript (changeRows), and the window counts the trigger would have added
    // counted on the way.
    const configs = await readBulkConfigs(tx, size);
    const tables = changeTables(configs, templateRows);
    const window = windowCounts
      ? await tx.query<{ start: string | null }>(
          `SELECT (extract(epoch FROM window_start) * 1000000)::bigint::text AS start
           FROM config_change_window`,
        )
      : undefined;
    const start = window?.rows[0]?.start;
    const perConfig = new Int32Array(configs.list.length);
    inserted = await copyInBatches(target, 'config_changes', CHANGE_COLUMNS, {
      done: inserted,
      total: missing,
      batchSize: BULK_BATCH,
      freeze: fresh,
      build: ({ from, to, batch }) =>
        changeRows({
          from,
          to,
          random: batchRandom(options.seed, 7, batch, 131),
          tables,
          seed: String(options.seed),
          nowMicros: new Date(options.now).getTime() * 1000,
          windowStart: start == null ? undefined : Number(start),
          counted: perConfig,
        }),
      progress: (done, ms) =>
        options.log?.(
          `    config changes ${done.toLocaleString('en-US')} / ${missing.toLocaleString('en-US')}: ${ms} ms`,
        ),
    });
    counted = { ids: [], counts: [] };
    perConfig.forEach((count, index) => {
      if (count === 0) return;
      counted?.ids.push(configs.list[index]!.id);
      counted?.counts.push(count);
    });
  }
  for (let batch = 0; inserted < missing; batch += 1) {
    const rows = Math.min(BULK_BATCH, missing - inserted);
    const started = performance.now();
    // setseed takes a double in [-1, 1]: one per batch, derived from the seed.
    await tx.query(`SELECT setseed($1::double precision)`, [
      (((options.seed * 7 + batch * 131) % 1999) - 999) / 1000,
    ]);
    const result = await tx.query(
      `INSERT INTO config_changes (id, config_id, external_change_id, external_created_by,
         change_type, severity, source, summary, patches, diff, details, created_at, count,
         fingerprint, first_observed)
       SELECT md5('vigil-bulk-change-' || $4::text || '-' || g.i)::uuid, c.id,
         CASE WHEN pick.source = 'CloudTrail' THEN 'ct-' ELSE 'ev-' END || substr(md5(g.i::text || $4::text), 1, 16),
         CASE WHEN pick.source = 'CloudTrail' OR g.is_diff THEN (${users})[1 + floor(g.r4 * ${USERS.length})::integer] END,
         pick.change_type, pick.severity, pick.source, pick.summary,
         CASE WHEN g.is_diff THEN jsonb_build_object(d.key, g.after) END,
         CASE WHEN g.is_diff THEN format(E'--- a/%1$s\\n+++ b/%1$s\\n@@ -2,4 +2,4 @@\\n kind: %2$s\\n metadata:\\n   name: %3$s\\n-  %4$s: %5$s\\n+  %4$s: %6$s\\n',
           d.path, split_part(c.type, '::', 2), c.name, d.key, g.before, g.after) END,
         CASE WHEN pick.source = 'CloudTrail'
           THEN jsonb_build_object('eventName', pick.change_type, 'eventSource',
             lower(split_part(c.type, '::', 2)) || '.amazonaws.com')
           ELSE jsonb_build_object('reason', pick.change_type) END,
         t.at, CASE WHEN g.r5 < 0.15 THEN 2 + floor(g.r5 * 250)::integer ELSE 1 END,
         substr(md5(c.id::text || pick.change_type), 1, 16),
         t.at - CASE WHEN g.r5 < 0.2 THEN make_interval(mins => floor(g.r5 * 3000)::integer) ELSE interval '0' END
       FROM (
         SELECT s.i, s.r1, s.r2, s.r4, s.r5, s.r3 < 0.1 AS is_diff,
           (s.r4 * 40)::integer AS before, (s.r4 * 40)::integer + 1 + floor(s.r5 * 3)::integer AS after,
           s.r6, s.r7
         FROM (SELECT i, random() AS r1, random() AS r2, random() AS r3, random() AS r4,
                 random() AS r5, random() AS r6, random() AS r7
               FROM generate_series($1::integer, $2::integer) AS i OFFSET 0) s
       ) g
       JOIN bulk_configs c ON c.n = 1 + floor(g.r1 * $3::integer)::integer
       CROSS JOIN LATERAL (
         SELECT CASE WHEN g.r6 < 0.05 THEN g.r2 * least(2 * 1440, c.age_minutes)
                     ELSE g.r2 * least(30 * 1440, c.age_minutes) END AS minutes
       ) age
       CROSS JOIN LATERAL (SELECT $5::timestamptz - make_interval(secs => greatest(age.minutes, 1) * 60) AS at) t
       LEFT JOIN bulk_diffs d ON g.is_diff AND d.config_class = c.config_class
       JOIN LATERAL (
         SELECT CASE WHEN d.path IS NOT NULL THEN 'diff' ELSE bt.change_type END AS change_type,
           CASE WHEN d.path IS NOT NULL THEN (CASE WHEN g.r5 < 0.3 THEN 'medium' ELSE 'low' END) ELSE bt.severity END AS severity,
           CASE WHEN d.path IS NOT NULL THEN (CASE WHEN c.type LIKE 'AWS::%' THEN 'AWS' ELSE 'Kubernetes' END) ELSE bt.source END AS source,
           CASE WHEN d.path IS NOT NULL THEN d.path
             ELSE replace(replace(bt.summary, '{name}', c.name), '{namespace}', c.namespace) END AS summary
         FROM bulk_templates bt
         WHERE bt.config_class = c.config_class
           AND bt.k = 1 + floor(g.r7 * c.templates)::integer
       ) pick ON true`,
      [inserted + 1, inserted + rows, size, options.seed, new Date(options.now).toISOString()],
    );
    if (result.affectedRows < rows)
      throw new Error(`bulk changes: ${result.affectedRows} of ${rows} rows`);
    inserted += rows;
    options.log?.(
      `    config changes ${inserted.toLocaleString('en-US')} / ${missing.toLocaleString('en-US')}: ${Math.round(performance.now() - started)} ms`,
    );
  }
  const started = performance.now();
  await rebuildIndexes(tx, rebuild, { log: options.log });
  if (rebuild.length > 0) {
    options.log?.(
      `    ${rebuild.length} indexes of config_changes rebuilt: ${Math.round(performance.now() - started)} ms`,
    );
  }
  await rebuildIndexes(tx, recreate);
  await tx.exec(`${fresh ? '' : `ALTER TABLE config_changes ENABLE TRIGGER ${DEDUPE_TRIGGER};`}
    ALTER TABLE config_changes ENABLE TRIGGER config_changes_event;`);
  if (windowCounts && counted) {
    await setTriggers(tx, 'config_changes', [WINDOW_TRIGGER], true);
    // What the trigger would have added (as it adds: per config, its new rows in the window).
    await tx.query(
      `INSERT INTO config_change_window_counts AS w (config_id, n)
       SELECT * FROM unnest($1::uuid[], $2::bigint[])
       ON CONFLICT (config_id) DO UPDATE SET n = w.n + excluded.n`,
      [counted.ids, counted.counts],
    );
  } else if (windowCounts) {
    await setTriggers(tx, 'config_changes', [WINDOW_TRIGGER], true);
    // What the trigger would have added: the loaded configs' counts were exact before the load,
    // so afterwards each is its number of changes in the window.
    await tx.exec(
      `INSERT INTO config_change_window_counts AS w (config_id, n)
       SELECT cc.config_id, count(*) FROM config_changes cc, config_change_window cw
       WHERE cc.created_at >= cw.window_start AND cc.config_id IN (SELECT DISTINCT id FROM bulk_configs)
       GROUP BY cc.config_id
       ON CONFLICT (config_id) DO UPDATE SET n = excluded.n`,
    );
  }
  return inserted;
}

const CHANGE_COLUMNS = [
  'id',
  'config_id',
  'external_change_id',
  'external_created_by',
  'change_type',
  'severity',
  'source',
  'summary',
  'patches',
  'diff',
  'details',
  'created_at',
  'count',
  'fingerprint',
  'first_observed',
];

/** A config of bulk_configs, with what its rows repeat (encoded once). */
interface BulkConfig {
  id: string;
  idBytes: Uint8Array;
  configClass: string;
  name: string;
  namespace: string;
  type: string;
  /** age_minutes as the INSERT reads it (numeric to double precision). */
  ageMinutes: number;
  templates: number;
  /** summary of each template (by index) for this config. */
  summaries: (Uint8Array | undefined)[];
  /** fingerprint of each template's change type (by index), and of `diff`. */
  fingerprints: (Uint8Array | undefined)[];
  diffFingerprint?: Uint8Array;
}

/** bulk_configs from the database, as a slot (n - 1) to config table. */
async function readBulkConfigs(
  tx: Queryable,
  size: number,
): Promise<{ slots: Int32Array; list: BulkConfig[] }> {
  // id, config_class, name, namespace, type, age_minutes, templates, first, weight
  type Row = [string, string, string, string, string, number, number, number, number];
  const rows = await readJsonRows<Row>(
    tx,
    `SELECT json_agg(json_build_array(id, config_class, name, namespace, type, age_minutes::float8,
       templates, first, weight) ORDER BY first)::text AS data
     FROM (SELECT id, config_class, name, namespace, type, age_minutes, templates,
             min(n) AS first, count(*)::integer AS weight
           FROM bulk_configs GROUP BY id, config_class, name, namespace, type, age_minutes, templates) c`,
  );
  const slots = new Int32Array(size).fill(-1);
  const list: BulkConfig[] = [];
  for (const row of rows) {
    const [id, configClass, name, namespace, type, ageMinutes, templates, first, weight] = row;
    const index = list.length;
    const idBytes = uuidBytes(id);
    list.push({
      id,
      idBytes,
      configClass,
      name,
      namespace,
      type,
      ageMinutes,
      templates,
      summaries: [],
      fingerprints: [],
    });
    for (let slot = first; slot < first + weight; slot++) slots[slot - 1] = index;
  }
  if (slots.includes(-1)) throw new Error('bulk changes: bulk_configs slots are not contiguous');
  return { slots, list };
}

function splitPart(value: string, part: number): string {
  return value.split('::')[part - 1] ?? '';
}

/** A template with its texts encoded once. */
interface EncodedTemplate {
  template: Template;
  type: Uint8Array;
  severity: Uint8Array;
  source: Uint8Array;
  /** The summary when it names no config. */
  summary?: Uint8Array;
  /** details: `{reason}`, or for CloudTrail `{eventName, eventSource}` by the config's kind. */
  details?: Uint8Array;
  cloudTrailDetails: Map<string, Uint8Array>;
}

/** What stays the same between batches: templates, diffs, configs, the texts they repeat. */
export interface ChangeTables {
  configs: { slots: Int32Array; list: BulkConfig[] };
  byClass: Map<string, EncodedTemplate[]>;
  diffs: Map<
    string,
    { path: string; key: string; pathBytes: Uint8Array; patches: Map<number, Uint8Array> }
  >;
  users: Uint8Array[];
  words: Map<string, Uint8Array>;
}

function cached<K>(map: Map<K, Uint8Array>, key: K, make: () => Uint8Array): Uint8Array {
  let value = map.get(key);
  if (!value) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** jsonb bytes of JSON text (binary COPY: the version, then the text). */
function jsonbBytes(json: string): Uint8Array {
  const text = utf8(json);
  const bytes = new Uint8Array(text.length + 1);
  bytes[0] = 1;
  bytes.set(text, 1);
  return bytes;
}

export function changeTables(
  configs: { slots: Int32Array; list: BulkConfig[] },
  templateRows: readonly Template[],
): ChangeTables {
  const byClass = new Map<string, EncodedTemplate[]>();
  for (const template of templateRows) {
    const list = byClass.get(template.on) ?? [];
    list.push({
      template,
      type: utf8(template.type),
      severity: utf8(template.severity),
      source: utf8(template.source),
      summary:
        template.summary.includes('{name}') || template.summary.includes('{namespace}')
          ? undefined
          : utf8(template.summary),
      details:
        template.source === 'CloudTrail'
          ? undefined
          : jsonbBytes(JSON.stringify({ reason: template.type })),
      cloudTrailDetails: new Map(),
    });
    byClass.set(template.on, list);
  }
  return {
    configs,
    byClass,
    diffs: new Map(
      DIFFS.map((diff) => [diff.on, { ...diff, pathBytes: utf8(diff.path), patches: new Map() }]),
    ),
    users: USERS.map(utf8),
    words: new Map(),
  };
}

/**
 * The rows of one batch of the INSERT in insertBulkChanges (i from `from` to `to`), value for
 * value, for COPY: the same random() draws per row (r1…r7), the same picks, texts and times.
 * `counted` gets, per config (index), the rows created at or after `windowStart` (µs).
 */
function changeRows(input: {
  from: number;
  to: number;
  random: PgRandom;
  tables: ChangeTables;
  seed: string;
  nowMicros: number;
  windowStart?: number;
  counted: Int32Array;
}): BinaryCopy {
  const { random, tables, seed, nowMicros, windowStart, counted } = input;
  const { configs, byClass, diffs, words } = tables;
  const size = configs.slots.length;
  const data = new BinaryCopy();
  // md5('vigil-bulk-change-' || seed || '-' || i) and md5(i || seed): the constant parts written
  // once, the number in place.
  const idPrefix = `vigil-bulk-change-${seed}-`;
  const idPrefixLength = md5Write(idPrefix, 0);
  const seedText = seed;
  const word = (text: string): Uint8Array => cached(words, text, () => utf8(text));
  const ct = word('ct-');
  const ev = word('ev-');
  const medium = word('medium');
  const low = word('low');
  const aws = word('AWS');
  const kubernetes = word('Kubernetes');
  const diffType = word('diff');
  const diffDetails = cached(words, '{"reason": "diff"}', () =>
    jsonbBytes(JSON.stringify({ reason: 'diff' })),
  );
  for (let i = input.from; i <= input.to; i++) {
    const r1 = random.next();
    const r2 = random.next();
    const r3 = random.next();
    const r4 = random.next();
    const r5 = random.next();
    const r6 = random.next();
    const r7 = random.next();
    const isDiff = r3 < 0.1;
    const before = rint(r4 * 40);
    const after = before + 1 + Math.floor(r5 * 3);
    const configIndex = configs.slots[Math.floor(r1 * size)]!;
    const config = configs.list[configIndex]!;
    const minutes = r2 * Math.min(r6 < 0.05 ? 2 * 1440 : 30 * 1440, config.ageMinutes);
    const at = nowMicros - rint(Math.max(minutes, 1) * 60 * 1_000_000);
    if (windowStart !== undefined && at >= windowStart) counted[configIndex]!++;
    const diff = isDiff ? diffs.get(config.configClass) : undefined;
    if (isDiff && !diff) throw new Error(`bulk changes: no diff for ${config.configClass}`);
    const templateIndex = Math.floor(r7 * config.templates);
    const encoded = byClass.get(config.configClass)?.[templateIndex];
    if (!encoded) throw new Error(`bulk changes: no template for ${config.configClass}`);
    const { template } = encoded;
    const changeType = diff ? 'diff' : template.type;
    const source = diff
      ? config.type.startsWith('AWS::')
        ? 'AWS'
        : 'Kubernetes'
      : template.source;
    const cloudTrail = source === 'CloudTrail';
    data.row(15);
    const digits = String(i);
    const idEnd = md5Write(idPrefix, 0) < 0 ? -1 : md5Write(digits, idPrefixLength);
    data.bytes(idEnd < 0 ? md5Bytes(idPrefix + digits) : md5Message(idEnd));
    data.bytes(config.idBytes);
    const keyEnd = md5Write(digits, 0);
    const keyText = keyEnd < 0 ? -1 : md5Write(seedText, keyEnd);
    data.digestText(
      cloudTrail ? ct : ev,
      keyText < 0 ? md5Bytes(digits + seedText) : md5Message(keyText),
      8,
    );
    if (cloudTrail || isDiff) data.bytes(tables.users[Math.floor(r4 * USERS.length)]!);
    else data.null();
    if (diff) {
      data.bytes(diffType);
      data.bytes(r5 < 0.3 ? medium : low);
      data.bytes(source === 'AWS' ? aws : kubernetes);
      data.bytes(diff.pathBytes);
      data.bytes(
        cached(diff.patches, after, () => jsonbBytes(JSON.stringify({ [diff.key]: after }))),
      );
      const kind = splitPart(config.type, 2);
      data.text(
        `--- a/${diff.path}\n+++ b/${diff.path}\n@@ -2,4 +2,4 @@\n kind: ${kind}\n metadata:\n   name: ${config.name}\n-  ${diff.key}: ${before}\n+  ${diff.key}: ${after}\n`,
      );
    } else {
      data.bytes(encoded.type);
      data.bytes(encoded.severity);
      data.bytes(encoded.source);
      let summary = encoded.summary ?? config.summaries[templateIndex];
      if (!summary) {
        summary = utf8(
          template.summary
            .split('{name}')
            .join(config.name)
            .split('{namespace}')
            .join(config.namespace),
        );
        config.summaries[templateIndex] = summary;
      }
      data.bytes(summary);
      data.null();
      data.null();
    }
    if (diff) data.bytes(diffDetails);
    else if (encoded.details) data.bytes(encoded.details);
    else {
      const kind = splitPart(config.type, 2).toLowerCase();
      data.bytes(
        cached(encoded.cloudTrailDetails, kind, () =>
          jsonbBytes(
            JSON.stringify({ eventName: changeType, eventSource: `${kind}.amazonaws.com` }),
          ),
        ),
      );
    }
    data.timestamptz(at);
    data.int4(r5 < 0.15 ? 2 + Math.floor(r5 * 250) : 1);
    let fingerprint = diff ? config.diffFingerprint : config.fingerprints[templateIndex];
    if (!fingerprint) {
      fingerprint = utf8(digestHex(md5Bytes(config.id + changeType), 16));
      if (diff) config.diffFingerprint = fingerprint;
      else config.fingerprints[templateIndex] = fingerprint;
    }
    data.bytes(fingerprint);
    data.timestamptz(r5 < 0.2 ? at - Math.floor(r5 * 3000) * 60_000_000 : at);
  }
  return data;
}
