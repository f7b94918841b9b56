/**
 * Installation instructions of a new agent (spec doc 1 §2; api.md §7.1): the
 * `mission-control-agent` chart, the upstream host = the console's origin, user name `token`,
 * the access token as password, and (when Kubernetes is on) the `mc-agent-kubernetes` chart
 * scraping the cluster at the chosen interval. Two renderings: Helm CLI commands and Flux
 * manifests.
 */
import { toYaml } from '../../lib/yaml';

export const CHART_REPOSITORY = {
  name: 'flanksource',
  url: 'https://flanksource.github.io/charts',
};
export const AGENT_CHART = 'mission-control-agent';
export const AGENT_RELEASE = 'mc-agent';
export const KUBERNETES_CHART = 'mc-agent-kubernetes';
export const KUBERNETES_RELEASE = 'mc-agent-kubernetes';
export const AGENT_NAMESPACE = 'mission-control-agent';
/** The fixed user name of agent credentials; the access token is the password. */
export const AGENT_USERNAME = 'token';
/** How often Flux reconciles the chart source and the releases. */
const FLUX_INTERVAL = '1h';

export interface InstallOptions {
  agentName: string;
  accessToken: string;
  /** Origin the agent pushes to (see `upstreamHost`). */
  host: string;
  kubernetes: { enabled: boolean; interval: string };
  pushTelemetry: { enabled: boolean; topologyName?: string };
}

/**
 * The upstream host: the origin of the API when `apiBase` is an absolute URL (a console served
 * apart from its backend), else the console's own origin.
 */
export function upstreamHost(apiBase: string, consoleOrigin: string): string {
  if (/^https?:\/\//i.test(apiBase)) {
    try {
      return new URL(apiBase).origin;
    } catch {
      // Fall through to the console's origin.
    }
  }
  return consoleOrigin;
}

type ValueMap = [string, string | boolean][];

function agentValues(options: InstallOptions): ValueMap {
  const values: ValueMap = [
    ['upstream.createSecret', true],
    ['upstream.host', options.host],
    ['upstream.username', AGENT_USERNAME],
    ['upstream.password', options.accessToken],
    ['upstream.agentName', options.agentName],
  ];
  if (options.pushTelemetry.enabled) {
    values.push(['pushTelemetry.enabled', true]);
    values.push(['pushTelemetry.topologyName', options.pushTelemetry.topologyName ?? '']);
  }
  return values;
}

function kubernetesValues(options: InstallOptions): ValueMap {
  return [
    ['clusterName', options.agentName],
    ['scraper.schedule', options.kubernetes.interval],
  ];
}

/** Quote a word for a POSIX shell when it holds anything beyond safe characters. */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Escape a `--set` value: Helm splits on commas and reads backslashes. */
function helmValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/,/g, '\\,');
}

function setFlags(values: ValueMap): string[] {
  return values.map(([key, value]) =>
    typeof value === 'boolean'
      ? `--set ${key}=${value}`
      : `--set-string ${shellQuote(`${key}=${helmValue(value)}`)}`,
  );
}

function command(lines: string[]): string {
  return lines.join(' \\\n  ');
}

/** The Helm CLI commands, one per line or continued with backslashes. */
export function helmInstallCommands(options: InstallOptions): string {
  const blocks = [
    `helm repo add ${CHART_REPOSITORY.name} ${CHART_REPOSITORY.url}\nhelm repo update`,
    command([
      `helm install ${AGENT_RELEASE} ${CHART_REPOSITORY.name}/${AGENT_CHART}`,
      `--namespace ${AGENT_NAMESPACE}`,
      '--create-namespace',
      ...setFlags(agentValues(options)),
      '--wait',
    ]),
  ];
  if (options.kubernetes.enabled) {
    blocks.push(
      command([
        `helm install ${KUBERNETES_RELEASE} ${CHART_REPOSITORY.name}/${KUBERNETES_CHART}`,
        `--namespace ${AGENT_NAMESPACE}`,
        ...setFlags(kubernetesValues(options)),
        '--wait',
      ]),
    );
  }
  return `${blocks.join('\n\n')}\n`;
}

/** Dotted keys to a nested object (`upstream.host` → `{ upstream: { host } }`). */
function nest(values: ValueMap): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [path, value] of values) {
    const keys = path.split('.');
    let node = root;
    keys.slice(0, -1).forEach((key) => {
      const child = node[key];
      if (child && typeof child === 'object') node = child as Record<string, unknown>;
      else {
        const created: Record<string, unknown> = {};
        node[key] = created;
        node = created;
      }
    });
    node[keys[keys.length - 1] as string] = value;
  }
  return root;
}

function helmRelease(name: string, chart: string, values: ValueMap, dependsOn?: string) {
  return {
    apiVersion: 'helm.toolkit.fluxcd.io/v2',
    kind: 'HelmRelease',
    metadata: { name, namespace: AGENT_NAMESPACE },
    spec: {
      interval: FLUX_INTERVAL,
      ...(dependsOn ? { dependsOn: [{ name: dependsOn }] } : {}),
      chart: {
        spec: {
          chart,
          sourceRef: { kind: 'HelmRepository', name: CHART_REPOSITORY.name },
        },
      },
      values: nest(values),
    },
  };
}

/** Flux manifests: the namespace, the chart repository and the release(s), as YAML documents. */
export function fluxManifests(options: InstallOptions): string {
  const documents: unknown[] = [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: AGENT_NAMESPACE } },
    {
      apiVersion: 'source.toolkit.fluxcd.io/v1',
      kind: 'HelmRepository',
      metadata: { name: CHART_REPOSITORY.name, namespace: AGENT_NAMESPACE },
      spec: { interval: FLUX_INTERVAL, url: CHART_REPOSITORY.url },
    },
    helmRelease(AGENT_RELEASE, AGENT_CHART, agentValues(options)),
  ];
  if (options.kubernetes.enabled) {
    documents.push(
      helmRelease(KUBERNETES_RELEASE, KUBERNETES_CHART, kubernetesValues(options), AGENT_RELEASE),
    );
  }
  return documents.map((document) => toYaml(document)).join('---\n');
}
