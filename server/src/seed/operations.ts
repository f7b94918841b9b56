/**
 * The operational half of the seeded world: incidents (with hypotheses, evidence, comments,
 * responders and status history), incident rules, playbooks with runs and step logs,
 * notification rules with send history and silences, connections, log backends, config
 * scrapers, job history and a small pending event queue.
 */
import { DEFAULT_DOD_SCRIPTS } from '../../../src/api/incident-model';
import type { ComponentRef } from './topology';
import type { ConfigRef, Person, SeedCheck, SeedContext, World } from './world';

interface IncidentTemplate {
  title: (target: string) => string;
  type: string;
  severity: string[];
  description: string;
  root: string;
  factors: string[];
  solutions: string[];
  comments: string[];
  target: 'check' | 'config' | 'component';
  configClasses?: string[];
}

const TEMPLATES: IncidentTemplate[] = [
  {
    title: (t) => `${t} failing health checks`,
    type: 'availability',
    severity: ['high', 'critical'],
    description: 'Synthetic checks report failures; customers may see errors.',
    root: 'Upstream dependency is unavailable',
    factors: ['Connection pool exhausted after deploy', 'DNS resolution intermittently failing'],
    solutions: [
      'Roll back to the previous release',
      'Raise the pool size and add a circuit breaker',
    ],
    comments: [
      'Seeing 503s from the edge since {t}.',
      'Rolled back the last deploy, watching the graphs.',
      'Error rate back under 0.1 %.',
      'Paging the owning team.',
    ],
    target: 'check',
  },
  {
    title: (t) => `High latency on ${t}`,
    type: 'performance',
    severity: ['medium', 'high'],
    description: 'p95 latency is above the SLO for more than 15 minutes.',
    root: 'Slow queries on the primary database',
    factors: ['Missing index after the last migration', 'Noisy neighbour on the node'],
    solutions: ['Add the index concurrently', 'Move the workload to a dedicated node group'],
    comments: [
      'p95 at 2.3 s, SLO is 400 ms.',
      'Found a sequential scan on orders.created_at.',
      'Index created, latency recovering.',
    ],
    target: 'check',
  },
  {
    title: (t) => `${t} pods crash-looping`,
    type: 'reliability',
    severity: ['medium', 'high', 'blocker'],
    description: 'Pods restart repeatedly with OOMKilled or non-zero exit codes.',
    root: 'Memory limit too low for the new release',
    factors: ['Heap grew after enabling the new cache', 'Liveness probe too aggressive'],
    solutions: ['Raise the memory limit to 1 GiB', 'Relax the liveness probe thresholds'],
    comments: [
      'Last state: OOMKilled, exit code 137.',
      'Bumped the limit in the chart, ArgoCD syncing.',
      'No restarts for 30 minutes.',
    ],
    target: 'config',
    configClasses: ['Deployment', 'StatefulSet'],
  },
  {
    title: (t) => `Security group ${t} exposes SSH`,
    type: 'security',
    severity: ['high', 'critical'],
    description: 'A security group allows port 22 from 0.0.0.0/0.',
    root: 'Manual change outside Terraform',
    factors: ['Break-glass access was never revoked'],
    solutions: [
      'Revoke the rule and reconcile with Terraform',
      'Add an SCP that denies 0.0.0.0/0 on 22',
    ],
    comments: ['CloudTrail shows AuthorizeSecurityGroupIngress by an admin role.', 'Rule revoked.'],
    target: 'config',
    configClasses: ['SecurityGroup'],
  },
  {
    title: (t) => `Unexpected cost increase on ${t}`,
    type: 'cost',
    severity: ['low', 'medium'],
    description: 'Daily cost is 40 % above the 30-day average.',
    root: 'Over-provisioned instances after the scale-up',
    factors: ['Cluster autoscaler did not scale down', 'Unattached volumes left behind'],
    solutions: ['Right-size the node group', 'Delete unattached volumes older than 30 days'],
    comments: ['Cost explorer shows EC2 as the main driver.', 'Scale-down was blocked by a PDB.'],
    target: 'config',
    configClasses: ['VirtualMachine', 'Cluster', 'Database', 'DiskVolume'],
  },
  {
    title: (t) => `${t} degraded`,
    type: 'availability',
    severity: ['medium', 'high'],
    description: 'The component reports unhealthy children.',
    root: 'A node went NotReady and pods were evicted',
    factors: ['Kernel soft lockup on the node', 'Pods had no anti-affinity'],
    solutions: ['Cordon and replace the node', 'Add pod anti-affinity to spread replicas'],
    comments: ['Node stopped posting status at {t}.', 'Replaced the node, pods rescheduled.'],
    target: 'component',
  },
  {
    title: (t) => `Certificate for ${t} expires in 7 days`,
    type: 'compliance',
    severity: ['low', 'medium'],
    description: 'cert-manager failed to renew the certificate.',
    root: 'ACME HTTP-01 challenge blocked by the WAF',
    factors: ['New WAF rule blocks /.well-known/'],
    solutions: ['Allow the ACME path in the WAF'],
    comments: ['Renewal errors in cert-manager logs.', 'WAF exception added, certificate issued.'],
    target: 'component',
  },
  {
    title: (t) => `${t} integration errors`,
    type: 'integration',
    severity: ['medium', 'high'],
    description: 'Calls to a third-party provider fail intermittently.',
    root: 'Provider rate limits our API key',
    factors: ['Retry storm after a timeout'],
    solutions: ['Add jittered backoff', 'Request a higher rate limit'],
    comments: ['429s from the provider since the morning.', 'Backoff deployed.'],
    target: 'check',
  },
  {
    title: (t) => `Deprecated API versions on ${t}`,
    type: 'technicalDebt',
    severity: ['low'],
    description: 'Manifests use API versions removed in the next Kubernetes release.',
    root: 'Charts pinned to old versions',
    factors: ['Upgrade backlog'],
    solutions: ['Upgrade the charts before the cluster upgrade'],
    comments: ['Pluto lists 12 deprecated objects.'],
    target: 'config',
    configClasses: ['Deployment', 'CronJob'],
  },
];

const STATUS_PATHS: Record<string, string[]> = {
  new: [],
  open: ['open'],
  investigating: ['open', 'investigating'],
  mitigated: ['open', 'investigating', 'mitigated'],
  resolved: ['open', 'investigating', 'mitigated', 'resolved'],
  closed: ['open', 'investigating', 'resolved', 'closed'],
};

/**
 * An incident placed on purpose: about a check (a failure the history shows), or with evidence on
 * a topology component or a config item (what the incidents panels and
 * `<vigil-incident-summary>` show). Exactly one subject is given.
 */
export interface IncidentFocus {
  /** A failing check (or one with a past failure episode) the incident is about. */
  check?: SeedCheck;
  /** A topology component the incident's evidence points at. */
  component?: ComponentRef;
  /** A config item the incident's evidence points at. */
  config?: ConfigRef;
  status: string;
  /** Minutes ago the incident was opened. */
  openedAgo: number;
  /** Picks the template of this incident type (default: any template of the subject's kind). */
  type?: string;
  /** Overrides the template's severity choice. */
  severity?: string;
  /** Overrides the template's title. */
  title?: string;
}

function focusTarget(focus: IncidentFocus): IncidentTemplate['target'] {
  if (focus.config) return 'config';
  if (focus.component) return 'component';
  return 'check';
}

export interface IncidentOptions {
  count: number;
  /** Spread of creation times in days. */
  days: number;
  focus: IncidentFocus[];
}

function mention(person: Person): string {
  return `@[${person.name}](user:${person.id})`;
}

/** Incidents across the lifecycle; the focus list ties the first ones to known check failures. */
export function generateIncidents(
  ctx: SeedContext,
  world: World,
  checks: readonly SeedCheck[],
  components: readonly ComponentRef[],
  options: IncidentOptions,
): void {
  const { rng } = ctx;
  const configsByClass = new Map<string, ConfigRef[]>();
  for (const config of world.configs) {
    if (config.deleted) continue;
    const list = configsByClass.get(config.configClass) ?? [];
    list.push(config);
    configsByClass.set(config.configClass, list);
  }
  const changesByConfig = new Map<string, string>();
  for (const change of ctx.rows.get('config_changes') ?? [])
    changesByConfig.set(change.config_id as string, change.id as string);
  const analysisByConfig = new Map<string, string>();
  for (const analysis of ctx.rows.get('config_analysis') ?? [])
    analysisByConfig.set(analysis.config_id as string, analysis.id as string);

  for (let index = 0; index < options.count; index++) {
    const focus = options.focus[index];
    const template = focus
      ? rng.pick(
          TEMPLATES.filter(
            (t) => t.target === focusTarget(focus) && (!focus.type || t.type === focus.type),
          ),
        )
      : rng.pick(TEMPLATES);
    let check: SeedCheck | undefined;
    let config: ConfigRef | undefined;
    let component: ComponentRef | undefined;
    let subject: string;
    if (focus?.config) {
      config = focus.config;
      subject = config.cluster ? `${config.cluster}/${config.name}` : config.name;
    } else if (focus?.component) {
      component = focus.component;
      subject = component.name;
    } else if (focus?.check) {
      check = focus.check;
      subject = check.name;
    } else if (template.target === 'check') {
      check = rng.pick(checks);
      subject = check.name;
    } else if (template.target === 'config') {
      const classes = template.configClasses ?? ['Deployment'];
      const pool = configsByClass.get(rng.pick(classes)) ?? configsByClass.get('Deployment') ?? [];
      config = rng.pick(pool);
      subject = config.cluster ? `${config.cluster}/${config.name}` : config.name;
    } else {
      component = rng.pick(components);
      subject = component.name;
    }
    const openedAgo =
      focus?.openedAgo ?? Math.round(rng.float(0.02, 1) ** 1.6 * options.days * 1440);
    const status =
      focus?.status ??
      (openedAgo > 14 * 1440
        ? rng.weighted([
            ['closed', 70],
            ['resolved', 27],
            ['mitigated', 3],
          ] as const)
        : openedAgo > 2 * 1440
          ? rng.weighted([
              ['closed', 40],
              ['resolved', 35],
              ['mitigated', 10],
              ['investigating', 8],
              ['open', 7],
            ] as const)
          : rng.weighted([
              ['new', 15],
              ['open', 30],
              ['investigating', 30],
              ['mitigated', 15],
              ['resolved', 10],
            ] as const));
    const creator = ctx.person();
    const commander = ctx.person();
    const communicator = ctx.person();
    const incidentId = rng.uuid();
    const path = STATUS_PATHS[status] ?? [];
    // Status changes spread over the incident's life (resolved within hours to days).
    const life = Math.min(openedAgo - 1, rng.float(30, status === 'closed' ? 5 * 1440 : 2 * 1440));
    const stepTimes = path.map((_, i) => openedAgo - (life * (i + 1)) / (path.length + 0.5));
    const whenReached = (target: string): string | null => {
      const at = path.indexOf(target);
      return at >= 0 ? ctx.ago(stepTimes[at] ?? openedAgo) : null;
    };
    const severity = focus?.severity ?? rng.pick(template.severity);
    const title = focus?.title ?? template.title(subject);
    ctx.add('incidents', {
      id: incidentId,
      title,
      created_by: creator.id,
      commander_id: commander.id,
      communicator_id: communicator.id,
      severity,
      description: template.description,
      type: template.type,
      status,
      acknowledged: path.length > 1 ? ctx.ago(stepTimes[0] ?? openedAgo) : null,
      resolved:
        whenReached('resolved') ??
        (status === 'closed' ? ctx.ago(stepTimes[path.length - 1] ?? openedAgo) : null),
      closed: whenReached('closed'),
      created_at: ctx.ago(openedAgo),
      updated_at: ctx.ago(stepTimes[path.length - 1] ?? openedAgo),
    });
    path.forEach((value, i) => {
      ctx.add('incident_histories', {
        id: rng.uuid(),
        incident_id: incidentId,
        created_by: creator.id,
        type: 'incident.status_updated',
        description: value,
        created_at: ctx.ago(stepTimes[i] ?? openedAgo),
        updated_at: ctx.ago(stepTimes[i] ?? openedAgo),
      });
    });

    // Responders: the commander, one or two people, sometimes a team ticket.
    const responders: { id: string; person?: Person }[] = [];
    const people = [commander, ...rng.sample(ctx.people, rng.int(1, 3))].filter(
      (person, i, all) => all.findIndex((other) => other.id === person.id) === i,
    );
    people.forEach((person, i) => {
      const id = rng.uuid();
      const created = openedAgo - rng.float(1, 20);
      ctx.add('responders', {
        id,
        incident_id: incidentId,
        type: 'person',
        index: i,
        person_id: person.id,
        team_id: null,
        external_id: null,
        properties: { responderType: 'person', person: person.id },
        acknowledged: path.length > 0 ? ctx.ago(created - rng.float(1, 15)) : null,
        resolved: whenReached('resolved'),
        closed: whenReached('closed'),
        created_by: creator.id,
        created_at: ctx.ago(created),
        updated_at: ctx.ago(created),
      });
      responders.push({ id, person });
    });
    if (rng.chance(0.35)) {
      const team = rng.pick(ctx.teams);
      const kind = rng.pick(['jira', 'email', 'service_now'] as const);
      const id = rng.uuid();
      const key = `OPS-${rng.int(1000, 9999)}`;
      ctx.add('responders', {
        id,
        incident_id: incidentId,
        type: kind,
        index: people.length,
        person_id: null,
        team_id: team.id,
        external_id:
          kind === 'jira' ? key : kind === 'service_now' ? `INC00${rng.int(10000, 99999)}` : null,
        properties:
          kind === 'jira'
            ? {
                responderType: 'jira',
                project: 'OPS',
                issueType: 'Incident',
                priority: severity === 'critical' ? 'Highest' : 'High',
                summary: title,
                description: template.description,
              }
            : kind === 'email'
              ? {
                  responderType: 'email',
                  to: `${team.name.toLowerCase()}@example.com`,
                  subject: title,
                  body: template.description,
                }
              : {
                  responderType: 'service_now',
                  category: 'Infrastructure',
                  description: title,
                  body: template.description,
                },
        acknowledged: path.length > 0 ? ctx.ago(openedAgo - rng.float(5, 60)) : null,
        resolved: null,
        closed: null,
        created_by: commander.id,
        created_at: ctx.ago(openedAgo - rng.float(1, 10)),
        updated_at: ctx.ago(openedAgo - rng.float(1, 10)),
      });
    }

    // Hypotheses: root → factors → solutions, statuses that fit the incident's stage.
    const done = ['mitigated', 'resolved', 'closed'].includes(status);
    const rootId = rng.uuid();
    const hypothesisAt = openedAgo - rng.float(2, 30);
    ctx.add('hypotheses', {
      id: rootId,
      created_by: commander.id,
      incident_id: incidentId,
      parent_id: null,
      owner: responders[0]?.id ?? null,
      team_id: null,
      type: 'root',
      title: template.root,
      status: done ? 'proven' : rng.pick(['possible', 'likely']),
      created_at: ctx.ago(hypothesisAt),
      updated_at: ctx.ago(hypothesisAt),
    });
    const hypotheses = [rootId];
    for (const factor of rng.sample(template.factors, rng.int(1, template.factors.length))) {
      const factorId = rng.uuid();
      const at = hypothesisAt - rng.float(1, 60);
      ctx.add('hypotheses', {
        id: factorId,
        created_by: rng.pick(people).id,
        incident_id: incidentId,
        parent_id: rootId,
        owner: rng.pick(responders).id,
        team_id: null,
        type: 'factor',
        title: factor,
        status: done
          ? rng.pick(['proven', 'likely', 'disproven'])
          : rng.pick(['possible', 'likely', 'unlikely', 'improbable']),
        created_at: ctx.ago(at),
        updated_at: ctx.ago(at),
      });
      hypotheses.push(factorId);
      if (rng.chance(0.7)) {
        const solution = rng.pick(template.solutions);
        ctx.add('hypotheses', {
          id: rng.uuid(),
          created_by: rng.pick(people).id,
          incident_id: incidentId,
          parent_id: factorId,
          owner: null,
          team_id: null,
          type: 'solution',
          title: solution,
          status: done ? 'proven' : 'possible',
          created_at: ctx.ago(at - 10),
          updated_at: ctx.ago(at - 10),
        });
      }
    }

    // Evidence on the root (and sometimes a factor), pointing at the real subject.
    const evidenceAt = hypothesisAt - rng.float(1, 40);
    const evidence = (hypothesisId: string, row: Record<string, unknown>): void => {
      ctx.add('evidences', {
        id: rng.uuid(),
        hypothesis_id: hypothesisId,
        created_by: rng.pick(people).id,
        definition_of_done: false,
        done: null,
        factor: null,
        mitigator: null,
        properties: null,
        created_at: ctx.ago(evidenceAt),
        updated_at: ctx.ago(evidenceAt),
        config_id: null,
        config_change_id: null,
        config_analysis_id: null,
        component_id: null,
        check_id: null,
        script: null,
        ...row,
      });
    };
    if (check) {
      // A focus incident not yet resolved has its check in the definition of done with the
      // default script: the server evaluates it (done for a check that has recovered for 5
      // minutes, like the mitigated one; not done for those still failing).
      const automatic =
        focus?.check !== undefined &&
        ['new', 'open', 'investigating', 'mitigated'].includes(status);
      evidence(rootId, {
        type: 'check',
        description: `${check.name} is failing`,
        check_id: check.id,
        evidence: { includeMessages: true, start: '6h' },
        ...(automatic ? { definition_of_done: true, script: DEFAULT_DOD_SCRIPTS.check } : {}),
      });
    }
    if (config) {
      evidence(rootId, {
        type: 'config',
        description: `${config.type.split('::').pop()} ${config.name}`,
        config_id: config.id,
        evidence: {
          configName: config.name,
          lines: ['spec:', '  replicas: 1', '  resources:', '    limits:', '      memory: 256Mi'],
          selected_lines: { '4': '      memory: 256Mi' },
        },
      });
      const change = changesByConfig.get(config.id);
      if (change)
        evidence(rng.pick(hypotheses), {
          type: 'config_change',
          description: 'Change right before the first alert',
          config_id: config.id,
          config_change_id: change,
        });
      const analysis = analysisByConfig.get(config.id);
      if (analysis)
        evidence(rng.pick(hypotheses), {
          type: 'config_analysis',
          description: 'Related insight',
          config_id: config.id,
          config_analysis_id: analysis,
        });
    }
    if (component) {
      evidence(rootId, {
        type: 'topology',
        description: `${component.name} is ${component.health}`,
        component_id: component.id,
      });
    }
    if (rng.chance(0.4)) {
      evidence(rng.pick(hypotheses), {
        type: 'log',
        description: 'Errors in the application log',
        evidence: {
          lines: [
            `${ctx.ago(openedAgo)} ERROR upstream connect error or disconnect/reset before headers`,
            `${ctx.ago(openedAgo - 1)} WARN retrying request (attempt 3)`,
          ],
          start: '1h',
        },
      });
    }
    if (done) {
      evidence(rootId, {
        type: 'comment',
        description: 'Error rate below 0.1 % for 30 minutes',
        definition_of_done: true,
        done: status !== 'mitigated',
        script: 'check.status == "healthy"',
      });
    }

    // Comments with mentions, some made by responders.
    const commentCount = rng.int(1, Math.min(6, template.comments.length + 2));
    for (let c = 0; c < commentCount; c++) {
      const author = rng.pick(responders);
      const person = author.person ?? commander;
      const text = (template.comments[c % template.comments.length] ?? 'Looking into it.').replace(
        '{t}',
        ctx.ago(openedAgo).slice(11, 16) + ' UTC',
      );
      const at = openedAgo - ((c + 1) * life) / (commentCount + 1);
      ctx.add('comments', {
        id: rng.uuid(),
        created_by: person.id,
        comment: c === 0 && people.length > 1 ? `${mention(people[1] as Person)} ${text}` : text,
        external_id: null,
        external_created_by: null,
        incident_id: incidentId,
        responder_id: rng.chance(0.6) ? author.id : null,
        hypothesis_id: rng.chance(0.3) ? rng.pick(hypotheses) : null,
        created_at: ctx.ago(at),
        updated_at: ctx.ago(at),
      });
    }
  }
}

export function generateIncidentRules(ctx: SeedContext): void {
  // Specs in the IncidentRule schema (docs/incident-server.md): the reference server runs them.
  const rules = [
    {
      name: 'critical-checks',
      spec: {
        priority: 1,
        breakOnMatch: true,
        filter: { status: ['unhealthy'], severity: ['critical'] },
        template: { type: 'availability', severity: 'critical' },
        autoAssignOwner: true,
        hoursSinceLastIncident: 4,
        responders: {
          email: [
            {
              to: 'oncall@example.com',
              subject: 'A critical health check is failing',
              body: 'Opened by the critical-checks incident rule.',
            },
          ],
        },
      },
    },
    {
      name: 'payments-components',
      spec: {
        priority: 2,
        components: [{ labelSelector: 'team=payments' }],
        filter: { status: ['unhealthy'] },
        template: { type: 'availability', severity: 'high', title: '{{name}} is {{status}}' },
      },
    },
    {
      name: 'security-checks',
      spec: {
        priority: 3,
        filter: { status: ['unhealthy'], category: ['security'] },
        template: { type: 'security', severity: 'high' },
      },
    },
  ];
  for (const rule of rules) {
    ctx.add('incident_rules', {
      id: ctx.rng.uuid(),
      name: rule.name,
      spec: rule.spec,
      source: 'KubernetesCRD',
      created_by: ctx.admin,
      created_at: ctx.ago(120 * 1440),
      updated_at: ctx.ago(20 * 1440),
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Playbooks
// ---------------------------------------------------------------------------------------------

interface PlaybookDef {
  name: string;
  title: string;
  icon: string;
  category: string;
  description: string;
  on: 'config' | 'component' | 'check';
  configClass?: string;
  parameters: { name: string; label: string; default?: string }[];
  actions: { name: string; kind: string; stdout: (target: string) => string }[];
  approval?: boolean;
}

const PLAYBOOKS: PlaybookDef[] = [
  {
    name: 'restart-deployment',
    title: 'Restart deployment',
    icon: 'kubernetes',
    category: 'Kubernetes',
    on: 'config',
    configClass: 'Deployment',
    description: 'Rolling restart of a deployment',
    parameters: [{ name: 'reason', label: 'Reason' }],
    actions: [
      { name: 'rollout restart', kind: 'exec', stdout: (t) => `deployment.apps/${t} restarted` },
      {
        name: 'wait for rollout',
        kind: 'exec',
        stdout: (t) =>
          `Waiting for deployment "${t}" rollout to finish: 1 of 3 updated replicas are available...\ndeployment "${t}" successfully rolled out`,
      },
    ],
  },
  {
    name: 'scale-deployment',
    title: 'Scale deployment',
    icon: 'scale',
    category: 'Kubernetes',
    on: 'config',
    configClass: 'Deployment',
    description: 'Set the replica count of a deployment',
    parameters: [{ name: 'replicas', label: 'Replicas', default: '3' }],
    actions: [{ name: 'scale', kind: 'exec', stdout: (t) => `deployment.apps/${t} scaled` }],
  },
  {
    name: 'rollback-deployment',
    title: 'Roll back deployment',
    icon: 'undo',
    category: 'Kubernetes',
    on: 'config',
    configClass: 'Deployment',
    description: 'Undo the last rollout',
    approval: true,
    parameters: [{ name: 'revision', label: 'Revision (empty = previous)' }],
    actions: [
      { name: 'rollout undo', kind: 'exec', stdout: (t) => `deployment.apps/${t} rolled back` },
      { name: 'notify channel', kind: 'notification', stdout: () => 'posted to #incidents' },
    ],
  },
  {
    name: 'drain-node',
    title: 'Cordon and drain node',
    icon: 'server',
    category: 'Kubernetes',
    on: 'config',
    configClass: 'Node',
    description: 'Evict pods and mark the node unschedulable',
    approval: true,
    parameters: [{ name: 'grace', label: 'Grace period (s)', default: '60' }],
    actions: [
      { name: 'cordon', kind: 'exec', stdout: (t) => `node/${t} cordoned` },
      {
        name: 'drain',
        kind: 'exec',
        stdout: (t) =>
          `evicting pod monitoring/loki-0\nevicting pod payments/gateway-7d9f8c6b5-x2k4p\nnode/${t} drained`,
      },
    ],
  },
  {
    name: 'rds-snapshot',
    title: 'Snapshot RDS instance',
    icon: 'aws-rds',
    category: 'AWS',
    on: 'config',
    configClass: 'Database',
    description: 'Take a manual snapshot before maintenance',
    parameters: [{ name: 'suffix', label: 'Snapshot suffix', default: 'manual' }],
    actions: [
      {
        name: 'create snapshot',
        kind: 'aws',
        stdout: (t) =>
          `{"DBSnapshot": {"DBSnapshotIdentifier": "${t}-manual", "Status": "creating"}}`,
      },
      { name: 'wait available', kind: 'aws', stdout: () => 'snapshot available after 412s' },
    ],
  },
  {
    name: 'vacuum-analyze',
    title: 'VACUUM ANALYZE',
    icon: 'postgres',
    category: 'Database',
    on: 'config',
    configClass: 'Database',
    description: 'Run VACUUM (ANALYZE) on the busiest tables',
    parameters: [{ name: 'tables', label: 'Tables', default: 'ledger_entries,payments' }],
    actions: [
      {
        name: 'vacuum',
        kind: 'sql',
        stdout: () =>
          'VACUUM\nINFO:  "ledger_entries": found 18233 removable, 912842 nonremovable row versions',
      },
    ],
  },
  {
    name: 'flush-redis',
    title: 'Flush cache',
    icon: 'redis',
    category: 'Runbooks',
    on: 'component',
    description: 'Flush the application cache of a service',
    parameters: [],
    actions: [{ name: 'FLUSHDB', kind: 'exec', stdout: () => 'OK' }],
  },
  {
    name: 'rerun-check',
    title: 'Re-run check with debug',
    icon: 'health',
    category: 'Runbooks',
    on: 'check',
    description: 'Run the check once with verbose logging',
    parameters: [],
    actions: [
      {
        name: 'run',
        kind: 'http',
        stdout: () =>
          '> GET /healthz HTTP/1.1\n< HTTP/1.1 200 OK\n< content-type: application/json\n{"status":"ok"}',
      },
    ],
  },
];

const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

export function generatePlaybooks(
  ctx: SeedContext,
  world: World,
  checks: readonly SeedCheck[],
  components: readonly ComponentRef[],
  options: { runs: number; days: number; namespace?: string },
): void {
  const { rng } = ctx;
  const defs = PLAYBOOKS.map((def) => {
    const id = rng.uuid();
    ctx.add('playbooks', {
      id,
      namespace: options.namespace ?? 'default',
      name: def.name,
      title: def.title,
      icon: def.icon,
      description: def.description,
      spec: {
        title: def.title,
        icon: def.icon,
        category: def.category,
        description: def.description,
        parameters: def.parameters.map((p) => ({
          name: p.name,
          label: p.label,
          ...(p.default ? { default: p.default } : {}),
        })),
        ...(def.on === 'config'
          ? {
              configs: [
                {
                  types: [
                    def.configClass === 'Database'
                      ? 'AWS::RDS::DBInstance'
                      : `Kubernetes::${def.configClass}`,
                  ],
                },
              ],
            }
          : def.on === 'component'
            ? { components: [{ types: ['Service'] }] }
            : { checks: [{ types: ['http'] }] }),
        ...(def.approval ? { approval: { approvers: { teams: ['SRE'] } } } : {}),
        actions: def.actions.map((a) => ({ name: a.name, [a.kind]: {} })),
      },
      created_by: ctx.admin,
      source: 'KubernetesCRD',
      category: def.category,
      created_at: ctx.ago(rng.int(30, 200) * 1440),
      updated_at: ctx.ago(rng.int(1, 30) * 1440),
    });
    return { def, id };
  });
  const targets = {
    Deployment: world.configs.filter((c) => c.configClass === 'Deployment' && !c.deleted),
    Node: world.configs.filter((c) => c.configClass === 'Node' && !c.deleted),
    Database: world.databases,
  };
  for (let i = 0; i < options.runs; i++) {
    const { def, id: playbookId } = rng.pick(defs);
    let target = '';
    const row: Record<string, unknown> = {};
    if (def.on === 'config') {
      const pool = targets[def.configClass as keyof typeof targets];
      const config = rng.pick(pool.length > 0 ? pool : world.configs);
      row.config_id = config.id;
      target = config.name;
    } else if (def.on === 'component') {
      const component = rng.pick(components);
      row.component_id = component.id;
      target = component.name;
    } else {
      const check = rng.pick(checks);
      row.check_id = check.id;
      target = check.name;
    }
    const startedAgo = i === 0 ? 2 : rng.float(5, options.days * 1440);
    const status =
      i === 0
        ? 'running'
        : i === 1 && def.approval
          ? 'pending_approval'
          : i === 2
            ? 'scheduled'
            : rng.weighted([
                ['completed', 80],
                ['failed', 13],
                ['cancelled', 5],
                ['sleeping', 2],
              ] as const);
    const runId = rng.uuid();
    // A run still going belongs to a remote agent (the eu-west-1 cluster runs its playbooks):
    // these representational specs have no actions the local runner could execute.
    const live = status === 'running' || status === 'scheduled' || status === 'sleeping';
    const agentId = live ? (ctx.agents.get('eu-west-1') ?? LOCAL_AGENT_ID) : LOCAL_AGENT_ID;
    const started =
      status === 'scheduled' || status === 'pending_approval' ? null : ctx.ago(startedAgo);
    let elapsed = 0;
    const actions: Record<string, unknown>[] = [];
    let failedAt = status === 'failed' ? rng.int(0, def.actions.length - 1) : -1;
    if (status === 'cancelled') failedAt = def.actions.length;
    def.actions.forEach((action, index) => {
      const seconds = rng.float(
        0.4,
        action.name.includes('wait') || action.name === 'drain' ? 240 : 8,
      );
      let actionStatus: string;
      if (status === 'running')
        actionStatus = index === def.actions.length - 1 ? 'running' : 'completed';
      else if (status === 'scheduled' || status === 'pending_approval') return;
      else if (status === 'sleeping') actionStatus = index === 0 ? 'completed' : 'sleeping';
      else if (index === failedAt) actionStatus = 'failed';
      else if (failedAt >= 0 && index > failedAt) actionStatus = 'skipped';
      else actionStatus = 'completed';
      const startAgo = startedAgo - elapsed / 60;
      elapsed += seconds;
      const ended =
        actionStatus === 'completed' || actionStatus === 'failed'
          ? ctx.ago(startedAgo - elapsed / 60)
          : null;
      actions.push({
        id: rng.uuid(),
        name: action.name,
        status: actionStatus,
        playbook_run_id: runId,
        start_time: actionStatus === 'skipped' ? null : ctx.ago(startAgo),
        scheduled_time: ctx.ago(startAgo),
        end_time: ended,
        result:
          actionStatus === 'completed'
            ? {
                stdout: action.stdout(target),
                stderr: '',
                exitCode: 0,
                logs: `[${ctx.ago(startAgo)}] running ${action.kind} action "${action.name}"\n[${ended ?? ''}] exit 0`,
              }
            : actionStatus === 'failed'
              ? {
                  stdout: '',
                  stderr: `Error from server (Forbidden): ${action.name} on ${target} denied`,
                  exitCode: 1,
                }
              : null,
        error: actionStatus === 'failed' ? `exit status 1: ${action.name} failed` : null,
        agent_id: agentId,
      });
    });
    const person = ctx.person();
    ctx.add('playbook_runs', {
      id: runId,
      playbook_id: playbookId,
      spec: { actions: def.actions.map((a) => ({ name: a.name })) },
      status,
      created_at: ctx.ago(startedAgo + 0.2),
      start_time: started,
      scheduled_time: ctx.ago(startedAgo),
      end_time: ['completed', 'failed', 'cancelled'].includes(status)
        ? ctx.ago(startedAgo - elapsed / 60)
        : null,
      created_by: person.id,
      parameters: Object.fromEntries(def.parameters.map((p) => [p.name, p.default ?? 'triage'])),
      request: { source: rng.pick(['ui', 'ui', 'incident', 'notification']), user: person.email },
      agent_id: agentId,
      error:
        status === 'failed'
          ? `action "${def.actions[Math.max(0, failedAt)]?.name ?? ''}" failed`
          : null,
      check_id: null,
      config_id: null,
      component_id: null,
      ...row,
    });
    for (const action of actions) ctx.add('playbook_run_actions', action);
    if (def.approval && status !== 'pending_approval' && status !== 'scheduled') {
      ctx.add('playbook_approvals', {
        id: rng.uuid(),
        run_id: runId,
        person_id: ctx.person().id,
        team_id: null,
        created_at: ctx.ago(startedAgo + 0.1),
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Notifications, connections, scrapers, jobs, events
// ---------------------------------------------------------------------------------------------

export function generateConnections(ctx: SeedContext): Map<string, string> {
  const { rng } = ctx;
  const ids = new Map<string, string>();
  const list = [
    ['slack-incidents', 'slack', 'https://hooks.slack.com/services/T000/B000/XXXX', null],
    ['slack-payments', 'slack', 'https://hooks.slack.com/services/T000/B001/YYYY', null],
    ['ops-email', 'email', 'smtp://smtp.example.com:587', 'alerts@example.com'],
    ['pagerduty', 'generic_webhook', 'https://events.pagerduty.com/v2/enqueue', null],
    [
      'ledger-postgres',
      'postgres',
      'postgres://ledger-primary.payments.svc:5432/ledger',
      'vigil_ro',
    ],
    ['reporting-mysql', 'mysql', 'mysql://reporting.payments.svc:3306/reports', 'vigil_ro'],
    ['prometheus', 'prometheus', 'http://prometheus.monitoring.svc:9090', null],
    ['aws-prod', 'aws', 'https://sts.amazonaws.com', 'AKIAIOSFODNN7EXAMPLE'],
    ['github-acme', 'github', 'https://api.github.com', 'vigil-bot'],
    ['eks-prod', 'kubernetes', 'https://kubernetes.default.svc', null],
    ['loki', 'http', 'http://loki.monitoring.svc:3100', null],
    ['elastic', 'elasticsearch', 'https://logs.example.com:9200', 'vigil'],
  ] as const;
  for (const [name, type, url, username] of list) {
    const id = rng.uuid();
    ids.set(name, id);
    ctx.add('connections', {
      id,
      name,
      namespace: 'default',
      type,
      url,
      source: 'UI',
      username,
      password: username || type === 'slack' ? `secret-${rng.hex(12)}` : null,
      certificate: null,
      properties:
        type === 'slack'
          ? { channel: name === 'slack-payments' ? '#payments-alerts' : '#incidents' }
          : {},
      insecure_tls: false,
      created_by: ctx.admin,
      created_at: ctx.ago(rng.int(30, 300) * 1440),
      updated_at: ctx.ago(rng.int(1, 30) * 1440),
    });
  }
  ctx.add('logging_backends', {
    id: rng.uuid(),
    name: 'loki',
    labels: { env: 'production' },
    spec: { loki: { url: 'http://loki.monitoring.svc:3100' }, routes: [{ type: 'KubernetesPod' }] },
    source: 'UI',
    created_by: ctx.admin,
    created_at: ctx.ago(200 * 1440),
    updated_at: ctx.ago(20 * 1440),
  });
  ctx.add('logging_backends', {
    id: rng.uuid(),
    name: 'elasticsearch',
    labels: { env: 'production' },
    spec: {
      elasticsearch: { url: 'https://logs.example.com:9200', index: 'logs-*' },
      routes: [{ type: 'Service' }],
    },
    source: 'UI',
    created_by: ctx.admin,
    created_at: ctx.ago(150 * 1440),
    updated_at: ctx.ago(10 * 1440),
  });
  return ids;
}

export function generateScrapers(
  ctx: SeedContext,
  world: World,
  awsScrapers: { id: string; name: string; accounts: string[] }[],
): void {
  for (const scraper of world.scrapers) {
    ctx.add('config_scrapers', {
      id: scraper.id,
      description: `Kubernetes objects of ${scraper.cluster ?? ''}`,
      name: scraper.name,
      spec: {
        schedule: '@every 1h',
        kubernetes: [{ clusterName: scraper.cluster, exclusions: { kinds: ['Event', 'Secret'] } }],
      },
      source: 'KubernetesCRD',
      created_by: ctx.admin,
      agent_id: ctx.agents.get(scraper.agent) ?? '00000000-0000-0000-0000-000000000000',
      created_at: ctx.ago(300 * 1440),
      updated_at: ctx.ago(30 * 1440),
    });
  }
  for (const scraper of awsScrapers) {
    ctx.add('config_scrapers', {
      id: scraper.id,
      description: `AWS accounts ${scraper.accounts.join(', ')}`,
      name: scraper.name,
      spec: {
        schedule: '@every 1h',
        aws: scraper.accounts.map((account) => ({
          accountID: account,
          regions: ['eu-west-1', 'us-east-1', 'eu-central-1'],
          cost_reporting: { table: 'cur' },
          connection: 'connection://default/aws-prod',
        })),
      },
      source: 'KubernetesCRD',
      created_by: ctx.admin,
      agent_id: '00000000-0000-0000-0000-000000000000',
      created_at: ctx.ago(300 * 1440),
      updated_at: ctx.ago(30 * 1440),
    });
  }
}

/** Job history: scraper and topology runs every hour for `hours`, plus housekeeping jobs. */
export function generateJobHistory(
  ctx: SeedContext,
  world: World,
  extra: { resourceType: string; id: string; name: string; stale?: boolean }[],
  hours: number,
  housekeeping = true,
): void {
  const { rng } = ctx;
  const resources = [
    ...world.scrapers.map((s) => ({
      resourceType: 'config_scraper',
      id: s.id,
      name: 'ConfigScraper',
      stale: s.stale,
      agent: s.agent,
    })),
    ...extra.map((e) => ({ ...e, agent: 'local' })),
  ];
  for (const resource of resources) {
    const last = resource.stale ? 3 * 24 + 1 : 0;
    for (let h = last; h < last + hours; h++) {
      const status = rng.weighted([
        ['SUCCESS', 92],
        ['WARNING', 4],
        ['FAILED', 3],
        ['SKIPPED', 1],
      ] as const);
      const duration = rng.int(800, resource.resourceType === 'config_scraper' ? 45_000 : 4_000);
      const start = h * 60 + rng.float(0, 5);
      ctx.add('job_history', {
        id: rng.uuid(),
        agent_id: ctx.agents.get(resource.agent) ?? '00000000-0000-0000-0000-000000000000',
        name: resource.name,
        success_count: status === 'FAILED' ? 0 : rng.int(20, 900),
        error_count: status === 'SUCCESS' ? 0 : rng.int(1, 12),
        details:
          status === 'FAILED'
            ? {
                errors: [
                  rng.pick([
                    'context deadline exceeded',
                    'Unauthorized: token expired',
                    'rate exceeded (Service: EC2, Status Code: 503)',
                  ]),
                ],
              }
            : status === 'WARNING'
              ? { errors: ['2 objects could not be parsed'] }
              : {},
        hostname: 'vigil-0',
        duration_millis: duration,
        resource_type: resource.resourceType,
        resource_id: resource.id,
        status,
        time_start: ctx.ago(start),
        time_end: ctx.ago(start - duration / 60_000),
        created_at: ctx.ago(start),
      });
    }
  }
  const jobs = [
    'CleanupCheckStatuses',
    'RefreshConfigItemSummary',
    'SyncNotificationSilences',
    'CleanupEventQueue',
    'CleanupConfigChanges',
  ];
  for (const name of housekeeping ? jobs : []) {
    for (let h = 0; h < Math.min(hours, 48); h++) {
      const start = h * 60 + 30;
      const duration = rng.int(40, 2_500);
      ctx.add('job_history', {
        id: rng.uuid(),
        agent_id: '00000000-0000-0000-0000-000000000000',
        name,
        success_count: rng.int(0, 5_000),
        error_count: 0,
        details: {},
        hostname: 'vigil-0',
        duration_millis: duration,
        resource_type: null,
        resource_id: null,
        status: h === 0 && name === 'RefreshConfigItemSummary' ? 'RUNNING' : 'SUCCESS',
        time_start: ctx.ago(start),
        time_end:
          h === 0 && name === 'RefreshConfigItemSummary'
            ? null
            : ctx.ago(start - duration / 60_000),
        created_at: ctx.ago(start),
      });
    }
  }
}

export function generateNotifications(
  ctx: SeedContext,
  world: World,
  checks: readonly SeedCheck[],
  components: readonly ComponentRef[],
  connections: Map<string, string>,
  options: { history: number; days: number; namespace?: string },
): void {
  const { rng } = ctx;
  const payments = ctx.team('Payments');
  const sre = ctx.team('SRE');
  const rules = [
    {
      name: 'check-failures',
      events: ['check.failed', 'check.passed'],
      title: 'Check {{.check.name}} is {{.status}}',
      filter: "check.severity in ['critical', 'high']",
      team_id: sre.id,
      custom_services: [{ connection: `connection://default/slack-incidents`, name: 'slack' }],
      repeat: '4h',
    },
    {
      name: 'payments-components',
      events: ['component.unhealthy', 'component.warning', 'component.healthy'],
      title: '{{.component.name}} is {{.component.health}}',
      filter: "component.labels.team == 'payments'",
      team_id: payments.id,
      custom_services: [{ connection: 'connection://default/slack-payments', name: 'slack' }],
      repeat: '1h',
    },
    {
      name: 'config-health',
      events: ['config.unhealthy', 'config.warning'],
      title: '{{.config.type}} {{.config.name}} is {{.config.health}}',
      filter: "config.type == 'Kubernetes::Pod'",
      team_id: null,
      person_id: ctx.admin,
      custom_services: null,
      repeat: '12h',
    },
    {
      name: 'config-deletions',
      events: ['config.deleted'],
      title: '{{.config.name}} deleted',
      filter: "config.tags.cluster.startsWith('prod')",
      team_id: sre.id,
      custom_services: null,
      repeat: null,
    },
    {
      name: 'pager-critical',
      events: ['check.failed'],
      title: 'CRITICAL {{.check.name}}',
      filter: "check.severity == 'critical'",
      team_id: null,
      person_id: ctx.people[0]?.id ?? ctx.admin,
      custom_services: [{ connection: 'connection://default/pagerduty', name: 'pagerduty' }],
      repeat: '30m',
      error: 'generic_webhook: 401 Unauthorized (routing key rejected)',
    },
    {
      name: 'approvals',
      events: ['playbook.approval.inserted', 'playbook.spec.approval.updated'],
      title: 'Playbook approval requested',
      filter: '',
      team_id: sre.id,
      custom_services: [{ connection: 'connection://default/ops-email', name: 'email' }],
      repeat: null,
    },
  ];
  const ids: { id: string; events: string[] }[] = [];
  for (const rule of rules) {
    const id = rng.uuid();
    ids.push({ id, events: rule.events });
    ctx.add('notifications', {
      id,
      name: rule.name,
      namespace: options.namespace ?? 'default',
      events: rule.events,
      error: rule.error ?? null,
      title: rule.title,
      template: '{{.summary}}\n\n[Open in Vigil]({{.permalink}})',
      filter: rule.filter,
      properties: {},
      person_id: rule.person_id ?? null,
      team_id: rule.team_id,
      repeat_interval: rule.repeat,
      wait_for: rule.events.some((e) => e.startsWith('check')) ? 5 * 60 * 1e9 : null,
      group_by: rule.events[0]?.startsWith('config') ? ['type', 'tag:cluster'] : null,
      custom_services: rule.custom_services,
      created_by: ctx.admin,
      created_at: ctx.ago(rng.int(30, 200) * 1440),
      source: 'UI',
      updated_at: ctx.ago(rng.int(1, 20) * 1440),
    });
  }
  void connections;
  const configs = world.configs.filter((c) => c.configClass === 'Pod' && !c.deleted);
  for (let i = 0; i < options.history; i++) {
    const rule = rng.pick(ids);
    const event = rng.pick(rule.events);
    const resource = event.startsWith('check')
      ? rng.pick(checks).id
      : event.startsWith('component')
        ? rng.pick(components).id
        : event.startsWith('config')
          ? rng.pick(configs).id
          : rng.uuid();
    const status = rng.weighted([
      ['sent', 78],
      ['error', 6],
      ['silenced', 7],
      ['repeat-interval', 8],
      ['sending', 1],
    ] as const);
    const at = rng.float(1, options.days * 1440);
    ctx.add('notification_send_history', {
      id: rng.uuid(),
      notification_id: rule.id,
      body: status === 'sent' ? `${event}: ${event.split('.')[1]}` : null,
      status,
      count: status === 'repeat-interval' || status === 'silenced' ? rng.int(1, 12) : 1,
      first_observed: ctx.ago(at + rng.float(0, 30)),
      source_event: event,
      resource_id: resource,
      person_id: rng.chance(0.3) ? ctx.person().id : null,
      error:
        status === 'error'
          ? rng.pick([
              'slack: channel_not_found',
              'dial tcp 10.0.4.12:587: i/o timeout',
              '401 Unauthorized',
            ])
          : null,
      duration_millis: status === 'sent' || status === 'error' ? rng.int(80, 2_400) : null,
      created_at: ctx.ago(at),
    });
  }
}

export function generateSilences(
  ctx: SeedContext,
  checks: readonly SeedCheck[],
  world: World,
  components: readonly ComponentRef[],
): void {
  const { rng } = ctx;
  const legacy =
    checks.find((check) => check.name.startsWith('resolve legacy')) ?? rng.pick(checks);
  const lab =
    world.configs.find(
      (config) => config.type === 'Kubernetes::Cluster' && config.name === 'lab',
    ) ?? world.configs[0];
  const silences = [
    {
      description: 'Legacy DNS name is being retired (CHG-2291)',
      from: -2 * 1440,
      until: 5 * 1440,
      check_id: legacy.id,
      recursive: false,
    },
    {
      description: 'Lab cluster offline for hardware maintenance',
      from: -3 * 1440,
      until: 2 * 1440,
      config_id: lab?.id,
      recursive: true,
    },
    {
      description: 'Planned failover test',
      from: -6 * 1440,
      until: -6 * 1440 + 120,
      component_id: components[0]?.id,
      recursive: true,
    },
    {
      description: 'Nightly export migration window',
      from: 1440,
      until: 1440 + 240,
      canary_id: rng.pick(checks).canaryId,
      recursive: false,
    },
  ];
  for (const silence of silences) {
    ctx.add('notification_silences', {
      id: rng.uuid(),
      namespace: 'default',
      description: silence.description,
      from: new Date(ctx.now + silence.from * 60_000).toISOString(),
      until: new Date(ctx.now + silence.until * 60_000).toISOString(),
      recursive: silence.recursive,
      config_id: silence.config_id ?? null,
      check_id: silence.check_id ?? null,
      canary_id: silence.canary_id ?? null,
      component_id: silence.component_id ?? null,
      source: 'UI',
      created_by: ctx.admin,
      created_at: ctx.ago(Math.max(10, -silence.from + 30)),
      updated_at: ctx.ago(Math.max(10, -silence.from + 30)),
    });
  }
}

/** A few pending and retried events, as a busy backend would show. */
export function generateEvents(ctx: SeedContext, checks: readonly SeedCheck[], world: World): void {
  const { rng } = ctx;
  const failing = checks.filter((check) => check.failing);
  const events: [string, Record<string, string>, number, string | null][] = [
    ...failing
      .slice(0, 3)
      .map(
        (check) =>
          ['check.failed', { id: check.id }, 0, null] as [
            string,
            Record<string, string>,
            number,
            string | null,
          ],
      ),
    [
      'notification.send',
      { id: rng.uuid(), event: 'check.failed' },
      3,
      'slack: rate_limited, retry after 30s',
    ],
    ['notification.send', { id: rng.uuid(), event: 'component.unhealthy' }, 1, null],
    [
      'config.updated',
      { id: world.configs[rng.int(0, world.configs.length - 1)]?.id ?? '' },
      0,
      null,
    ],
    [
      'config.unhealthy',
      { id: world.configs.find((c) => c.health === 'unhealthy')?.id ?? '' },
      0,
      null,
    ],
    ['playbook.run.scheduled', { id: rng.uuid() }, 0, null],
    ['incident.responder.added', { id: rng.uuid() }, 5, 'jira: project OPS not found'],
  ];
  for (const [name, properties, attempts, error] of events) {
    const created = rng.float(0.2, 20);
    ctx.add('event_queue', {
      id: rng.uuid(),
      name,
      properties,
      error,
      delay: attempts > 0 ? attempts * 30 : null,
      created_at: ctx.ago(created),
      last_attempt: attempts > 0 ? ctx.ago(created / 2) : null,
      attempts,
      priority: name.startsWith('notification') ? 10 : 100,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The bench incident (VIGIL_SEED=large)
// ---------------------------------------------------------------------------------------------

/**
 * The id of the large dataset's bench incident: one incident with {@link BENCH_HYPOTHESES}
 * hypotheses (a root, 19 factors, 180 solutions) and {@link BENCH_EVIDENCES} evidences of every
 * type, for issue 13's bench (the workspace's first content under 1.5 s). /incidents/{this id}.
 */
export const BENCH_INCIDENT_ID = '13b0e4c0-0000-4000-8000-000000000200';
export const BENCH_HYPOTHESES = 200;
export const BENCH_EVIDENCES = 500;

const BENCH_FACTORS = [
  'Connection pool exhausted on the orders database',
  'DNS resolution intermittently failing in two regions',
  'Node group scaled in during peak traffic',
  'Retry storm after the gateway timeout change',
  'Noisy neighbour on shared Kafka brokers',
  'Certificate rotation restarted the sidecars',
  'Config drift between clusters after the last sync',
  'Memory limit too low for the new release',
  'Cache hit ratio dropped after the key format change',
  'Slow queries after the statistics reset',
  'Rate limiting by the payment provider',
  'Pod disruption budget blocked the rollout',
  'Liveness probe too aggressive under load',
  'Stale service endpoints after a failed drain',
  'Ingress controller reload dropped connections',
  'Clock skew on a subset of nodes',
  'Disk pressure evicted the log shippers',
  'Feature flag enabled for every tenant at once',
  'Batch job competing with online traffic',
];
const BENCH_SOLUTIONS = [
  'Roll back the release',
  'Raise the pool size and add a circuit breaker',
  'Pin the node group minimum during business hours',
  'Add jittered backoff to the client',
  'Move the workload to dedicated brokers',
  'Stagger certificate rotation per zone',
  'Reconcile the clusters from Git',
  'Raise the memory limit to 1 GiB',
  'Warm the cache before switching key formats',
  'Run ANALYZE after maintenance windows',
];

/**
 * Add the bench incident, with ids and content from its own generator (so the rest of the
 * dataset is unchanged): every hypothesis holds two or three of the evidences, which point at
 * the fleet's checks, components, config items, changes and insights, plus logs and comments;
 * some check evidences are automatic definitions of done.
 */
export function generateBenchIncident(
  ctx: SeedContext,
  rng: SeedContext['rng'],
  subjects: {
    checks: readonly SeedCheck[];
    components: readonly { id: string; name: string }[];
    configs: readonly ConfigRef[];
  },
): void {
  const changes = ctx.rows.get('config_changes') ?? [];
  const analyses = ctx.rows.get('config_analysis') ?? [];
  const people = rng.sample(ctx.people, 6);
  const commander = people[0] ?? ctx.person();
  const openedAgo = 2 * 1440;
  const title = 'Checkout errors across the fleet';
  ctx.add('incidents', {
    id: BENCH_INCIDENT_ID,
    title,
    created_by: commander.id,
    commander_id: commander.id,
    communicator_id: (people[1] ?? commander).id,
    severity: 'critical',
    description:
      'Checkout fails intermittently in most regions; many contributing factors are being investigated in parallel.',
    type: 'availability',
    status: 'investigating',
    acknowledged: ctx.ago(openedAgo - 5),
    resolved: null,
    closed: null,
    created_at: ctx.ago(openedAgo),
    updated_at: ctx.ago(openedAgo - 5),
  });
  ctx.add('incident_histories', {
    id: rng.uuid(),
    incident_id: BENCH_INCIDENT_ID,
    created_by: commander.id,
    type: 'incident.status_updated',
    description: 'investigating',
    created_at: ctx.ago(openedAgo - 5),
    updated_at: ctx.ago(openedAgo - 5),
  });
  const responders = people.slice(0, 4).map((person, index) => {
    const id = rng.uuid();
    ctx.add('responders', {
      id,
      incident_id: BENCH_INCIDENT_ID,
      type: 'person',
      index,
      person_id: person.id,
      team_id: null,
      external_id: null,
      properties: { responderType: 'person', person: person.id },
      acknowledged: ctx.ago(openedAgo - 10 - index),
      resolved: null,
      closed: null,
      created_by: commander.id,
      created_at: ctx.ago(openedAgo - 2 - index),
      updated_at: ctx.ago(openedAgo - 2 - index),
    });
    return id;
  });

  // Hypotheses: the root, 19 factors, 180 solutions (9 or 10 per factor).
  const hypotheses: string[] = [];
  const hypothesis = (
    type: string,
    parent: string | null,
    text: string,
    status: string,
    at: number,
  ): string => {
    const id = rng.uuid();
    ctx.add('hypotheses', {
      id,
      created_by: rng.pick(people).id,
      incident_id: BENCH_INCIDENT_ID,
      parent_id: parent,
      owner:
        parent === null ? (responders[0] ?? null) : rng.chance(0.3) ? rng.pick(responders) : null,
      team_id: null,
      type,
      title: text,
      status,
      created_at: ctx.ago(at),
      updated_at: ctx.ago(at),
    });
    hypotheses.push(id);
    return id;
  };
  const root = hypothesis(
    'root',
    null,
    'Checkout requests fail under load',
    'likely',
    openedAgo - 3,
  );
  const solutionsTotal = BENCH_HYPOTHESES - 1 - BENCH_FACTORS.length;
  BENCH_FACTORS.forEach((factor, index) => {
    const at = openedAgo - 10 - index * 60;
    const factorId = hypothesis(
      'factor',
      root,
      factor,
      rng.pick(['possible', 'likely', 'unlikely', 'improbable', 'proven', 'disproven']),
      at,
    );
    const count =
      Math.floor(solutionsTotal / BENCH_FACTORS.length) +
      (index < solutionsTotal % BENCH_FACTORS.length ? 1 : 0);
    for (let s = 0; s < count; s++) {
      const solution = BENCH_SOLUTIONS[(index + s) % BENCH_SOLUTIONS.length] ?? 'Mitigate';
      hypothesis(
        'solution',
        factorId,
        s === 0 ? solution : `${solution} (option ${s + 1})`,
        rng.pick(['possible', 'likely', 'unlikely']),
        at - 5 - s,
      );
    }
  });

  // Evidences: 500 over the 200 hypotheses, every type in turn.
  const types = [
    'check',
    'topology',
    'config',
    'config_change',
    'config_analysis',
    'log',
    'comment',
  ] as const;
  for (let index = 0; index < BENCH_EVIDENCES; index++) {
    const hypothesisId = hypotheses[index % hypotheses.length] ?? root;
    const type = types[index % types.length] ?? 'comment';
    const at = openedAgo - 20 - index * 4;
    const row: Record<string, unknown> = {
      id: rng.uuid(),
      hypothesis_id: hypothesisId,
      created_by: rng.pick(people).id,
      type,
      definition_of_done: false,
      done: null,
      factor: null,
      mitigator: null,
      properties: null,
      config_id: null,
      config_change_id: null,
      config_analysis_id: null,
      component_id: null,
      check_id: null,
      script: null,
      evidence: null,
      created_at: ctx.ago(at),
      updated_at: ctx.ago(at),
    };
    if (type === 'check' && subjects.checks.length > 0) {
      const check = rng.pick(subjects.checks);
      row.check_id = check.id;
      row.description = `${check.name} is failing`;
      row.evidence = { includeMessages: true, start: '6h' };
      if (index % 49 === 0) {
        row.definition_of_done = true;
        row.script = DEFAULT_DOD_SCRIPTS.check;
      }
    } else if (type === 'topology' && subjects.components.length > 0) {
      const component = rng.pick(subjects.components);
      row.component_id = component.id;
      row.description = `${component.name} is degraded`;
    } else if (type === 'config' && subjects.configs.length > 0) {
      const config = rng.pick(subjects.configs);
      row.config_id = config.id;
      row.description = `${config.type.split('::').pop() ?? config.type} ${config.name}`;
      row.evidence = {
        configName: config.name,
        lines: ['spec:', '  replicas: 2', '  resources:', '    limits:', '      memory: 512Mi'],
        selected_lines: { '4': '      memory: 512Mi' },
      };
    } else if (type === 'config_change' && changes.length > 0) {
      const change = rng.pick(changes);
      row.config_id = change.config_id;
      row.config_change_id = change.id;
      row.description = 'Change right before the errors started';
    } else if (type === 'config_analysis' && analyses.length > 0) {
      const analysis = rng.pick(analyses);
      row.config_id = analysis.config_id;
      row.config_analysis_id = analysis.id;
      row.description = 'Related insight';
    } else if (type === 'log') {
      row.description = 'Errors in the checkout service log';
      row.evidence = {
        lines: [
          `${ctx.ago(at)} ERROR upstream connect error or disconnect/reset before headers`,
          `${ctx.ago(at - 1)} WARN retrying request (attempt ${1 + (index % 5)})`,
        ],
        start: '1h',
      };
    } else {
      row.type = 'comment';
      row.description = `Observation ${index + 1}: error rate follows the traffic curve`;
      if (index % 50 === 6) row.definition_of_done = true;
    }
    ctx.add('evidences', row);
  }

  for (let index = 0; index < 30; index++) {
    const at = openedAgo - 15 - index * 90;
    const author = rng.pick(people);
    ctx.add('comments', {
      id: rng.uuid(),
      created_by: author.id,
      comment:
        index === 0
          ? `${mention(people[1] ?? commander)} can you take the database factors?`
          : `Update ${index}: still investigating ${rng.pick(BENCH_FACTORS).toLowerCase()}.`,
      external_id: null,
      external_created_by: null,
      incident_id: BENCH_INCIDENT_ID,
      responder_id: null,
      hypothesis_id: index % 3 === 0 ? rng.pick(hypotheses) : null,
      created_at: ctx.ago(at),
      updated_at: ctx.ago(at),
    });
  }
}
