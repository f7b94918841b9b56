/**
 * The 25 connection types of spec doc 3 §3, described once: the fields of each type's form (label,
 * kind, where the value is stored, default, required), and the two mappings between a form and a
 * `connections` row (url, username, password, certificate, properties, insecure_tls). The type
 * picker, the form, its validation and the save all read this table (docs/connections.md).
 *
 * Secret fields take a value in one of three modes (spec §4): Static (the value itself), Secret
 * (`secret://{name}/{key}`) or Config Map (`configmap://{name}/{key}`). Stored secrets come back
 * masked as `***`; a form that leaves them untouched sends `***` back, which keeps them.
 */

import { CONNECTION_TYPES, type ConnectionType } from '../../../api/connection-types';

export { CONNECTION_TYPES, type ConnectionType };

/** The mask the server returns for a stored secret (schema.md §6). */
export const MASK = '***';
export const DEFAULT_NAMESPACE = 'default';
export const REQUIRED_MESSAGE = 'This field is required';
export const NUMBER_MESSAGE = 'This field must be a number';

/** Where a field's value lives in the row. */
export type FieldTarget =
  | 'url'
  | 'username'
  | 'password'
  | 'certificate'
  | 'insecure_tls'
  | `properties.${string}`
  /** Only in the form (a choice that decides which fields show). */
  | `form.${string}`;

export type FieldKind =
  | 'text'
  /** A secret value with its mode (Static, Secret, Config Map). */
  | 'secret'
  /** A multi-line secret (certificates, keys, credentials JSON). */
  | 'secret-text'
  | 'number'
  | 'switch'
  | 'select';

export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;

export interface ConnectionField {
  /** The form key (and the row target). */
  target: FieldTarget;
  label: string;
  kind: FieldKind;
  required?: boolean;
  default?: FormValue;
  placeholder?: string;
  hint?: string;
  options?: readonly { value: string; label: string }[];
  /** Shown only when this holds for the current values. */
  when?: (values: FormValues) => boolean;
}

export type ConnectionCategory =
  'Databases' | 'Observability' | 'Cloud' | 'Source control' | 'Files and hosts';

export interface ConnectionTypeSpec {
  type: ConnectionType;
  label: string;
  /** Two letters for the picker's tile. */
  short: string;
  category: ConnectionCategory;
  /** Not offered by the picker (jmeter); existing rows still edit. */
  hidden?: boolean;
  fields: readonly ConnectionField[];
}

// --- Field builders -----------------------------------------------------------------------

const url = (label: string, extra: Partial<ConnectionField> = {}): ConnectionField => ({
  target: 'url',
  label,
  kind: 'text',
  required: true,
  ...extra,
});
const username = (label = 'Username', extra: Partial<ConnectionField> = {}): ConnectionField => ({
  target: 'username',
  label,
  kind: 'secret',
  ...extra,
});
const password = (label = 'Password', extra: Partial<ConnectionField> = {}): ConnectionField => ({
  target: 'password',
  label,
  kind: 'secret',
  ...extra,
});
const certificate = (label: string, extra: Partial<ConnectionField> = {}): ConnectionField => ({
  target: 'certificate',
  label,
  kind: 'secret-text',
  ...extra,
});
const property = (
  key: string,
  label: string,
  kind: FieldKind = 'text',
  extra: Partial<ConnectionField> = {},
): ConnectionField => ({ target: `properties.${key}`, label, kind, ...extra });
const insecureTls: ConnectionField = {
  target: 'insecure_tls',
  label: 'Insecure TLS',
  kind: 'switch',
  default: false,
  hint: 'Skip verifying the server certificate.',
};
const credentials = [username(), password()];

const isSsh = (values: FormValues): boolean => values['form.auth'] === 'ssh';

export const CONNECTION_TYPE_SPECS: readonly ConnectionTypeSpec[] = [
  {
    type: 'postgres',
    label: 'PostgreSQL',
    short: 'Pg',
    category: 'Databases',
    fields: [
      url('URL', {
        placeholder: 'postgres://$(username):$(password)@host:5432/db?sslmode=disable',
        hint: '$(username) and $(password) are replaced by the credentials below.',
      }),
      ...credentials,
    ],
  },
  {
    type: 'mysql',
    label: 'MySQL',
    short: 'My',
    category: 'Databases',
    fields: [url('URL', { placeholder: 'mysql://host:3306/db' }), ...credentials],
  },
  {
    type: 'sql_server',
    label: 'SQL Server',
    short: 'MS',
    category: 'Databases',
    fields: [url('URL', { placeholder: 'sqlserver://host:1433?database=db' }), ...credentials],
  },
  {
    type: 'mongo',
    label: 'MongoDB',
    short: 'Mg',
    category: 'Databases',
    fields: [url('URL', { placeholder: 'mongodb://host:27017/db' }), ...credentials, insecureTls],
  },
  {
    type: 'redis',
    label: 'Redis',
    short: 'Rd',
    category: 'Databases',
    fields: [
      url('Address', { placeholder: 'host:6379' }),
      ...credentials,
      property('db', 'Database', 'number', { default: '0', required: true }),
    ],
  },
  {
    type: 'elasticsearch',
    label: 'Elasticsearch',
    short: 'Es',
    category: 'Observability',
    fields: [url('URL', { placeholder: 'https://elasticsearch:9200' }), ...credentials],
  },
  {
    type: 'prometheus',
    label: 'Prometheus',
    short: 'Pr',
    category: 'Observability',
    fields: [url('URL', { placeholder: 'http://prometheus:9090' }), ...credentials],
  },
  {
    type: 'http',
    label: 'HTTP',
    short: 'Ht',
    category: 'Observability',
    fields: [
      url('URL', { placeholder: 'https://service.example.com' }),
      ...credentials,
      insecureTls,
    ],
  },
  {
    type: 'dynatrace',
    label: 'Dynatrace',
    short: 'Dt',
    category: 'Observability',
    fields: [
      url('Environment URL', { placeholder: 'https://abc12345.live.dynatrace.com' }),
      password('API Key', { required: true }),
      property('scheme', 'Scheme', 'select', {
        default: 'https',
        options: [
          { value: 'https', label: 'HTTPS' },
          { value: 'http', label: 'HTTP' },
        ],
      }),
    ],
  },
  {
    type: 'jmeter',
    label: 'JMeter',
    short: 'Jm',
    category: 'Observability',
    hidden: true,
    fields: [url('Host', { placeholder: 'jmeter-host' }), property('port', 'Port', 'number')],
  },
  {
    type: 'aws',
    label: 'AWS',
    short: 'Aw',
    category: 'Cloud',
    fields: [
      username('Access Key', { required: true }),
      password('Secret Key', { required: true }),
      property('region', 'Region', 'text', { placeholder: 'us-east-1' }),
      property('profile', 'Profile'),
      url('Endpoint', { required: false, placeholder: 'https://s3.us-east-1.amazonaws.com' }),
      insecureTls,
    ],
  },
  {
    type: 's3',
    label: 'S3',
    short: 'S3',
    category: 'Cloud',
    fields: [
      property('bucket', 'Bucket', 'text', { required: true }),
      username('Access Key', { required: true }),
      password('Secret Key', { required: true }),
      property('region', 'Region', 'text', { placeholder: 'us-east-1' }),
      url('Endpoint', { required: false }),
      property('usePathStyle', 'Use path style', 'switch', { default: false }),
      insecureTls,
    ],
  },
  {
    type: 'azure',
    label: 'Azure',
    short: 'Az',
    category: 'Cloud',
    fields: [
      username('Client ID', { required: true }),
      password('Client Secret', { required: true }),
      property('tenant', 'Tenant ID', 'text', { required: true }),
    ],
  },
  {
    type: 'azure_devops',
    label: 'Azure DevOps',
    short: 'AD',
    category: 'Source control',
    fields: [
      url('Organization', {
        placeholder: 'my-org or https://dev.azure.com/my-org',
        hint: 'A bare organization name becomes https://dev.azure.com/{organization}.',
      }),
      password('Personal Access Token', { required: true }),
    ],
  },
  {
    type: 'google_cloud',
    label: 'Google Cloud',
    short: 'GC',
    category: 'Cloud',
    fields: [
      certificate('Credentials', { required: true, placeholder: 'Service account key (JSON)' }),
      url('Endpoint', { required: false }),
    ],
  },
  {
    type: 'gcs',
    label: 'Google Cloud Storage',
    short: 'GS',
    category: 'Cloud',
    fields: [
      property('bucket', 'Bucket', 'text', { required: true }),
      certificate('Credentials', { required: true, placeholder: 'Service account key (JSON)' }),
      url('Endpoint', { required: false }),
    ],
  },
  {
    type: 'kubernetes',
    label: 'Kubernetes',
    short: 'K8',
    category: 'Cloud',
    fields: [
      certificate('Kubeconfig', { required: true, placeholder: 'apiVersion: v1\nkind: Config\n…' }),
    ],
  },
  {
    type: 'github',
    label: 'GitHub',
    short: 'GH',
    category: 'Source control',
    fields: [
      url('URL', { required: false, default: 'https://api.github.com' }),
      password('Personal Access Token', { required: true }),
    ],
  },
  {
    type: 'gitlab',
    label: 'GitLab',
    short: 'GL',
    category: 'Source control',
    fields: [
      url('URL', { default: 'https://gitlab.com' }),
      password('Personal Access Token', { required: true }),
    ],
  },
  {
    type: 'git',
    label: 'Git',
    short: 'Gt',
    category: 'Source control',
    fields: [
      url('URL', { placeholder: 'https://github.com/org/repo.git' }),
      property('ref', 'Ref', 'text', { default: 'main', required: true }),
      {
        target: 'form.auth',
        label: 'Authentication',
        kind: 'select',
        default: 'basic',
        options: [
          { value: 'basic', label: 'Basic (username and password)' },
          { value: 'ssh', label: 'SSH key' },
        ],
      },
      username('Username', { when: (values) => !isSsh(values) }),
      password('Password', { when: (values) => !isSsh(values) }),
      certificate('SSH Private Key', { required: true, when: isSsh }),
    ],
  },
  {
    type: 'restic',
    label: 'Restic',
    short: 'Rs',
    category: 'Files and hosts',
    fields: [
      url('Repository', { placeholder: 's3:s3.amazonaws.com/bucket/restic' }),
      password('Password', { required: true }),
      property('access_key', 'AWS Access Key', 'secret'),
      property('secret_key', 'AWS Secret Key', 'secret'),
    ],
  },
  {
    type: 'sftp',
    label: 'SFTP',
    short: 'SF',
    category: 'Files and hosts',
    fields: [
      url('Host', { placeholder: 'files.example.com' }),
      property('port', 'Port', 'number', { default: '22', required: true }),
      username('Username', { required: true }),
      password(),
    ],
  },
  {
    type: 'smb',
    label: 'SMB',
    short: 'SM',
    category: 'Files and hosts',
    fields: [
      url('Server', { placeholder: 'fileserver.example.com' }),
      property('port', 'Port', 'number', { default: '445', required: true }),
      property('share', 'Share', 'text', { required: true }),
      property('domain', 'Domain'),
      username('Username', { required: true }),
      password('Password', { required: true }),
    ],
  },
  {
    type: 'windows',
    label: 'Windows',
    short: 'Wi',
    category: 'Files and hosts',
    fields: [
      username('Username', { required: true }),
      password('Password', { required: true }),
      property('domain', 'Domain'),
    ],
  },
  {
    type: 'ldap',
    label: 'LDAP',
    short: 'LD',
    category: 'Files and hosts',
    fields: [
      url('URL', { placeholder: 'ldaps://ldap.example.com:636' }),
      username('Bind DN'),
      password(),
      insecureTls,
    ],
  },
];

const BY_TYPE: ReadonlyMap<string, ConnectionTypeSpec> = new Map(
  CONNECTION_TYPE_SPECS.map((spec) => [spec.type, spec]),
);

export function connectionTypeSpec(type: string): ConnectionTypeSpec | undefined {
  return BY_TYPE.get(type);
}

/** Notification services stored as connections (spec doc 3 §3), edited with notifications. */
const NOTIFICATION_LABELS: Readonly<Record<string, string>> = {
  discord: 'Discord',
  email: 'Email',
  google_chat: 'Google Chat',
  ifttt: 'IFTTT',
  mattermost: 'Mattermost',
  matrix: 'Matrix',
  ntfy: 'Ntfy',
  opsgenie: 'OpsGenie',
  pushbullet: 'Pushbullet',
  pushover: 'Pushover',
  rocketchat: 'Rocket.Chat',
  slack: 'Slack',
  teams: 'Microsoft Teams',
  telegram: 'Telegram',
  zulip_chat: 'Zulip Chat',
  generic_webhook: 'Generic Webhook',
};

/** The label of a type (the 25, or a notification service), else the type itself. */
export function connectionTypeLabel(type: string): string {
  return BY_TYPE.get(type)?.label ?? NOTIFICATION_LABELS[type] ?? type;
}

/** The types the picker offers (jmeter is hidden), grouped in the order of the categories. */
export const CATEGORY_ORDER: readonly ConnectionCategory[] = [
  'Databases',
  'Observability',
  'Cloud',
  'Source control',
  'Files and hosts',
];

export function pickerTypes(
  search = '',
): { category: ConnectionCategory; specs: ConnectionTypeSpec[] }[] {
  const needle = search.trim().toLowerCase();
  return CATEGORY_ORDER.map((category) => ({
    category,
    specs: CONNECTION_TYPE_SPECS.filter(
      (spec) =>
        !spec.hidden &&
        spec.category === category &&
        (needle === '' ||
          spec.label.toLowerCase().includes(needle) ||
          spec.type.includes(needle.replace(/\s+/g, '_'))),
    ),
  })).filter((group) => group.specs.length > 0);
}

// --- Secret values ------------------------------------------------------------------------

export type SecretMode = 'static' | 'secret' | 'configmap';
export const SECRET_MODES: readonly { value: SecretMode; label: string }[] = [
  { value: 'static', label: 'Static' },
  { value: 'configmap', label: 'Config Map' },
  { value: 'secret', label: 'Secret' },
];

export interface SecretValue {
  mode: SecretMode;
  /** Static: the value (or the mask of a stored one). */
  value: string;
  /** Secret / Config Map: the object's name and key. */
  name: string;
  key: string;
}

/** A stored value as the form's secret value: `secret://name/key`, `configmap://name/key`, or static. */
export function parseSecretValue(stored: string): SecretValue {
  const match = /^(secret|configmap):\/\/([^/]*)\/?(.*)$/.exec(stored);
  if (match) {
    return { mode: match[1] as SecretMode, value: '', name: match[2] ?? '', key: match[3] ?? '' };
  }
  return { mode: 'static', value: stored, name: '', key: '' };
}

/** A secret value as stored; empty when nothing is filled in. */
export function formatSecretValue(secret: SecretValue): string {
  if (secret.mode === 'static') return secret.value;
  const name = secret.name.trim();
  const key = secret.key.trim();
  if (name === '' && key === '') return '';
  return `${secret.mode}://${name}/${key}`;
}

/** A reference missing its name or key. */
export function isIncompleteReference(stored: string): boolean {
  const parsed = parseSecretValue(stored);
  return parsed.mode !== 'static' && (parsed.name.trim() === '' || parsed.key.trim() === '');
}

// --- Rows and forms -----------------------------------------------------------------------

/** A `connections` row as the console reads and writes it (schema.md §6). */
export interface ConnectionRow {
  id: string;
  name: string;
  namespace: string;
  type: string;
  url: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  properties: Record<string, unknown> | null;
  insecure_tls: boolean | null;
  source?: string | null;
  created_at?: string;
  updated_at?: string;
  created_by?: { id: string; name: string; avatar?: string | null } | string | null;
}

/** What the form writes: the row's editable columns. */
export interface ConnectionInput {
  name: string;
  namespace: string;
  type: ConnectionType;
  url: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  properties: Record<string, string | boolean>;
  insecure_tls: boolean;
}

export interface ConnectionForm {
  name: string;
  namespace: string;
  values: FormValues;
}

/** The fields of a type that show for these values. */
export function visibleFields(spec: ConnectionTypeSpec, values: FormValues): ConnectionField[] {
  return spec.fields.filter((field) => !field.when || field.when(values));
}

function defaultOf(field: ConnectionField): FormValue {
  if (field.default !== undefined) return field.default;
  return field.kind === 'switch' ? false : '';
}

/** A new connection of a type: every field at its default, namespace 'default'. */
export function newConnectionForm(spec: ConnectionTypeSpec): ConnectionForm {
  const values: FormValues = {};
  for (const field of spec.fields) values[field.target] = defaultOf(field);
  return { name: '', namespace: DEFAULT_NAMESPACE, values };
}

function readTarget(row: ConnectionRow, target: FieldTarget): unknown {
  if (target.startsWith('properties.')) return row.properties?.[target.slice('properties.'.length)];
  if (target.startsWith('form.')) return undefined;
  return row[target as 'url' | 'username' | 'password' | 'certificate' | 'insecure_tls'];
}

/** An existing row as the form (masked secrets stay `***`: sending them back keeps them). */
export function connectionFormFromRow(
  spec: ConnectionTypeSpec,
  row: ConnectionRow,
): ConnectionForm {
  const values: FormValues = {};
  for (const field of spec.fields) {
    const stored = readTarget(row, field.target);
    if (field.kind === 'switch') {
      values[field.target] =
        typeof stored === 'boolean' ? stored : stored === 'true' || defaultOf(field) === true;
    } else if (stored === null || stored === undefined) {
      values[field.target] = field.target.startsWith('form.') ? defaultOf(field) : '';
    } else {
      values[field.target] = String(stored);
    }
  }
  if (spec.type === 'git') values['form.auth'] = row.certificate ? 'ssh' : 'basic';
  return { name: row.name, namespace: row.namespace, values };
}

export type FormErrors = Record<string, string>;

function isBlank(value: FormValue | undefined): boolean {
  return value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** Per-field errors (spec §5): required fields, numbers, incomplete references; Name and Namespace. */
export function validateConnectionForm(spec: ConnectionTypeSpec, form: ConnectionForm): FormErrors {
  const errors: FormErrors = {};
  if (form.name.trim() === '') errors.name = REQUIRED_MESSAGE;
  if (form.namespace.trim() === '') errors.namespace = REQUIRED_MESSAGE;
  for (const field of visibleFields(spec, form.values)) {
    const value = form.values[field.target];
    if (field.kind === 'switch' || field.target.startsWith('form.')) continue;
    if (isBlank(value)) {
      if (field.required) errors[field.target] = REQUIRED_MESSAGE;
      continue;
    }
    const text = String(value).trim();
    if (field.kind === 'number' && !/^-?\d+(\.\d+)?$/.test(text)) {
      errors[field.target] = NUMBER_MESSAGE;
    } else if (
      (field.kind === 'secret' || field.kind === 'secret-text') &&
      isIncompleteReference(text)
    ) {
      errors[field.target] = REQUIRED_MESSAGE;
    }
  }
  return errors;
}

/** The URL a type stores for what was typed (Azure DevOps: an organization name becomes its URL). */
export function buildUrl(type: ConnectionType, typed: string): string {
  const value = typed.trim();
  if (
    type === 'azure_devops' &&
    value !== '' &&
    value !== MASK &&
    !/^[a-z][a-z0-9+.-]*:\/\//i.test(value)
  ) {
    return `https://dev.azure.com/${encodeURIComponent(value)}`;
  }
  return value;
}

/**
 * The row to write for a form: hidden fields are cleared (a git connection switched to SSH drops
 * its password), blank values are null, properties keep the row's other keys.
 */
export function connectionInputFromForm(
  spec: ConnectionTypeSpec,
  form: ConnectionForm,
  previous?: ConnectionRow,
): ConnectionInput {
  const input: ConnectionInput = {
    name: form.name.trim(),
    namespace: form.namespace.trim() || DEFAULT_NAMESPACE,
    type: spec.type,
    url: null,
    username: null,
    password: null,
    certificate: null,
    properties: {},
    insecure_tls: false,
  };
  const properties: Record<string, string | boolean> = {};
  for (const [key, value] of Object.entries(previous?.properties ?? {})) {
    if (typeof value === 'string' || typeof value === 'boolean') properties[key] = value;
  }
  const shown = new Set(visibleFields(spec, form.values).map((field) => field.target));
  for (const field of spec.fields) {
    const raw = form.values[field.target];
    if (field.target.startsWith('form.')) continue;
    if (field.target.startsWith('properties.')) {
      const key = field.target.slice('properties.'.length);
      if (!shown.has(field.target) || isBlank(raw)) delete properties[key];
      else properties[key] = typeof raw === 'string' ? raw.trim() : Boolean(raw);
      continue;
    }
    if (field.target === 'insecure_tls') {
      input.insecure_tls = shown.has(field.target) && raw === true;
      continue;
    }
    const column = field.target as 'url' | 'username' | 'password' | 'certificate';
    if (!shown.has(field.target) || isBlank(raw)) continue;
    const text = typeof raw === 'string' ? raw : String(raw);
    input[column] =
      column === 'url' ? buildUrl(spec.type, text) : column === 'certificate' ? text : text.trim();
  }
  input.properties = properties;
  return input;
}
