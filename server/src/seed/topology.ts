/**
 * Topologies over the generated world: one Kubernetes topology per cluster (cluster → nodes and
 * namespaces → workloads) and an Applications topology (teams → services) whose health follows
 * the checks that probe each service. Components carry properties (headline CPU, memory, cost,
 * version, URL), link to their config items, checks and owning teams; each service is also the
 * parent (component_relationships) of its workloads' components in the cluster topologies.
 */
import type { ConfigRef, SeedCheck, SeedContext, World } from './world';

export interface ComponentRef {
  id: string;
  name: string;
  type: string;
  health: string;
  path: string;
  namespace?: string;
  cluster?: string;
  app?: string;
}

const HEALTH_RANK: Record<string, number> = { unhealthy: 3, warning: 2, unknown: 1, healthy: 0 };

function worst(healths: readonly string[]): string {
  let result = 'healthy';
  for (const health of healths) {
    if ((HEALTH_RANK[health] ?? 0) > (HEALTH_RANK[result] ?? 0)) result = health;
  }
  return result === 'unknown' ? 'healthy' : result;
}

interface ComponentInput {
  topologyId: string;
  parent?: ComponentRef;
  name: string;
  type: string;
  icon: string;
  health: string;
  externalId: string;
  age: number;
  namespace?: string;
  labels?: Record<string, string>;
  properties?: unknown[];
  config?: ConfigRef;
  statusReason?: string;
  text?: string;
  agent?: string;
  cost?: number;
  owner?: string;
  cluster?: string;
  app?: string;
}

export function addComponent(ctx: SeedContext, input: ComponentInput): ComponentRef {
  const id = ctx.rng.uuid();
  const path = input.parent
    ? `${input.parent.path ? `${input.parent.path}.` : ''}${input.parent.id}`
    : '';
  const perMinute =
    input.cost === undefined ? null : Math.round((input.cost / 60) * 10_000) / 10_000;
  ctx.add('components', {
    id,
    agent_id: input.agent
      ? (ctx.agents.get(input.agent) ?? '00000000-0000-0000-0000-000000000000')
      : '00000000-0000-0000-0000-000000000000',
    topology_id: input.topologyId,
    external_id: input.externalId,
    parent_id: input.parent?.id ?? null,
    config_id: input.config?.id ?? null,
    name: input.name,
    text: input.text ?? null,
    topology_type: 'Topology',
    namespace: input.namespace ?? 'default',
    labels: input.labels ?? {},
    hidden: false,
    silenced: false,
    status: input.health,
    health: input.health,
    description: null,
    lifecycle: 'production',
    status_reason: input.statusReason ?? null,
    schedule: null,
    icon: input.icon,
    type: input.type,
    owner: input.owner ?? null,
    properties: input.properties ?? [],
    path,
    is_leaf: false,
    cost_per_minute: perMinute,
    cost_total_1d: perMinute === null ? null : Math.round(perMinute * 1440 * 100) / 100,
    cost_total_7d: perMinute === null ? null : Math.round(perMinute * 1440 * 7 * 100) / 100,
    cost_total_30d: perMinute === null ? null : Math.round(perMinute * 1440 * 30 * 100) / 100,
    created_by: ctx.admin,
    created_at: ctx.ago(input.age),
    updated_at: ctx.ago(ctx.rng.int(1, 120)),
  });
  if (input.config) {
    ctx.add('config_component_relationships', {
      component_id: id,
      config_id: input.config.id,
      selector_id: 'topology',
      created_at: ctx.ago(input.age),
      updated_at: ctx.ago(input.age),
    });
  }
  return {
    id,
    name: input.name,
    type: input.type,
    health: input.health,
    path,
    namespace: input.namespace,
    cluster: input.cluster,
    app: input.app,
  };
}

function addTopology(
  ctx: SeedContext,
  name: string,
  namespace: string,
  agent: string,
  spec: unknown,
  labels: Record<string, string>,
): string {
  const id = ctx.rng.uuid();
  ctx.add('topologies', {
    id,
    agent_id: ctx.agents.get(agent) ?? '00000000-0000-0000-0000-000000000000',
    name,
    namespace,
    labels,
    source: 'KubernetesCRD',
    spec,
    schedule: '@every 5m',
    created_by: ctx.admin,
    created_at: ctx.ago(200 * 1440),
    updated_at: ctx.ago(ctx.rng.int(1, 30) * 1440),
  });
  return id;
}

export interface TopologyOptions {
  /** Include a component per workload under each namespace. */
  workloads: boolean;
}

/** A Kubernetes topology per cluster; returns the namespace components (for check links). */
const byCluster = new WeakMap<World, { size: number; map: Map<string | undefined, ConfigRef[]> }>();

/** The world's configs by cluster, in the world's order (rebuilt when configs were added). */
function configsByCluster(world: World): Map<string | undefined, ConfigRef[]> {
  const cached = byCluster.get(world);
  if (cached && cached.size === world.configs.length) return cached.map;
  const map = new Map<string | undefined, ConfigRef[]>();
  for (const config of world.configs) {
    const list = map.get(config.cluster);
    if (list) list.push(config);
    else map.set(config.cluster, [config]);
  }
  byCluster.set(world, { size: world.configs.length, map });
  return map;
}

export function generateClusterTopology(
  ctx: SeedContext,
  world: World,
  clusterRef: ConfigRef,
  agent: string,
  options: TopologyOptions,
): ComponentRef[] {
  const { rng } = ctx;
  const cluster = clusterRef.name;
  const topologyId = addTopology(
    ctx,
    `cluster-${cluster}`,
    'monitoring',
    agent,
    {
      type: 'KubernetesCluster',
      icon: 'kubernetes',
      schedule: '@every 5m',
      components: [
        { name: 'nodes', lookup: { kubernetes: [{ kind: 'Node' }] } },
        { name: 'namespaces', lookup: { kubernetes: [{ kind: 'Namespace' }] } },
      ],
    },
    { cluster },
  );
  const inCluster = (configsByCluster(world).get(cluster) ?? []).filter(
    (config) => !config.deleted,
  );
  const nodes = inCluster.filter((config) => config.type === 'Kubernetes::Node');
  const namespaces = inCluster.filter((config) => config.type === 'Kubernetes::Namespace');
  const pods = inCluster.filter((config) => config.type === 'Kubernetes::Pod');
  const cpus = nodes.length * rng.pick([4, 8]) * 1000;
  const memory = nodes.length * 16 * 1024 ** 3;
  const clusterHealth = worst(
    nodes.map((node) => node.health).concat(clusterRef.health === 'unknown' ? ['warning'] : []),
  );
  const root = addComponent(ctx, {
    topologyId,
    name: cluster,
    type: 'KubernetesCluster',
    icon: 'kubernetes',
    health: clusterHealth,
    externalId: cluster,
    age: clusterRef.age,
    config: clusterRef,
    agent,
    cluster,
    cost: nodes.length * 0.2,
    statusReason: clusterRef.health === 'unknown' ? 'agent has not reported for 3 days' : undefined,
    labels: { cluster },
    properties: [
      { name: 'Version', text: 'v1.29.4', headline: false },
      { name: 'Nodes', value: nodes.length, headline: true, icon: 'server' },
      { name: 'Pods', value: pods.length, headline: true, icon: 'pod' },
      {
        name: 'CPU',
        value: Math.round(cpus * rng.float(0.3, 0.7)),
        max: cpus,
        unit: 'millicores',
        headline: true,
      },
      {
        name: 'Memory',
        value: Math.round(memory * rng.float(0.4, 0.8)),
        max: memory,
        unit: 'bytes',
        headline: true,
      },
      {
        name: 'Monthly cost',
        type: 'currency',
        value: Math.round(nodes.length * 0.2 * 730 * 100) / 100,
        unit: 'USD',
      },
      {
        name: 'Console',
        type: 'url',
        text: `https://console.aws.amazon.com/eks/home#/clusters/${cluster}`,
        links: [
          {
            label: 'AWS console',
            url: `https://console.aws.amazon.com/eks/home#/clusters/${cluster}`,
          },
        ],
      },
    ],
  });
  const nodeGroup = addComponent(ctx, {
    topologyId,
    parent: root,
    name: 'Nodes',
    type: 'KubernetesNodes',
    icon: 'server',
    health: worst(nodes.map((node) => node.health)),
    externalId: `${cluster}/nodes`,
    age: clusterRef.age,
    agent,
    cluster,
  });
  for (const node of nodes) {
    const nodeCpu = rng.pick([2000, 4000, 8000]);
    const used = rng.float(0.15, node.health === 'warning' ? 0.97 : 0.8);
    addComponent(ctx, {
      topologyId,
      parent: nodeGroup,
      name: node.name,
      type: 'KubernetesNode',
      icon: 'server',
      health: node.health,
      externalId: `${cluster}/${node.name}`,
      age: node.age,
      config: node,
      agent,
      cluster,
      statusReason:
        node.health === 'unhealthy'
          ? 'Kubelet stopped posting node status'
          : node.health === 'warning'
            ? 'MemoryPressure'
            : undefined,
      properties: [
        {
          name: 'CPU',
          value: Math.round(nodeCpu * used),
          max: nodeCpu,
          unit: 'millicores',
          headline: true,
        },
        {
          name: 'Memory',
          value: Math.round(16 * 1024 ** 3 * Math.min(0.99, used + 0.1)),
          max: 16 * 1024 ** 3,
          unit: 'bytes',
          headline: true,
        },
        { name: 'Zone', text: node.name.split('.')[1] ?? '' },
        { name: 'Created', type: 'age', text: ctx.ago(node.age) },
      ],
    });
  }
  const nsGroup = addComponent(ctx, {
    topologyId,
    parent: root,
    name: 'Namespaces',
    type: 'KubernetesNamespaces',
    icon: 'namespace',
    health: 'healthy',
    externalId: `${cluster}/namespaces`,
    age: clusterRef.age,
    agent,
    cluster,
  });
  const result: ComponentRef[] = [];
  // The cluster's workloads by namespace and its pods per namespace and per app (in one pass each,
  // in the order of the world: a large fleet has thousands of namespaces and pods).
  const prefix = `${cluster}/`;
  const workloadsIn = new Map<string | undefined, ConfigRef[]>();
  for (const [key, ref] of world.workloads) {
    if (!key.startsWith(prefix)) continue;
    const list = workloadsIn.get(ref.namespace);
    if (list) list.push(ref);
    else workloadsIn.set(ref.namespace, [ref]);
  }
  const podsIn = new Map<string | undefined, number>();
  const podsOf = new Map<string, number>();
  for (const pod of pods) {
    podsIn.set(pod.namespace, (podsIn.get(pod.namespace) ?? 0) + 1);
    const key = `${String(pod.app)}\u0000${String(pod.namespace)}`;
    podsOf.set(key, (podsOf.get(key) ?? 0) + 1);
  }
  for (const namespace of namespaces) {
    const workloads = workloadsIn.get(namespace.name) ?? [];
    const component = addComponent(ctx, {
      topologyId,
      parent: nsGroup,
      name: namespace.name,
      type: 'KubernetesNamespace',
      icon: 'namespace',
      health: worst(workloads.map((workload) => workload.health)),
      externalId: `${cluster}/${namespace.name}`,
      age: namespace.age,
      namespace: namespace.name,
      config: namespace,
      agent,
      cluster,
      labels: { cluster, namespace: namespace.name },
      properties: [
        { name: 'Workloads', value: workloads.length, headline: true },
        {
          name: 'Pods',
          value: podsIn.get(namespace.name) ?? 0,
          headline: true,
        },
      ],
    });
    result.push(component);
    if (!options.workloads) continue;
    for (const workload of workloads) {
      addComponent(ctx, {
        topologyId,
        parent: component,
        name: workload.name,
        type: `Kubernetes${workload.configClass}`,
        icon: workload.configClass.toLowerCase(),
        health: workload.health,
        externalId: `${cluster}/${namespace.name}/${workload.name}`,
        age: workload.age,
        namespace: namespace.name,
        config: workload,
        agent,
        cluster,
        app: workload.app,
        statusReason:
          workload.health === 'unhealthy'
            ? 'no ready replicas'
            : workload.health === 'warning'
              ? 'some replicas are not ready'
              : undefined,
        properties: [
          {
            name: 'Replicas',
            value: podsOf.get(`${String(workload.app)}\u0000${String(namespace.name)}`) ?? 0,
            headline: true,
          },
          { name: 'Image', text: `ghcr.io/acme/${workload.name}` },
        ],
      });
    }
  }
  return result;
}

interface ServiceSpec {
  name: string;
  app: string;
  team: string;
  url?: string;
}

const SERVICES: Record<string, ServiceSpec[]> = {
  Payments: [
    { name: 'Payment gateway', app: 'gateway', team: 'Payments', url: 'https://pay.example.com' },
    { name: 'Ledger', app: 'ledger-api', team: 'Payments' },
    { name: 'Fraud scoring', app: 'fraud-scoring', team: 'Payments' },
    { name: 'FX rates', app: 'fx-rates', team: 'Payments', url: 'https://fx.example.com' },
    {
      name: 'Webhook relay',
      app: 'webhook-relay',
      team: 'Payments',
      url: 'https://hooks.example.com',
    },
    { name: '3-D Secure callback', app: 'threeds-callback', team: 'Payments' },
  ],
  'Customer apps': [
    { name: 'Web', app: 'web', team: 'Frontend', url: 'https://app.example.com' },
    { name: 'Public API', app: 'api', team: 'Frontend', url: 'https://app.example.com/api' },
    { name: 'Search', app: 'search', team: 'Frontend' },
    { name: 'Docs', app: 'docs', team: 'Frontend', url: 'https://docs.example.com' },
    {
      name: 'Status page',
      app: 'status-page',
      team: 'Frontend',
      url: 'https://status.example.com',
    },
  ],
  Observability: [
    { name: 'Prometheus', app: 'prometheus', team: 'SRE' },
    { name: 'Alertmanager', app: 'alertmanager', team: 'SRE' },
    { name: 'Grafana', app: 'grafana', team: 'SRE', url: 'https://grafana.example.com' },
    { name: 'Loki', app: 'loki', team: 'SRE' },
    { name: 'Tempo', app: 'tempo', team: 'SRE' },
  ],
  'Data platform': [
    { name: 'Kafka', app: 'kafka', team: 'SRE' },
    { name: 'Redis cache', app: 'redis-cache', team: 'SRE' },
    { name: 'Airflow', app: 'airflow-scheduler', team: 'Data' },
    { name: 'Spark history', app: 'spark-history', team: 'Data' },
    { name: 'Nightly export', app: 'nightly-export', team: 'Data' },
  ],
};

/** The Applications topology: groups → services linked to workloads, checks and teams. */
export function generateApplications(
  ctx: SeedContext,
  world: World,
  checks: readonly SeedCheck[],
  clusters: readonly string[],
): ComponentRef[] {
  const { rng } = ctx;
  const topologyId = addTopology(
    ctx,
    'applications',
    'default',
    'local',
    {
      type: 'Application',
      icon: 'application',
      schedule: '@every 5m',
      components: Object.keys(SERVICES).map((name) => ({ name, type: 'Group' })),
    },
    { scope: 'business' },
  );
  const root = addComponent(ctx, {
    topologyId,
    name: 'Applications',
    type: 'Application',
    icon: 'application',
    health: 'healthy',
    externalId: 'applications',
    age: 300 * 1440,
  });
  const services: ComponentRef[] = [];
  for (const [group, specs] of Object.entries(SERVICES)) {
    const groupHealths: string[] = [];
    const groupRef = addComponent(ctx, {
      topologyId,
      parent: root,
      name: group,
      type: 'Group',
      icon: 'folder',
      health: 'healthy',
      externalId: `applications/${group}`,
      age: 300 * 1440,
    });
    for (const spec of specs) {
      const linked = checks.filter((check) => check.app === spec.app);
      const workloads = clusters
        .map((cluster) => world.workloads.get(`${cluster}/${spec.app}`))
        .filter((ref): ref is ConfigRef => ref !== undefined);
      const health = linked.some((check) => check.failing)
        ? 'unhealthy'
        : worst(workloads.map((workload) => workload.health));
      groupHealths.push(health);
      const monthly = rng.float(150, 4000);
      const component = addComponent(ctx, {
        topologyId,
        parent: groupRef,
        name: spec.name,
        type: 'Service',
        icon: spec.app.includes('kafka')
          ? 'kafka'
          : spec.app.includes('redis')
            ? 'redis'
            : 'application',
        health,
        externalId: `applications/${spec.app}`,
        age: rng.int(60, 300) * 1440,
        owner: spec.team,
        cost: monthly / 730,
        app: spec.app,
        config: workloads[0],
        labels: { app: spec.app, team: spec.team.toLowerCase() },
        statusReason:
          health === 'unhealthy'
            ? `${
                linked
                  .filter((check) => check.failing)
                  .map((check) => check.name)
                  .join(', ') || 'workload'
              } failing`
            : undefined,
        properties: [
          ...(spec.url
            ? [
                {
                  name: 'URL',
                  type: 'url',
                  text: spec.url,
                  links: [{ label: 'Open', url: spec.url }],
                },
              ]
            : []),
          { name: 'Version', text: `${rng.int(1, 5)}.${rng.int(0, 20)}.${rng.int(0, 9)}` },
          {
            name: 'Error rate',
            value: Math.round(rng.float(0, health === 'healthy' ? 0.5 : 8) * 100) / 100,
            unit: 'percent',
            headline: true,
            color: health === 'healthy' ? 'green' : 'red',
          },
          { name: 'p95 latency', value: rng.int(20, 600), unit: 'milliseconds', headline: true },
          {
            name: 'Monthly cost',
            type: 'currency',
            value: Math.round(monthly * 100) / 100,
            unit: 'USD',
          },
        ],
      });
      services.push(component);
      // The workloads' own components (in the cluster topologies) sit below the service too,
      // through component_relationships: the service card rolls up their health and insights.
      const workloadIds = new Set(workloads.map((workload) => workload.id));
      for (const row of ctx.rows.get('components') ?? []) {
        if (row.id === component.id || !workloadIds.has(String(row.config_id))) continue;
        ctx.add('component_relationships', {
          component_id: row.id,
          relationship_id: component.id,
          selector_id: `app=${spec.app}`,
          relationship_path: null,
          created_at: ctx.ago(7 * 1440),
          updated_at: ctx.ago(7 * 1440),
        });
      }
      for (const workload of workloads.slice(1)) {
        ctx.add('config_component_relationships', {
          component_id: component.id,
          config_id: workload.id,
          selector_id: 'topology',
          created_at: ctx.ago(1440),
          updated_at: ctx.ago(1440),
        });
      }
      for (const check of linked) {
        ctx.add('check_component_relationships', {
          component_id: component.id,
          check_id: check.id,
          canary_id: check.canaryId,
          selector_id: `app=${spec.app}`,
          created_at: ctx.ago(7 * 1440),
          updated_at: ctx.ago(7 * 1440),
        });
      }
      const team = ctx.teams.find((candidate) => candidate.name === spec.team);
      if (team)
        ctx.add('team_components', {
          team_id: team.id,
          component_id: component.id,
          role: 'owner',
          selector_id: null,
        });
    }
    const groupRow = ctx.rows.get('components')?.find((row) => row.id === groupRef.id);
    if (groupRow) groupRow.health = groupRow.status = worst(groupHealths);
  }
  return services;
}
