/**
 * The health-check kinds of the add flow and their form fields (spec doc 3 §4, §5): HTTP with
 * methods, response codes, a body only for POST and PUT, the authentication selector and secret
 * values; TCP, ICMP, DNS, Redis, exec, folder, Elasticsearch, Alertmanager and more, each with
 * the required fields and number minimums of §5. Pure data and pure functions, tested beside.
 */

/** "HTTP methods: GET, POST, PUT, DELETE" (spec doc 3 §5). */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
/** "Response code options" (spec doc 3 §5). */
export const RESPONSE_CODES = [200, 201, 202, 204, 301, 302, 401, 404, 500, 502, 503] as const;
/** The authentication selector (spec doc 3 §4): mutually exclusive. */
export const AUTHENTICATION_MODES = ['None', 'Basic', 'NTLM', 'NTLMv2'] as const;
export type AuthenticationMode = (typeof AUTHENTICATION_MODES)[number];
/** Script types (spec doc 3 §4) and the key each writes. */
export const SCRIPT_TYPES = [
  { label: 'None', key: '' },
  { label: 'Go Template', key: 'template' },
  { label: 'Javascript', key: 'javascript' },
  { label: 'Expr', key: 'expr' },
  { label: 'JSONPath', key: 'jsonPath' },
] as const;
/** Secret value modes (spec doc 3 §4). */
export const SECRET_MODES = ['Static', 'Config Map', 'Secret'] as const;
export type SecretMode = (typeof SECRET_MODES)[number];

export const REQUIRED_MESSAGE = 'This field is required';
export const NUMBER_MESSAGE = 'This field must be a number';
export const MINIMUM_MESSAGE = 'This field must be 0 or more';

export type CheckField =
  | { key: string; label: string; kind: 'text' | 'textarea'; required?: boolean; hint?: string }
  | { key: string; label: string; kind: 'number'; required?: boolean; min?: number }
  | { key: string; label: string; kind: 'select'; options: readonly string[]; required?: boolean }
  | { key: string; label: string; kind: 'boolean' }
  | { key: string; label: string; kind: 'secret'; required?: boolean }
  | { key: string; label: string; kind: 'list'; hint?: string };

export interface CheckKind {
  id: string;
  label: string;
  description: string;
  fields: readonly CheckField[];
  /** Values a new check of this kind starts with. */
  defaults: Record<string, unknown>;
}

const threshold = (label = 'Max response time (ms)'): CheckField => ({
  key: 'thresholdMillis',
  label,
  kind: 'number',
  min: 0,
});

export const CHECK_KINDS: readonly CheckKind[] = [
  {
    id: 'http',
    label: 'HTTP',
    description: 'Call a URL and check the response',
    // The HTTP form's method, codes, body and authentication are drawn by the form itself.
    fields: [
      { key: 'url', label: 'URL', kind: 'text', required: true },
      threshold(),
      { key: 'maxSSLExpiry', label: 'SSL expiry (days)', kind: 'number', min: 0 },
      { key: 'responseContent', label: 'Response content', kind: 'text' },
    ],
    defaults: { url: '', method: 'GET', responseCodes: [200] },
  },
  {
    id: 'tcp',
    label: 'TCP',
    description: 'Open a TCP connection',
    fields: [
      { key: 'endpoint', label: 'URL', kind: 'text', required: true, hint: 'host:port' },
      threshold('Threshold (ms)'),
    ],
    defaults: { endpoint: '' },
  },
  {
    id: 'icmp',
    label: 'ICMP',
    description: 'Ping a host',
    fields: [
      { key: 'endpoint', label: 'Host', kind: 'text', required: true },
      threshold(),
      { key: 'packetCount', label: 'Packet count', kind: 'number', min: 0 },
      { key: 'packetLossThreshold', label: 'Packet loss threshold (%)', kind: 'number', min: 0 },
    ],
    defaults: { endpoint: '', packetCount: 5 },
  },
  {
    id: 'dns',
    label: 'DNS',
    description: 'Resolve a name',
    fields: [
      { key: 'query', label: 'Query', kind: 'text', required: true },
      { key: 'server', label: 'Server', kind: 'text' },
      { key: 'port', label: 'Port', kind: 'number', min: 0 },
      {
        key: 'querytype',
        label: 'Query type',
        kind: 'select',
        options: ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'PTR', 'SRV', 'TXT'],
      },
      { key: 'minrecords', label: 'Minimum records', kind: 'number', min: 0 },
      { key: 'exactreply', label: 'Exact reply', kind: 'list', hint: 'Comma separated' },
      threshold(),
    ],
    defaults: { query: '', querytype: 'A', port: 53 },
  },
  {
    id: 'redis',
    label: 'Redis',
    description: 'Connect to a Redis server',
    fields: [
      { key: 'addr', label: 'Address', kind: 'text', required: true, hint: 'host:port' },
      { key: 'db', label: 'Database', kind: 'number', min: 0 },
      { key: 'username', label: 'Username', kind: 'secret' },
      { key: 'password', label: 'Password', kind: 'secret' },
    ],
    defaults: { addr: '', db: 0 },
  },
  {
    id: 'exec',
    label: 'Exec',
    description: 'Run a script',
    fields: [{ key: 'script', label: 'Script', kind: 'textarea', required: true }],
    defaults: { script: '' },
  },
  {
    id: 'folder',
    label: 'Folder',
    description: 'Check files in a folder',
    fields: [
      { key: 'path', label: 'Folder path', kind: 'text', required: true },
      { key: 'minCount', label: 'Minimum files', kind: 'number', min: 0 },
      { key: 'maxCount', label: 'Maximum files', kind: 'number', min: 0 },
      { key: 'maxAge', label: 'Maximum age', kind: 'text', hint: 'e.g. 1d' },
    ],
    defaults: { path: '' },
  },
  {
    id: 'elasticsearch',
    label: 'Elasticsearch',
    description: 'Query an index',
    fields: [
      { key: 'url', label: 'URL', kind: 'text', required: true },
      { key: 'index', label: 'Index', kind: 'text', required: true },
      { key: 'query', label: 'Query', kind: 'textarea', required: true },
      { key: 'results', label: 'Expected results', kind: 'number', min: 0 },
      { key: 'username', label: 'Username', kind: 'secret' },
      { key: 'password', label: 'Password', kind: 'secret' },
    ],
    defaults: { url: '', index: '', query: '', results: 1 },
  },
  {
    id: 'alertmanager',
    label: 'Alertmanager',
    description: 'Firing alerts',
    fields: [
      { key: 'url', label: 'Host', kind: 'text', required: true },
      { key: 'alerts', label: 'Alerts', kind: 'list', hint: 'Comma separated' },
      { key: 'ignore', label: 'Ignore', kind: 'list', hint: 'Comma separated' },
    ],
    defaults: { url: '' },
  },
  {
    id: 'prometheus',
    label: 'Prometheus',
    description: 'A PromQL query',
    fields: [
      { key: 'url', label: 'URL', kind: 'text' },
      { key: 'query', label: 'Query', kind: 'textarea', required: true },
    ],
    defaults: { url: '', query: '' },
  },
  {
    id: 'postgres',
    label: 'Postgres',
    description: 'Query a PostgreSQL database',
    fields: [
      { key: 'url', label: 'Connection URL', kind: 'secret', required: true },
      { key: 'query', label: 'Query', kind: 'textarea' },
      { key: 'results', label: 'Expected results', kind: 'number', min: 0 },
    ],
    defaults: { url: '', query: 'SELECT 1', results: 1 },
  },
  {
    id: 'mysql',
    label: 'MySQL',
    description: 'Query a MySQL database',
    fields: [
      { key: 'url', label: 'Connection URL', kind: 'secret', required: true },
      { key: 'query', label: 'Query', kind: 'textarea' },
      { key: 'results', label: 'Expected results', kind: 'number', min: 0 },
    ],
    defaults: { url: '', query: 'SELECT 1', results: 1 },
  },
  {
    id: 'mongodb',
    label: 'MongoDB',
    description: 'Connect to MongoDB',
    fields: [{ key: 'url', label: 'Connection URL', kind: 'secret', required: true }],
    defaults: { url: '' },
  },
  {
    id: 'ldap',
    label: 'LDAP',
    description: 'Bind to a directory',
    fields: [
      { key: 'url', label: 'URL', kind: 'text', required: true },
      { key: 'bindDN', label: 'Bind DN', kind: 'text', required: true },
      { key: 'userSearch', label: 'User search', kind: 'text' },
      { key: 'username', label: 'Username', kind: 'secret' },
      { key: 'password', label: 'Password', kind: 'secret' },
    ],
    defaults: { url: '', bindDN: '' },
  },
  {
    id: 'kubernetes',
    label: 'Kubernetes',
    description: 'Resources are ready and healthy',
    fields: [
      { key: 'kind', label: 'Kind', kind: 'text', required: true },
      { key: 'ready', label: 'Ready', kind: 'boolean' },
      { key: 'healthy', label: 'Healthy', kind: 'boolean' },
    ],
    defaults: { kind: 'Pod', ready: true },
  },
];

export function checkKind(id: string): CheckKind | undefined {
  return CHECK_KINDS.find((kind) => kind.id === id);
}

/** The first check kind a canary spec holds (`http`, `tcp`…), or null. */
export function specCheckKind(spec: unknown): CheckKind | null {
  if (!spec || typeof spec !== 'object' || Array.isArray(spec)) return null;
  for (const key of Object.keys(spec)) {
    const kind = checkKind(key);
    const value = (spec as Record<string, unknown>)[key];
    if (kind && Array.isArray(value)) return kind;
  }
  return null;
}

/**
 * A number field's error (spec doc 3 §5): blank and required → 'This field is required'; not
 * numeric → 'This field must be a number'; below the minimum → 'This field must be 0 or more'.
 */
export function numberFieldError(
  raw: string,
  options: { required?: boolean; min?: number } = {},
): string | undefined {
  const text = raw.trim();
  if (text === '') return options.required ? REQUIRED_MESSAGE : undefined;
  if (!/^-?\d+(\.\d+)?$/.test(text)) return NUMBER_MESSAGE;
  if (options.min !== undefined && Number(text) < options.min) return MINIMUM_MESSAGE;
  return undefined;
}

/** Whether an HTTP method carries a body (spec doc 3 §4: "HTTP body is shown only for POST and PUT"). */
export function methodHasBody(method: unknown): boolean {
  return method === 'POST' || method === 'PUT';
}

/** The authentication mode a check's fields express. */
export function authenticationMode(check: Record<string, unknown>): AuthenticationMode {
  if (check.ntlmv2 === true) return 'NTLMv2';
  if (check.ntlm === true) return 'NTLM';
  if (check.username !== undefined || check.password !== undefined) return 'Basic';
  return 'None';
}

/**
 * Choose an authentication mode: the modes are mutually exclusive, so choosing one clears the
 * others' fields (spec doc 3 §4). Basic and NTLM keep the user name and password.
 */
export function withAuthenticationMode(
  check: Record<string, unknown>,
  mode: AuthenticationMode,
): Record<string, unknown> {
  const next = { ...check };
  delete next.ntlm;
  delete next.ntlmv2;
  if (mode === 'None') {
    delete next.username;
    delete next.password;
    return next;
  }
  next.username = check.username ?? '';
  next.password = check.password ?? '';
  if (mode === 'NTLM') next.ntlm = true;
  if (mode === 'NTLMv2') next.ntlmv2 = true;
  return next;
}

/** The script type of a `test` (or display/transform) block. */
export function scriptType(block: unknown): (typeof SCRIPT_TYPES)[number] {
  if (block && typeof block === 'object') {
    const keys = Object.keys(block);
    const found = SCRIPT_TYPES.find((type) => type.key !== '' && keys.includes(type.key));
    if (found) return found;
  }
  return SCRIPT_TYPES[0];
}

/** Switching the script type clears the old text (spec doc 3 §4); None removes the block. */
export function withScriptType(label: string): Record<string, string> | undefined {
  const type = SCRIPT_TYPES.find((entry) => entry.label === label);
  if (!type || type.key === '') return undefined;
  return { [type.key]: '' };
}

/** A secret-capable value as edited: a mode and its value, name and key. */
export interface SecretValue {
  mode: SecretMode;
  value: string;
  name: string;
  key: string;
}

/** Read a stored value (a string, `{value}`, or `{valueFrom: {secretKeyRef|configMapKeyRef}}`). */
export function readSecretValue(stored: unknown): SecretValue {
  const empty: SecretValue = { mode: 'Static', value: '', name: '', key: '' };
  if (typeof stored === 'string') return { ...empty, value: stored };
  if (!stored || typeof stored !== 'object') return empty;
  const record = stored as Record<string, unknown>;
  const from = record.valueFrom as Record<string, Record<string, unknown> | undefined> | undefined;
  const ref = (mode: SecretMode, value: Record<string, unknown>): SecretValue => ({
    ...empty,
    mode,
    name: typeof value.name === 'string' ? value.name : '',
    key: typeof value.key === 'string' ? value.key : '',
  });
  if (from?.secretKeyRef) return ref('Secret', from.secretKeyRef);
  if (from?.configMapKeyRef) return ref('Config Map', from.configMapKeyRef);
  return { ...empty, value: typeof record.value === 'string' ? record.value : '' };
}

/** Write an edited value back in the stored shape. */
export function writeSecretValue(value: SecretValue): unknown {
  if (value.mode === 'Static') return value.value;
  const ref = { name: value.name, key: value.key };
  return {
    valueFrom: value.mode === 'Secret' ? { secretKeyRef: ref } : { configMapKeyRef: ref },
  };
}

/** Whether a secret value is empty (for 'This field is required'). */
export function isSecretEmpty(value: SecretValue): boolean {
  return value.mode === 'Static'
    ? value.value.trim() === ''
    : value.name.trim() === '' || value.key.trim() === '';
}

/**
 * The errors of one check against its kind's fields (spec doc 3 §5): the name, required fields,
 * numbers and minimums, and the HTTP body only with POST or PUT. Keys are field keys.
 */
export function validateCheck(kind: CheckKind, check: Record<string, unknown>) {
  const errors: Record<string, string> = {};
  if (typeof check.name !== 'string' || check.name.trim() === '') errors.name = REQUIRED_MESSAGE;
  for (const field of kind.fields) {
    const value = check[field.key];
    if (field.kind === 'number') {
      const raw = value === undefined || value === null ? '' : String(value);
      const error = numberFieldError(raw, field);
      if (error) errors[field.key] = error;
    } else if (field.kind === 'secret') {
      if (field.required && isSecretEmpty(readSecretValue(value))) {
        errors[field.key] = REQUIRED_MESSAGE;
      }
    } else if ('required' in field && field.required) {
      if (typeof value !== 'string' || value.trim() === '') errors[field.key] = REQUIRED_MESSAGE;
    }
  }
  if (kind.id === 'http' && check.body !== undefined && !methodHasBody(check.method)) {
    errors.body = 'A body is sent only with POST or PUT';
  }
  return errors;
}
