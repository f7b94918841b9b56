/**
 * Reading canary-checker's canary spec: which checks it declares (one array per check type:
 * `http: [...]`, `tcp: [...]`…), which of them this runner can run, which canaries it leaves
 * alone, and the `$(self.…)` placeholders that point a check at the reference server itself.
 */

/** The local agent: the runner runs only the checks of canaries owned by it. */
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

/**
 * A canary annotated `vigil.dev/synthetic: "true"` holds generated demo data (its history was
 * written by the seed and its targets are fictional): the runner never probes it.
 */
export const SYNTHETIC_ANNOTATION = 'vigil.dev/synthetic';

/** Check types this runner runs for real; every other type is reported as unsupported. */
export const SUPPORTED_TYPES: ReadonlySet<string> = new Set(['http', 'tcp']);

/**
 * The check types of canary-checker's spec (the `health_<type>` schemas, api.md §9.3). A key of
 * the spec names checks only when it is one of these and holds an array.
 */
export const CHECK_TYPES: ReadonlySet<string> = new Set([
  'alertmanager',
  'awsConfig',
  'awsConfigRule',
  'azureDevops',
  'catalog',
  'cloudwatch',
  'configdb',
  'containerd',
  'containerdPush',
  'databaseBackup',
  'dns',
  'docker',
  'dockerPush',
  'dynatrace',
  'ec2',
  'elasticsearch',
  'exec',
  'folder',
  'gitProtocol',
  'github',
  'helm',
  'http',
  'icmp',
  'jmeter',
  'junit',
  'kubernetes',
  'kubernetesResource',
  'ldap',
  'mongodb',
  'mssql',
  'mysql',
  'namespace',
  'opensearch',
  'pod',
  'postgres',
  'prometheus',
  'redis',
  'restic',
  's3',
  'tcp',
]);

/** One check a canary spec declares. */
export interface CheckDefinition {
  type: string;
  name: string;
  spec: Record<string, unknown>;
  description: string | null;
  icon: string;
  labels: Record<string, string> | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Whether a canary's annotations mark it synthetic (see {@link SYNTHETIC_ANNOTATION}). */
export function isSynthetic(annotations: unknown): boolean {
  return isRecord(annotations) && String(annotations[SYNTHETIC_ANNOTATION]) === 'true';
}

function checkName(type: string, entry: Record<string, unknown>, index: number): string {
  for (const key of ['name', 'url', 'endpoint', 'host', 'server', 'query']) {
    const value = entry[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return `${type}-${index + 1}`;
}

function stringLabels(value: unknown): Record<string, string> | null {
  if (!isRecord(value)) return null;
  const labels: Record<string, string> = {};
  for (const [key, label] of Object.entries(value)) {
    if (typeof label === 'string') labels[key] = label;
  }
  return Object.keys(labels).length > 0 ? labels : null;
}

/**
 * The checks a canary spec declares, in spec order. Names are unique per type (a repeated name
 * keeps its first entry, as the `checks` unique key allows only one).
 */
export function checksOfCanary(spec: unknown): CheckDefinition[] {
  if (!isRecord(spec)) return [];
  const out: CheckDefinition[] = [];
  const seen = new Set<string>();
  for (const [type, entries] of Object.entries(spec)) {
    if (!CHECK_TYPES.has(type) || !Array.isArray(entries)) continue;
    entries.forEach((entry: unknown, index) => {
      if (!isRecord(entry)) return;
      const name = checkName(type, entry, index);
      const key = `${type}\u0000${name}`;
      if (seen.has(key)) return;
      seen.add(key);
      out.push({
        type,
        name,
        spec: entry,
        description: typeof entry.description === 'string' ? entry.description : null,
        icon: typeof entry.icon === 'string' && entry.icon !== '' ? entry.icon : type,
        labels: stringLabels(entry.labels),
      });
    });
  }
  return out;
}

/** Where the reference server itself answers, for `$(self.url)`, `$(self.host)`, `$(self.port)`. */
export interface SelfAddress {
  url: string;
  host: string;
  port: string;
}

/** The parts of a base URL such as `http://127.0.0.1:8080`. */
export function selfAddress(baseUrl: string): SelfAddress {
  const url = new URL(baseUrl);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return { url: `${url.origin}${url.pathname.replace(/\/+$/, '')}`, host, port };
}

const SELF_PLACEHOLDER = /\$\(self\.(url|host|port)\)/g;

/** Whether a spec mentions the server's own address. */
export function mentionsSelf(value: unknown): boolean {
  return JSON.stringify(value ?? null).match(SELF_PLACEHOLDER) !== null;
}

/**
 * A copy of `value` with `$(self.url)`, `$(self.host)` and `$(self.port)` replaced in every
 * string. Without an address the value is returned unchanged.
 */
export function resolveSelf<T>(value: T, self: SelfAddress | undefined): T {
  if (!self) return value;
  const visit = (item: unknown): unknown => {
    if (typeof item === 'string') {
      return item.replace(SELF_PLACEHOLDER, (_match, part: 'url' | 'host' | 'port') => self[part]);
    }
    if (Array.isArray(item)) return item.map(visit);
    if (isRecord(item)) {
      return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, visit(entry)]));
    }
    return item;
  };
  return visit(value) as T;
}
