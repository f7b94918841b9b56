/**
 * The Add Integration dialog's GitOps choices (spec doc 3 §2.6, §9): each installs a Flanksource
 * Helm chart whose values the user edits (validated by the choice's JSON schema), and the dialog
 * shows the Flux HelmRepository + HelmRelease manifest and the equivalent Helm command. Defaults:
 * namespace mission-control, interval 30m. The schemas are Vigil's own summaries of the charts'
 * main values (this build does not fetch chart files from the registry).
 */
import { toYaml } from '../../../lib/yaml';

export const GITOPS_DEFAULTS = { namespace: 'mission-control', interval: '30m' } as const;
export const CHART_REPOSITORY = {
  name: 'flanksource',
  url: 'https://flanksource.github.io/charts',
};
export const FLUX_WARNING =
  'The Kubernetes chart (mission-control-kubernetes) must be installed in Flux before this integration can work.';

export interface GitOpsChoice {
  id: string;
  label: string;
  chart: string;
  description: string;
  /** The starting values (YAML). */
  values: string;
  schema: Record<string, unknown>;
}

const schedule = { type: 'string', description: 'How often to scrape, e.g. @every 30m' };

export const GITOPS_CHOICES: readonly GitOpsChoice[] = [
  {
    id: 'aws',
    label: 'AWS',
    chart: 'mission-control-aws',
    description: 'Scrape AWS accounts into the catalog.',
    values: 'region: eu-west-1\nconnection: connection://aws\nscraper:\n  schedule: "@every 30m"\n',
    schema: {
      type: 'object',
      required: ['region'],
      properties: {
        region: { type: 'string', minLength: 1, description: 'The AWS region to scrape' },
        connection: { type: 'string', description: 'A stored AWS connection' },
        scraper: { type: 'object', properties: { schedule } },
      },
    },
  },
  {
    id: 'azure',
    label: 'Azure',
    chart: 'mission-control-azure',
    description: 'Scrape Azure subscriptions into the catalog.',
    values: 'tenantID: ""\nsubscriptionID: ""\nconnection: connection://azure\n',
    schema: {
      type: 'object',
      required: ['tenantID', 'subscriptionID'],
      properties: {
        tenantID: { type: 'string', minLength: 1 },
        subscriptionID: { type: 'string', minLength: 1 },
        connection: { type: 'string' },
      },
    },
  },
  {
    id: 'prometheus',
    label: 'Prometheus',
    chart: 'mission-control-prometheus',
    description: 'Health checks and topology from a Prometheus server.',
    values: 'url: http://prometheus.monitoring.svc:9090\n',
    schema: {
      type: 'object',
      required: ['url'],
      properties: { url: { type: 'string', pattern: '^https?://.+' } },
    },
  },
  {
    id: 'flux',
    label: 'Flux',
    chart: 'mission-control-flux',
    description: 'Flux sources, kustomizations and releases in the catalog.',
    values: 'scraper:\n  schedule: "@every 30m"\n',
    schema: {
      type: 'object',
      properties: { scraper: { type: 'object', properties: { schedule } } },
    },
  },
  {
    id: 'kubernetes',
    label: 'Kubernetes',
    chart: 'mission-control-kubernetes',
    description: 'A cluster’s resources, changes and events.',
    values: 'clusterName: production\nscraper:\n  schedule: "@every 30m"\n',
    schema: {
      type: 'object',
      required: ['clusterName'],
      properties: {
        clusterName: { type: 'string', minLength: 1, pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' },
        scraper: { type: 'object', properties: { schedule } },
      },
    },
  },
  {
    id: 'mission-control',
    label: 'Mission Control',
    chart: 'mission-control',
    description: 'The Mission Control backend itself.',
    values: 'global:\n  ui:\n    host: mission-control.example.com\n',
    schema: {
      type: 'object',
      properties: {
        global: {
          type: 'object',
          properties: { ui: { type: 'object', properties: { host: { type: 'string' } } } },
        },
      },
    },
  },
];

export interface GitOpsForm {
  name: string;
  namespace: string;
  interval: string;
  /** The parsed values (an object). */
  values: Record<string, unknown>;
}

const DNS_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DURATION = /^(\d+(ms|s|m|h))+$/;

/** Problems of the release fields (values are checked by the editor against the schema). */
export function gitOpsFieldProblems(form: Pick<GitOpsForm, 'name' | 'namespace' | 'interval'>) {
  const problems: Partial<Record<'name' | 'namespace' | 'interval', string>> = {};
  if (!form.name.trim()) problems.name = 'This field is required';
  else if (!DNS_NAME.test(form.name) || form.name.length > 53) {
    problems.name = 'Lowercase letters, digits and hyphens (at most 53)';
  }
  if (!form.namespace.trim()) problems.namespace = 'This field is required';
  else if (!DNS_NAME.test(form.namespace) || form.namespace.length > 63) {
    problems.namespace = 'Lowercase letters, digits and hyphens (at most 63)';
  }
  if (!DURATION.test(form.interval)) problems.interval = 'A duration such as 30m or 1h';
  return problems;
}

/** The Flux manifest: the chart repository and the release with the values. */
export function fluxManifest(choice: GitOpsChoice, form: GitOpsForm): string {
  const repository = {
    apiVersion: 'source.toolkit.fluxcd.io/v1',
    kind: 'HelmRepository',
    metadata: { name: CHART_REPOSITORY.name, namespace: form.namespace },
    spec: { interval: form.interval, url: CHART_REPOSITORY.url },
  };
  const release = {
    apiVersion: 'helm.toolkit.fluxcd.io/v2',
    kind: 'HelmRelease',
    metadata: { name: form.name, namespace: form.namespace },
    spec: {
      interval: form.interval,
      chart: {
        spec: {
          chart: choice.chart,
          sourceRef: {
            kind: 'HelmRepository',
            name: CHART_REPOSITORY.name,
            namespace: form.namespace,
          },
        },
      },
      ...(Object.keys(form.values).length > 0 ? { values: form.values } : {}),
    },
  };
  return `${toYaml(repository)}---\n${toYaml(release)}`;
}

/** `a.b=c` pairs of a values object; arrays by index. */
export function flattenValues(value: unknown, prefix = ''): [string, string][] {
  if (value === null || value === undefined) return prefix ? [[prefix, 'null']] : [];
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => flattenValues(item, `${prefix}[${index}]`));
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) =>
      flattenValues(
        item,
        prefix ? `${prefix}.${key.replace(/\./g, '\\.')}` : key.replace(/\./g, '\\.'),
      ),
    );
  }
  return [[prefix, String(value)]];
}

/** Quote for a POSIX shell. */
function shellQuote(text: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The Helm command line that installs the same release. */
export function helmCommand(choice: GitOpsChoice, form: GitOpsForm): string {
  const sets = flattenValues(form.values).map(([key, value]) => {
    // Helm splits --set on commas: escape them inside values.
    const flag =
      typeof value === 'string' && /^(true|false|null|-?\d+(\.\d+)?)$/.test(value)
        ? '--set'
        : '--set-string';
    return `  ${flag} ${shellQuote(`${key}=${value.replace(/,/g, '\\,')}`)}`;
  });
  return [
    `helm repo add ${CHART_REPOSITORY.name} ${CHART_REPOSITORY.url}`,
    'helm repo update',
    [
      `helm upgrade --install ${shellQuote(form.name)} ${CHART_REPOSITORY.name}/${choice.chart} \\`,
      `  --namespace ${shellQuote(form.namespace)} --create-namespace${sets.length ? ' \\' : ''}`,
      ...sets.map((line, index) => (index < sets.length - 1 ? `${line} \\` : line)),
    ].join('\n'),
  ].join('\n');
}
