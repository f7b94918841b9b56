/**
 * The two scenarios: the demo (three clusters, ~45 checks, a month of incidents) and the fleet
 * that VIGIL_SEED=large adds on top of it (about a hundred clusters and 100,000 config items,
 * 10,000 checks, 5,000 incidents). Both are built in memory by the same generators and then
 * written by write.ts.
 */
import {
  generateConnections,
  generateEvents,
  generateIncidentRules,
  generateIncidents,
  generateJobHistory,
  generateNotifications,
  generatePlaybooks,
  generateScrapers,
  generateSilences,
  type IncidentFocus,
} from './operations';
import { generateApplications, generateClusterTopology, type ComponentRef } from './topology';
import {
  demoClusters,
  fleetCluster,
  generateAccount,
  generateAwsRegion,
  generateChanges,
  generateCluster,
  generateInsights,
  newWorld,
  type AwsRegion,
  type ClusterSpec,
  type ConfigRef,
  type SeedCheck,
  type SeedContext,
  type World,
} from './world';

function linkChecksToConfigs(
  ctx: SeedContext,
  world: World,
  checks: readonly SeedCheck[],
  clusters: readonly string[],
): void {
  for (const check of checks) {
    if (!check.app) continue;
    for (const cluster of check.cluster ? [check.cluster] : clusters) {
      const workload = world.workloads.get(`${cluster}/${check.app}`);
      if (!workload) continue;
      ctx.add('check_config_relationships', {
        config_id: workload.id,
        check_id: check.id,
        canary_id: check.canaryId,
        selector_id: `app=${check.app}`,
        created_at: ctx.ago(7 * 1440),
        updated_at: ctx.ago(7 * 1440),
      });
    }
  }
}

/** Focus incidents: the demo checks whose failures the history shows, at matching times. */
function demoFocus(checks: readonly SeedCheck[]): IncidentFocus[] {
  const plan: [string, string, number][] = [
    ['kafka-2:9092', 'investigating', 35],
    ['stripe webhook relay', 'new', 17],
    ['resolve legacy.example.com', 'open', 105],
    ['app.example.com/search', 'mitigated', 350],
    ['ledger replication lag', 'resolved', 150],
    ['fx-rates freshness', 'closed', 1300],
    ['app.example.com/login', 'resolved', 1650],
    ['grafana /api/health', 'closed', 3200],
    ['kafka-1:9092', 'closed', 4575],
    ['gateway /v1/charges (dry run)', 'closed', 7150],
    ['ledger primary', 'closed', 9060],
  ];
  const focus: IncidentFocus[] = [];
  for (const [name, status, openedAgo] of plan) {
    const check = checks.find((candidate) => candidate.name === name);
    if (check) focus.push({ check, status, openedAgo });
  }
  return focus;
}

function topologyJobs(ctx: SeedContext): { resourceType: string; id: string; name: string }[] {
  return (ctx.rows.get('topologies') ?? []).map((row) => ({
    resourceType: 'topology',
    id: row.id as string,
    name: 'TopologySync',
  }));
}

const PROD_DATABASES = [
  'ledger-primary',
  'ledger-replica-1',
  'ledger-replica-2',
  'reporting-mysql',
  'api-db',
];

export function buildDemoWorld(ctx: SeedContext, checks: readonly SeedCheck[]): World {
  const { rng } = ctx;
  const world = newWorld();
  const awsScraper = rng.uuid();
  const accounts = new Map<string, ConfigRef>([
    ['482913375201', generateAccount(ctx, world, '482913375201', 'acme-production', awsScraper)],
    ['771203948812', generateAccount(ctx, world, '771203948812', 'acme-lab', awsScraper)],
  ]);
  const clusters = demoClusters();
  const clusterRefs: [ClusterSpec, ConfigRef][] = [];
  for (const cluster of clusters) {
    const region = generateAwsRegion(ctx, world, {
      account: cluster.account,
      region: cluster.region,
      accountRef: accounts.get(cluster.account),
      scraperId: awsScraper,
      databases: cluster.env === 'production' ? PROD_DATABASES : ['lab-postgres'],
      buckets: [
        `acme-${cluster.region}-backups`,
        `acme-${cluster.region}-artifacts`,
        `acme-${cluster.region}-logs`,
      ],
    });
    clusterRefs.push([cluster, generateCluster(ctx, world, cluster, region)]);
  }
  generateChanges(ctx, world, 1.4);
  generateInsights(ctx, world, 0.07);
  const prod = clusters
    .filter((cluster) => cluster.env === 'production')
    .map((cluster) => cluster.name);
  const namespaces: ComponentRef[] = [];
  for (const [cluster, ref] of clusterRefs) {
    namespaces.push(
      ...generateClusterTopology(ctx, world, ref, cluster.agent, { workloads: true }),
    );
  }
  const services = generateApplications(ctx, world, checks, prod);
  linkChecksToConfigs(ctx, world, checks, prod);
  generateIncidentRules(ctx);
  generateIncidents(ctx, world, checks, [...services, ...namespaces], {
    count: 26,
    days: 30,
    focus: demoFocus(checks),
  });
  const connections = generateConnections(ctx);
  generatePlaybooks(ctx, world, checks, services, { runs: 60, days: 7 });
  generateNotifications(ctx, world, checks, services, connections, { history: 260, days: 7 });
  generateSilences(ctx, checks, world, services);
  generateScrapers(ctx, world, [
    { id: awsScraper, name: 'aws-accounts', accounts: [...accounts.keys()] },
  ]);
  generateJobHistory(
    ctx,
    world,
    [
      { resourceType: 'config_scraper', id: awsScraper, name: 'ConfigScraper' },
      ...topologyJobs(ctx),
    ],
    7 * 24,
  );
  generateEvents(ctx, checks, world);
  // Last, so that everything generated above stays as it was: open incidents of every severity
  // with evidence on one service and on its deployment (the incidents panels of a component and
  // a config, and <vigil-incident-summary>).
  const subjectFocus = demoSubjectFocus(world, services);
  generateIncidents(ctx, world, checks, services, {
    count: subjectFocus.length,
    days: 30,
    focus: subjectFocus,
  });
  return world;
}

/** The subject incidents of the demo: the Payment gateway service and its eu-west-1 deployment. */
function demoSubjectFocus(world: World, services: readonly ComponentRef[]): IncidentFocus[] {
  const component = services.find((service) => service.name === 'Payment gateway');
  const config = world.workloads.get('prod-eu-west-1/gateway');
  const focus: IncidentFocus[] = [];
  if (component) {
    const plan: [string, string, number, string, string?][] = [
      ['critical', 'open', 40, 'availability'],
      ['high', 'open', 190, 'availability', 'Payment gateway returns 502 on 3-D Secure callbacks'],
      ['medium', 'open', 1500, 'compliance'],
      ['low', 'open', 5800, 'compliance', 'Payment gateway still accepts TLS 1.0'],
      ['medium', 'investigating', 600, 'availability', 'Payment gateway p95 latency above SLO'],
      ['high', 'resolved', 9000, 'availability', 'Payment gateway unreachable from us-east-1'],
    ];
    for (const [severity, status, openedAgo, type, title] of plan) {
      focus.push({ component, severity, status, openedAgo, type, title });
    }
  }
  if (config) {
    const plan: [string, string, number, string][] = [
      ['blocker', 'open', 75, 'reliability'],
      ['low', 'open', 4300, 'technicalDebt'],
    ];
    for (const [severity, status, openedAgo, type] of plan) {
      focus.push({ config, severity, status, openedAgo, type });
    }
  }
  return focus;
}

export interface FleetSizes {
  configItems: number;
  checks: number;
  incidents: number;
  playbookRuns: number;
  notificationHistory: number;
  /** config_changes in the whole database after the load (bulk-changes.ts tops it up). */
  configChanges: number;
}

export const LARGE_SIZES: FleetSizes = {
  configItems: 100_000,
  checks: 10_000,
  incidents: 5_000,
  playbookRuns: 3_000,
  notificationHistory: 20_000,
  configChanges: 1_000_000,
};

export interface FleetCheckPlan {
  canaries: { id: string; name: string; cluster: string; agent: string }[];
  checks: (SeedCheck & {
    latency: number;
    spread: number;
    flaky: number;
    episodes: [number, number][];
    spec: unknown;
    description: string;
    labels: Record<string, string>;
    agent: string;
  })[];
}

/** Fleet clusters until the config-item target is met, plus the checks that probe them. */
export function buildFleetInfrastructure(
  ctx: SeedContext,
  sizes: FleetSizes,
): {
  world: World;
  clusters: [ClusterSpec, ConfigRef][];
  plan: FleetCheckPlan;
  awsScraper: string;
  accounts: string[];
} {
  const { rng } = ctx;
  const world = newWorld();
  const awsScraper = rng.uuid();
  const accounts = new Map<string, ConfigRef>();
  const regions = new Map<string, AwsRegion>();
  const clusters: [ClusterSpec, ConfigRef][] = [];
  for (let index = 0; world.configs.length < sizes.configItems; index++) {
    const cluster = fleetCluster(rng, index);
    let account = accounts.get(cluster.account);
    if (!account) {
      account = generateAccount(
        ctx,
        world,
        cluster.account,
        `acme-fleet-${accounts.size + 1}`,
        awsScraper,
      );
      accounts.set(cluster.account, account);
    }
    const key = `${cluster.account}/${cluster.region}`;
    let region = regions.get(key);
    if (!region) {
      region = generateAwsRegion(ctx, world, {
        account: cluster.account,
        region: cluster.region,
        accountRef: account,
        scraperId: awsScraper,
        databases: [
          `orders-db-${cluster.region}`,
          `accounts-db-${cluster.region}`,
          `analytics-${cluster.region}`,
        ],
        buckets: [
          `acme-fleet-${cluster.account}-${cluster.region}-backups`,
          `acme-fleet-${cluster.account}-${cluster.region}-logs`,
        ],
      });
      regions.set(key, region);
    }
    clusters.push([cluster, generateCluster(ctx, world, cluster, region)]);
  }

  // Checks: every service of every cluster in turn, until the target.
  const plan: FleetCheckPlan = { canaries: [], checks: [] };
  const perCluster = Math.ceil(sizes.checks / clusters.length);
  for (const [cluster] of clusters) {
    const canary = {
      id: rng.uuid(),
      name: `fleet-${cluster.name}`,
      cluster: cluster.name,
      agent: cluster.agent,
    };
    plan.canaries.push(canary);
    const services = world.services.filter((service) => service.cluster === cluster.name);
    let made = 0;
    for (
      let round = 0;
      made < perCluster && plan.checks.length < sizes.checks && round < 4;
      round++
    ) {
      for (const service of services) {
        if (made >= perCluster || plan.checks.length >= sizes.checks) break;
        const type =
          round === 0
            ? service.app && /kafka|redis|etcd/.test(service.app)
              ? 'tcp'
              : 'http'
            : ((['tcp', 'dns', 'http', 'postgres'] as const)[round] ?? 'tcp');
        const host = `${service.name}.${service.namespace ?? 'default'}.svc.cluster.local`;
        const name =
          type === 'http'
            ? `${service.namespace}/${service.name} /healthz`
            : type === 'tcp'
              ? `${service.namespace}/${service.name}:tcp`
              : type === 'dns'
                ? `resolve ${host}`
                : `${service.namespace}/${service.name} db`;
        const latency =
          type === 'http'
            ? rng.float(20, 400)
            : type === 'dns'
              ? rng.float(2, 20)
              : type === 'postgres'
                ? rng.float(4, 40)
                : rng.float(1, 12);
        const failingNow = rng.chance(0.012);
        const episodes: [number, number][] = [];
        if (failingNow) episodes.push([0, rng.int(0, 12)]);
        if (rng.chance(0.04)) {
          const from = rng.int(2, 160);
          episodes.push([from, from + rng.int(0, 5)]);
        }
        plan.checks.push({
          id: rng.uuid(),
          canaryId: canary.id,
          name,
          type,
          namespace: service.namespace ?? 'default',
          app: service.app,
          cluster: cluster.name,
          failing: failingNow,
          latency,
          spread: rng.float(0.2, 0.45),
          flaky: rng.float(0.0005, 0.01),
          episodes,
          spec:
            type === 'http'
              ? {
                  name,
                  url: `http://${host}/healthz`,
                  responseCodes: [200],
                  thresholdMillis: Math.round(latency * 5),
                }
              : type === 'dns'
                ? { name, query: host, querytype: 'A', minrecords: 1 }
                : type === 'postgres'
                  ? { name, host, query: 'SELECT 1' }
                  : { name, endpoint: `${host}:443` },
          description: `${type.toUpperCase()} probe of ${service.name} in ${cluster.name}`,
          labels: {
            check_type: type,
            cluster: cluster.name,
            namespace: service.namespace ?? 'default',
            app: service.app ?? service.name,
            env: cluster.env,
          },
          agent: cluster.agent,
        });
        made++;
      }
    }
  }
  return { world, clusters, plan, awsScraper, accounts: [...accounts.keys()] };
}

/** Everything around the fleet: changes, insights, topology, incidents, playbooks, notifications. */
export function buildFleetOperations(
  ctx: SeedContext,
  sizes: FleetSizes,
  fleet: ReturnType<typeof buildFleetInfrastructure>,
): void {
  const { world, clusters, plan } = fleet;
  generateChanges(ctx, world, 0.8);
  generateInsights(ctx, world, 0.03);
  const components: ComponentRef[] = [];
  for (const [cluster, ref] of clusters) {
    const namespaces = generateClusterTopology(ctx, world, ref, cluster.agent, {
      workloads: false,
    });
    components.push(...namespaces);
    for (const check of plan.checks.filter((candidate) => candidate.cluster === cluster.name)) {
      const namespace = namespaces.find((component) => component.name === check.namespace);
      if (namespace) {
        ctx.add('check_component_relationships', {
          component_id: namespace.id,
          check_id: check.id,
          canary_id: check.canaryId,
          selector_id: `namespace=${check.namespace}`,
          created_at: ctx.ago(7 * 1440),
          updated_at: ctx.ago(7 * 1440),
        });
      }
    }
  }
  linkChecksToConfigs(ctx, world, plan.checks, []);
  generateIncidents(ctx, world, plan.checks, components, {
    count: sizes.incidents,
    days: 365,
    focus: [],
  });
  generatePlaybooks(ctx, world, plan.checks, components, {
    runs: sizes.playbookRuns,
    days: 30,
    namespace: 'fleet',
  });
  generateNotifications(ctx, world, plan.checks, components, new Map(), {
    history: sizes.notificationHistory,
    days: 7,
    namespace: 'fleet',
  });
  generateScrapers(ctx, world, [
    { id: fleet.awsScraper, name: 'aws-fleet-accounts', accounts: fleet.accounts },
  ]);
  generateJobHistory(
    ctx,
    world,
    [
      { resourceType: 'config_scraper', id: fleet.awsScraper, name: 'ConfigScraper' },
      ...topologyJobs(ctx),
    ],
    24,
    false,
  );
}
