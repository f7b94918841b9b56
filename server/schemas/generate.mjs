/**
 * Writes the JSON Schema documents served at GET /api/schemas/<file> (contract api.md §9.3) from
 * the facts of spec doc 3 (§3 entities, §4 selectors, §5 required fields and minimums) and the
 * shapes the reference server reads (health runner, incident engine, seed). Run with
 * `npx tsx server/schemas/generate.mjs`; the JSON files beside it are its output and are committed.
 * Every document is draft-07 with titles and descriptions (the editor shows them on hover).
 */
import { writeFileSync } from 'node:fs';
// The connection types are the console's list (one source; tsx runs this file).
import { CONNECTION_TYPES } from '../../src/api/connection-types.ts';
import { NOTIFICATION_EVENTS } from '../../src/api/notification-events.ts';

const DRAFT = 'http://json-schema.org/draft-07/schema#';
const out = new URL('.', import.meta.url);
const files = {};

const str = (description, extra = {}) => ({ type: 'string', description, ...extra });
const int = (description, extra = {}) => ({ type: 'integer', description, ...extra });
const num = (description, extra = {}) => ({ type: 'number', description, ...extra });
const bool = (description) => ({ type: 'boolean', description });
const list = (items, description) => ({ type: 'array', items, description });
const strList = (description) => list({ type: 'string' }, description);
const map = (description) => ({
  type: 'object',
  description,
  additionalProperties: { type: 'string' },
});
const obj = (properties, required = [], description, extra = {}) => ({
  type: 'object',
  ...(description ? { description } : {}),
  properties,
  ...(required.length ? { required } : {}),
  additionalProperties: false,
  ...extra,
});

/** Secret-capable value: static, a secret reference or a config map reference (spec §3). */
const keyRef = (what) =>
  obj({ name: str(`Name of the ${what}`), key: str(`Key inside the ${what}`) }, ['name', 'key']);
const envVar = (description) => ({
  description,
  oneOf: [
    { type: 'string', description: 'A static value' },
    obj(
      {
        name: str('Name of the value'),
        value: str('A static value'),
        valueFrom: obj(
          {
            secretKeyRef: keyRef('secret'),
            configMapKeyRef: keyRef('config map'),
            serviceAccount: str('A service account token'),
            helmRef: obj({ name: str('Helm release'), key: str('Values path') }, ['name', 'key']),
          },
          [],
          'A reference: a secret or a config map key',
        ),
      },
      [],
      'A static value or a reference',
    ),
  ],
});

const nonNegative = (description) => int(description, { minimum: 0 });
const durationText = (description) =>
  str(description, { pattern: '^\\s*$|^([0-9]+(\\.[0-9]+)?(ns|us|µs|ms|s|m|h|d|w|y))+$' });

/** Script types of the health-check form: Go Template, Javascript, Expr, JSONPath (spec §4). */
const template = (description) =>
  obj(
    {
      template: str('Go template'),
      javascript: str('Javascript expression'),
      expr: str('Expr expression'),
      jsonPath: str('JSONPath expression'),
    },
    [],
    description,
    { maxProperties: 1 },
  );

const labels = map('Labels (key: value)');
const connectionRef = str('A connection name (connection://namespace/name)');
const relationship = obj(
  {
    components: list({ type: 'object' }, 'Component selectors'),
    configs: list({ type: 'object' }, 'Config selectors'),
  },
  [],
  'Link the check to components and configs',
);

const checkBase = {
  name: str('Name of the check'),
  description: str('Description of the check'),
  icon: str('Icon of the check'),
  labels,
  namespace: str('Namespace of the check'),
  transformDeleteStrategy: str('What happens to checks no longer returned by a transform', {
    enum: ['MarkHealthy', 'MarkUnhealthy', 'Ignore'],
  }),
  metrics: list(
    obj(
      {
        name: str('Metric name'),
        type: str('Metric type', { enum: ['counter', 'gauge', 'histogram'] }),
        value: str('Expression for the value'),
        labels: list({ type: 'object' }, 'Metric labels'),
      },
      ['name'],
    ),
    'Custom metrics',
  ),
  test: template('Test run on the result: the check fails when it returns false'),
  display: template('Display the result'),
  transform: template('Transform the result into other checks'),
  relationships: relationship,
};

const auth = obj(
  { username: envVar('User name'), password: envVar('Password') },
  [],
  'Credentials',
);

function check(type, title, properties, required = [], extra = {}) {
  return {
    $schema: DRAFT,
    $id: `health_${type}.schema.json`,
    title,
    type: 'object',
    properties: { ...checkBase, ...properties },
    required: ['name', ...required],
    additionalProperties: false,
    ...extra,
  };
}

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'];
const RESPONSE_CODES = [200, 201, 202, 204, 301, 302, 401, 404, 500, 502, 503];

const checks = {
  http: check(
    'http',
    'HTTP check',
    {
      url: str('URL to call', { minLength: 1 }),
      endpoint: str('Deprecated: use url'),
      connection: connectionRef,
      method: str('HTTP method', { enum: HTTP_METHODS }),
      body: str('Request body (POST and PUT only)'),
      headers: list(envVar('A header'), 'Request headers'),
      username: envVar('Basic authentication user name'),
      password: envVar('Basic authentication password'),
      ntlm: bool('Use NTLM authentication'),
      ntlmv2: bool('Use NTLMv2 authentication'),
      responseCodes: list(
        { type: 'integer', examples: RESPONSE_CODES, minimum: 100, maximum: 599 },
        'Expected response codes',
      ),
      responseContent: str('Text the body must contain'),
      responseJSONContent: obj({ path: str('JSONPath'), value: str('Expected value') }, [
        'path',
        'value',
      ]),
      thresholdMillis: nonNegative('Maximum response time (ms)'),
      maxSSLExpiry: nonNegative('Minimum days before the TLS certificate expires'),
      tlsConfig: obj(
        {
          insecureSkipVerify: bool('Skip TLS verification'),
          ca: envVar('CA certificate'),
          cert: envVar('Client certificate'),
          key: envVar('Client key'),
        },
        [],
        'TLS settings',
      ),
      templateBody: bool('Render the body as a Go template'),
      env: list(envVar('A variable'), 'Variables for templates'),
      oauth2: obj(
        {
          tokenURL: str('Token URL'),
          scope: strList('Scopes'),
          params: map('Extra parameters'),
        },
        [],
        'OAuth2 client credentials',
      ),
    },
    [],
    {
      anyOf: [{ required: ['url'] }, { required: ['endpoint'] }, { required: ['connection'] }],
      allOf: [
        {
          if: { required: ['body'] },
          then: { properties: { method: { enum: ['POST', 'PUT'] } }, required: ['method'] },
        },
      ],
    },
  ),
  tcp: check(
    'tcp',
    'TCP check',
    {
      endpoint: str('host:port to connect to', { minLength: 1 }),
      thresholdMillis: nonNegative('Maximum connect time (ms)'),
    },
    ['endpoint'],
  ),
  icmp: check(
    'icmp',
    'ICMP (ping) check',
    {
      endpoint: str('Host to ping', { minLength: 1 }),
      thresholdMillis: nonNegative('Maximum round trip (ms)'),
      packetLossThreshold: nonNegative('Maximum packet loss (%)'),
      packetCount: nonNegative('Packets to send'),
    },
    ['endpoint'],
  ),
  dns: check(
    'dns',
    'DNS check',
    {
      server: str('DNS server'),
      port: int('Port', { minimum: 1, maximum: 65535, default: 53 }),
      query: str('Name to resolve'),
      querytype: str('Record type', {
        enum: ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'PTR', 'SRV', 'TXT'],
      }),
      minrecords: nonNegative('Minimum number of records'),
      exactreply: strList('Exact expected records'),
      timeout: nonNegative('Timeout (s)'),
      thresholdMillis: nonNegative('Maximum response time (ms)'),
    },
    ['query'],
  ),
  redis: check(
    'redis',
    'Redis check',
    {
      addr: str('host:port of the server', { minLength: 1 }),
      connection: connectionRef,
      db: int('Database number', { minimum: 0, default: 0 }),
      username: envVar('User name'),
      password: envVar('Password'),
    },
    [],
    { anyOf: [{ required: ['addr'] }, { required: ['connection'] }] },
  ),
  exec: check(
    'exec',
    'Exec (script) check',
    {
      script: str('Script to run', { minLength: 1 }),
      env: list(envVar('A variable'), 'Environment'),
      checkout: obj(
        { url: str('Git URL'), connection: connectionRef, destination: str('Checkout path') },
        [],
        'Check out a repository first',
      ),
      connections: obj(
        {
          aws: obj({ connection: connectionRef, region: str('Region') }, []),
          gcp: obj({ connection: connectionRef }, []),
          azure: obj({ connection: connectionRef }, []),
        },
        [],
        'Cloud credentials made available to the script',
      ),
    },
    ['script'],
  ),
  folder: check(
    'folder',
    'Folder check',
    {
      path: str('Folder path (local, s3://, gcs://, smb://, sftp://)', { minLength: 1 }),
      filter: obj(
        {
          regex: str('File name pattern'),
          minAge: durationText('Minimum age'),
          maxAge: durationText('Maximum age'),
          minSize: str('Minimum size'),
          maxSize: str('Maximum size'),
        },
        [],
        'Which files count',
      ),
      minAge: durationText('Newest file at least this old'),
      maxAge: durationText('Newest file at most this old'),
      minCount: nonNegative('Minimum number of files'),
      maxCount: nonNegative('Maximum number of files'),
      minSize: str('Minimum total size'),
      maxSize: str('Maximum total size'),
      awsConnection: obj({ connection: connectionRef, region: str('Region') }, []),
      gcpConnection: obj({ connection: connectionRef }, []),
      smbConnection: obj({ connection: connectionRef, port: int('Port', { default: 445 }) }, []),
      sftpConnection: obj({ connection: connectionRef, port: int('Port', { default: 22 }) }, []),
    },
    ['path'],
  ),
  elasticsearch: check(
    'elasticsearch',
    'Elasticsearch check',
    {
      url: str('Elasticsearch URL', { minLength: 1 }),
      connection: connectionRef,
      index: str('Index', { minLength: 1 }),
      query: str('Query', { minLength: 1 }),
      results: nonNegative('Expected number of results'),
      username: envVar('User name'),
      password: envVar('Password'),
    },
    ['url', 'index', 'query'],
  ),
  opensearch: check(
    'opensearch',
    'OpenSearch check',
    {
      url: str('OpenSearch URL', { minLength: 1 }),
      index: str('Index', { minLength: 1 }),
      query: str('Query', { minLength: 1 }),
      results: nonNegative('Expected number of results'),
      username: envVar('User name'),
      password: envVar('Password'),
    },
    ['url', 'index', 'query'],
  ),
  alertmanager: check(
    'alertmanager',
    'Alertmanager check',
    {
      url: str('Alertmanager host', { minLength: 1 }),
      alerts: strList('Alert names (regular expressions)'),
      ignore: strList('Alert names to ignore'),
      filters: map('Label filters'),
      exclude_filters: map('Label filters to exclude'),
    },
    ['url'],
  ),
  prometheus: check(
    'prometheus',
    'Prometheus check',
    {
      url: str('Prometheus URL'),
      connection: connectionRef,
      query: str('PromQL query', { minLength: 1 }),
    },
    ['query'],
  ),
};

/** Database checks share one shape. */
for (const [type, title] of [
  ['postgres', 'PostgreSQL check'],
  ['mysql', 'MySQL check'],
  ['mssql', 'SQL Server check'],
]) {
  checks[type] = check(
    type,
    title,
    {
      url: envVar('Connection URL'),
      connection: connectionRef,
      username: envVar('User name'),
      password: envVar('Password'),
      query: str('Query', { default: 'SELECT 1' }),
      results: nonNegative('Expected number of rows'),
    },
    [],
    { anyOf: [{ required: ['url'] }, { required: ['connection'] }] },
  );
}
checks.mongodb = check(
  'mongodb',
  'MongoDB check',
  {
    url: envVar('Connection URL'),
    connection: connectionRef,
    username: envVar('User name'),
    password: envVar('Password'),
  },
  [],
  { anyOf: [{ required: ['url'] }, { required: ['connection'] }] },
);
checks.ldap = check(
  'ldap',
  'LDAP check',
  {
    url: str('LDAP URL', { minLength: 1 }),
    bindDN: str('Bind DN', { minLength: 1 }),
    userSearch: str('User search filter'),
    username: envVar('User name'),
    password: envVar('Password'),
    skipTLSVerify: bool('Skip TLS verification'),
  },
  ['url', 'bindDN'],
);

/** The remaining kinds: their main fields, every one with the common fields. */
const simple = {
  awsconfig: [
    'AWS Config query check',
    {
      query: str('Query', { minLength: 1 }),
      aggregatorName: str('Aggregator'),
      region: str('Region'),
      connection: connectionRef,
    },
    ['query'],
  ],
  awsconfigrule: [
    'AWS Config rule check',
    {
      rules: strList('Rules'),
      ignoreRules: strList('Rules to ignore'),
      complianceTypes: strList('Compliance types'),
      region: str('Region'),
      connection: connectionRef,
    },
    [],
  ],
  azuredevops: [
    'Azure DevOps pipeline check',
    {
      organization: str('Organization', { minLength: 1 }),
      project: str('Project', { minLength: 1 }),
      pipeline: str('Pipeline', { minLength: 1 }),
      personalAccessToken: envVar('Personal access token'),
      variables: map('Variables'),
      branch: strList('Branches'),
      thresholdMillis: nonNegative('Maximum duration (ms)'),
    },
    ['organization', 'project', 'pipeline'],
  ],
  catalog: [
    'Catalog check',
    { selector: list({ type: 'object' }, 'Config selectors') },
    ['selector'],
  ],
  cloudwatch: [
    'CloudWatch alarms check',
    {
      region: str('Region'),
      connection: connectionRef,
      filter: obj(
        {
          actionPrefix: str('Action prefix'),
          alarmPrefix: str('Alarm prefix'),
          alarms: strList('Alarms'),
          state: str('State'),
        },
        [],
      ),
    },
    [],
  ],
  configdb: ['Config database query check', { query: str('Query', { minLength: 1 }) }, ['query']],
  containerdPull: [
    'containerd pull check',
    {
      image: str('Image', { minLength: 1 }),
      expectedDigest: str('Expected digest'),
      expectedSize: nonNegative('Expected size'),
      username: envVar('User name'),
      password: envVar('Password'),
    },
    ['image'],
  ],
  containerdPush: [
    'containerd push check',
    {
      image: str('Image', { minLength: 1 }),
      username: envVar('User name'),
      password: envVar('Password'),
    },
    ['image'],
  ],
  databasebackupcheck: [
    'Database backup check',
    {
      GCP: obj(
        {
          project: str('Project'),
          instance: str('Instance'),
          gcpConnection: obj({ connection: connectionRef }, []),
        },
        [],
      ),
      maxAge: durationText('Maximum age of the last backup'),
    },
    [],
  ],
  dockerPull: [
    'Docker pull check',
    {
      image: str('Image', { minLength: 1 }),
      expectedDigest: str('Expected digest'),
      expectedSize: nonNegative('Expected size'),
      username: envVar('User name'),
      password: envVar('Password'),
    },
    ['image'],
  ],
  dockerPush: [
    'Docker push check',
    {
      image: str('Image', { minLength: 1 }),
      username: envVar('User name'),
      password: envVar('Password'),
    },
    ['image'],
  ],
  dynatrace: [
    'Dynatrace problems check',
    {
      host: str('Host'),
      scheme: str('Scheme', { enum: ['http', 'https'] }),
      apiKey: envVar('API key'),
      connection: connectionRef,
    },
    [],
  ],
  ec2: [
    'EC2 instance check',
    {
      ami: str('AMI', { minLength: 1 }),
      userData: str('User data'),
      securityGroup: str('Security group'),
      region: str('Region'),
      connection: connectionRef,
    },
    ['ami'],
  ],
  gitProtocol: [
    'Git protocol check',
    {
      repository: str('Repository URL', { minLength: 1 }),
      username: envVar('User name'),
      password: envVar('Password'),
      filename: str('File to push'),
    },
    ['repository'],
  ],
  github: [
    'GitHub check',
    { query: str('askgit query', { minLength: 1 }), githubToken: envVar('Token') },
    ['query'],
  ],
  helm: [
    'Helm repository check',
    { chartmuseum: str('Chart museum URL', { minLength: 1 }), project: str('Project'), auth },
    ['chartmuseum'],
  ],
  jmeter: [
    'JMeter check',
    {
      jmx: envVar('Test plan'),
      host: str('Host'),
      port: int('Port'),
      properties: strList('Properties'),
      systemProperties: strList('System properties'),
      responseDuration: str('Maximum response duration'),
    },
    ['jmx'],
  ],
  junit: [
    'JUnit test check',
    {
      testResults: str('Path of the results', { minLength: 1 }),
      timeout: nonNegative('Timeout (minutes)'),
      spec: { type: 'object', description: 'Pod spec that runs the tests' },
    },
    ['testResults', 'spec'],
  ],
  kubernetes: [
    'Kubernetes resource check',
    {
      kind: str('Kind', { minLength: 1 }),
      namespaceSelector: obj(
        {
          name: str('Name'),
          labelSelector: str('Label selector'),
          fieldSelector: str('Field selector'),
        },
        [],
      ),
      resource: obj(
        {
          name: str('Name'),
          labelSelector: str('Label selector'),
          fieldSelector: str('Field selector'),
        },
        [],
      ),
      ready: bool('Resources must be ready'),
      healthy: bool('Resources must be healthy'),
    },
    ['kind'],
  ],
  namespace: [
    'Namespace check',
    {
      namespaceNamePrefix: str('Namespace prefix'),
      podSpec: str('Pod spec', { minLength: 1 }),
      scheduleTimeout: nonNegative('Schedule timeout'),
      readyTimeout: nonNegative('Ready timeout'),
      deleteTimeout: nonNegative('Delete timeout'),
      expectedContent: str('Expected content'),
      expectedHttpStatuses: list({ type: 'integer' }, 'Expected statuses'),
    },
    ['podSpec'],
  ],
  pod: [
    'Pod check',
    {
      spec: str('Pod spec', { minLength: 1 }),
      scheduleTimeout: nonNegative('Schedule timeout'),
      readyTimeout: nonNegative('Ready timeout'),
      httpTimeout: nonNegative('HTTP timeout'),
      deleteTimeout: nonNegative('Delete timeout'),
      port: int('Port'),
      path: str('Path'),
      ingressName: str('Ingress name'),
      ingressHost: str('Ingress host'),
      expectedContent: str('Expected content'),
      expectedHttpStatuses: list({ type: 'integer' }, 'Expected statuses'),
      priorityClass: str('Priority class'),
    },
    ['spec'],
  ],
  restic: [
    'Restic backup check',
    {
      repository: str('Repository', { minLength: 1 }),
      password: envVar('Repository password'),
      maxAge: durationText('Maximum age of the last backup'),
      checkIntegrity: bool('Check the integrity'),
      accessKey: envVar('Access key'),
      secretKey: envVar('Secret key'),
      caCert: str('CA certificate'),
    },
    ['repository', 'password', 'maxAge'],
  ],
  s3: [
    'S3 bucket check',
    {
      bucketName: str('Bucket', { minLength: 1 }),
      objectPath: str('Object path'),
      region: str('Region'),
      endpoint: str('Endpoint'),
      usePathStyle: bool('Path-style URLs'),
      connection: connectionRef,
    },
    ['bucketName'],
  ],
  webhook: ['Webhook check', { token: envVar('Token') }, []],
};
for (const [type, [title, properties, required]] of Object.entries(simple)) {
  checks[type] = check(type, title, properties, required);
}

for (const [type, schema] of Object.entries(checks)) files[`health_${type}.schema.json`] = schema;

// ---- canary ----
const canarySpec = {
  $schema: DRAFT,
  $id: 'canary.spec.schema.json',
  title: 'Health check spec',
  description: 'The spec of a health check (canary): a schedule and lists of checks by kind',
  type: 'object',
  properties: {
    schedule: str('Cron expression or @every interval (e.g. @every 5m)'),
    interval: nonNegative('Deprecated: seconds between runs (use schedule)'),
    owner: str('Owner'),
    severity: str('Severity', { enum: ['info', 'low', 'medium', 'high', 'critical'] }),
    replicas: nonNegative('Replicas'),
    resultMode: str('Result mode', { enum: ['', 'junit'] }),
    env: {
      type: 'object',
      description: 'Variables for templates',
      additionalProperties: envVar('A variable'),
    },
    ...Object.fromEntries(
      Object.keys(checks).map((type) => [type, list(checks[type], checks[type].title + 's')]),
    ),
  },
  additionalProperties: false,
};
// The inline check schemas carry their own $schema/$id; strip them inside the spec.
for (const type of Object.keys(checks)) {
  const items = canarySpec.properties[type].items;
  canarySpec.properties[type].items = { ...items };
  delete canarySpec.properties[type].items.$schema;
  delete canarySpec.properties[type].items.$id;
}
files['canary.spec.schema.json'] = canarySpec;

const metadata = obj(
  {
    name: str('Name', { minLength: 1 }),
    namespace: str('Namespace', { default: 'default' }),
    labels,
    annotations: map('Annotations'),
  },
  ['name'],
  'Object metadata',
);
const resource = (id, title, kind, spec, apiVersion = 'canaries.flanksource.com/v1') => ({
  $schema: DRAFT,
  $id: id,
  title,
  type: 'object',
  properties: {
    apiVersion: str('API version', { default: apiVersion }),
    kind: str('Kind', { const: kind }),
    metadata,
    spec: { ...spec, $schema: undefined, $id: undefined },
  },
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  additionalProperties: false,
});
const clean = (value) => JSON.parse(JSON.stringify(value));
files['canary.schema.json'] = resource('canary.schema.json', 'Canary', 'Canary', canarySpec);

// ---- topology and components ----
const lookup = obj(
  {
    http: list({ type: 'object' }, 'HTTP lookups'),
    configDB: list({ type: 'object' }, 'Config lookups'),
    exec: list({ type: 'object' }, 'Exec lookups'),
    catalog: list({ type: 'object' }, 'Catalog lookups'),
    kubernetes: list({ type: 'object' }, 'Kubernetes lookups (kind, namespace, selectors)'),
    prometheus: list({ type: 'object' }, 'Prometheus lookups'),
    sql: list({ type: 'object' }, 'SQL lookups'),
    postgres: list({ type: 'object' }, 'PostgreSQL lookups'),
    mysql: list({ type: 'object' }, 'MySQL lookups'),
    elasticsearch: list({ type: 'object' }, 'Elasticsearch lookups'),
    display: template('Display the lookup result'),
  },
  [],
  'A lookup producing components or values',
);
const property = obj(
  {
    name: str('Property name'),
    label: str('Label'),
    type: str('Type'),
    color: str('Colour'),
    headline: bool('Shown on the card'),
    icon: str('Icon'),
    text: str('Text value'),
    value: { type: 'number', description: 'Numeric value' },
    unit: str('Unit'),
    max: num('Maximum'),
    min: num('Minimum'),
    status: str('Status'),
    lastTransition: str('Last transition'),
    links: list({ type: 'object' }, 'Links'),
    lookup,
    configLookup: obj(
      {
        id: str('Config id'),
        config: { type: 'object' },
        field: str('Field'),
        display: template('Display'),
      },
      [],
    ),
    summary: template('Summary'),
  },
  ['name'],
);
const componentSpecProperties = {
  name: str('Component name'),
  type: str('Component type'),
  icon: str('Icon'),
  id: template('Id template'),
  owner: str('Owner'),
  tooltip: str('Tooltip'),
  text: str('Text'),
  lifecycle: str('Lifecycle'),
  labels,
  selectors: list({ type: 'object' }, 'Resource selectors of child components'),
  components: list({ type: 'object' }, 'Child components'),
  properties: list(property, 'Properties'),
  lookup,
  configs: list({ type: 'object' }, 'Config selectors'),
  checks: list(
    obj(
      {
        inline: { type: 'object', description: 'An inline canary spec' },
        selector: { type: 'object' },
      },
      [],
    ),
    'Checks linked to the component',
  ),
  forEach: { type: 'object', description: 'Applied to each component found by the lookup' },
  summary: { type: 'object', description: 'Summary counts' },
  hidden: bool('Hidden'),
  logs: list(obj({ name: str('Log backend name'), type: str('Type') }, []), 'Log selectors'),
};
const componentSpec = {
  $schema: DRAFT,
  $id: 'component.spec.schema.json',
  title: 'Component spec',
  type: 'object',
  properties: componentSpecProperties,
  additionalProperties: false,
};
files['component.spec.schema.json'] = componentSpec;
files['component.schema.json'] = resource(
  'component.schema.json',
  'Component',
  'Component',
  componentSpec,
);
const topologySpec = {
  $schema: DRAFT,
  $id: 'topology.spec.schema.json',
  title: 'Topology spec',
  description: 'A topology template: the root component, its child components and properties',
  type: 'object',
  properties: {
    schedule: str('Cron expression or @every interval'),
    type: str('Type of the root component'),
    id: template('Id template'),
    icon: str('Icon'),
    label: str('Label'),
    owner: str('Owner'),
    text: str('Text'),
    components: list(
      { type: 'object', properties: componentSpecProperties, additionalProperties: false },
      'Components',
    ),
    properties: list(property, 'Properties of the root component'),
    configs: list({ type: 'object' }, 'Config selectors'),
    groupBy: obj({ tag: str('Tag to group by'), selector: { type: 'object' } }, []),
    push: obj({ url: str('URL'), username: envVar('User name'), password: envVar('Password') }, []),
  },
  additionalProperties: false,
};
files['topology.spec.schema.json'] = topologySpec;
files['topology.schema.json'] = resource(
  'topology.schema.json',
  'Topology',
  'Topology',
  topologySpec,
);

// ---- connection ----
const connectionSpec = obj(
  {
    type: str('Connection type', { enum: CONNECTION_TYPES }),
    url: envVar('URL'),
    username: envVar('User name'),
    password: envVar('Password'),
    certificate: envVar('Certificate'),
    insecure_tls: bool('Skip TLS verification'),
    properties: map('Type-specific properties (e.g. db for redis)'),
  },
  ['type'],
);
files['connection.schema.json'] = resource(
  'connection.schema.json',
  'Connection',
  'Connection',
  connectionSpec,
  'mission-control.flanksource.com/v1',
);

// ---- scrapers ----
const scraperBase = {
  id: str('Id of the config items (template)'),
  name: str('Name of the config items (template)'),
  type: str('Type of the config items'),
  class: str('Class of the config items'),
  items: str('JSONPath to the list of items'),
  format: str('Format', { enum: ['json', 'yaml', 'properties', 'xml', ''] }),
  timestampFormat: str('Timestamp format'),
  createFields: strList('Creation time fields'),
  deleteFields: strList('Deletion time fields'),
  labels,
  tags: map('Tags'),
  transform: {
    type: 'object',
    description: 'Transformations (exclude, mask, relationship, script)',
  },
  properties: list({ type: 'object' }, 'Properties'),
};
function scraper(kind, title, properties, required = []) {
  return {
    $schema: DRAFT,
    $id: `config_${kind}.schema.json`,
    title,
    type: 'object',
    properties: { ...scraperBase, ...properties },
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
}
const exclusions = obj(
  {
    name: strList('Names'),
    namespace: strList('Namespaces'),
    kind: strList('Kinds'),
    kinds: strList('Kinds'),
    labels: map('Labels'),
  },
  [],
);
const scrapers = {
  kubernetes: scraper(
    'kubernetes',
    'Kubernetes scraper',
    {
      clusterName: str('Cluster name', { minLength: 1 }),
      namespace: str('Namespace'),
      kubeconfig: envVar('Kubeconfig'),
      useCache: bool('Use the cache'),
      allowIncomplete: bool('Allow incomplete results'),
      scope: str('Scope'),
      since: str('Since'),
      selector: str('Label selector'),
      fieldSelector: str('Field selector'),
      maxInflight: int('Maximum requests in flight', { minimum: 1, default: 64 }),
      exclusions,
      watch: list({ type: 'object' }, 'Watched kinds'),
      event: { type: 'object', description: 'Event handling' },
      relationships: list({ type: 'object' }, 'Relationships'),
    },
    ['clusterName'],
  ),
  azure: scraper('azure', 'Azure scraper', {
    connection: connectionRef,
    subscriptionID: str('Subscription id'),
    organisation: str('Organisation'),
    clientID: envVar('Client id'),
    clientSecret: envVar('Client secret'),
    tenantID: str('Tenant id'),
    include: strList('Included kinds'),
    exclusions,
  }),
  kubernetesFile: scraper(
    'kubernetesfile',
    'Kubernetes file scraper',
    {
      selector: obj(
        {
          namespace: str('Namespace'),
          kind: str('Kind'),
          name: str('Name'),
          labelSelector: str('Label selector'),
          fieldSelector: str('Field selector'),
        },
        [],
        'Pods to read from',
      ),
      container: str('Container'),
      files: list(obj({ path: strList('Paths'), format: str('Format') }, []), 'Files'),
    },
    ['type', 'id'],
  ),
  sql: scraper(
    'sql',
    'SQL scraper',
    {
      connection: str('Connection URL or name', { minLength: 1 }),
      driver: str('Driver', { enum: ['postgres', 'mysql', 'sqlserver', ''] }),
      auth,
      query: str('Query', { minLength: 1 }),
    },
    ['connection', 'query', 'type', 'id'],
  ),
  trivy: scraper('trivy', 'Trivy scraper', {
    version: str('Trivy version'),
    compliance: strList('Compliance specs'),
    ignoredLicenses: strList('Ignored licenses'),
    ignoreUnfixed: bool('Ignore unfixed'),
    severity: strList('Severities'),
    scanners: strList('Scanners'),
    timeout: str('Timeout'),
    kubernetes: obj(
      {
        namespace: str('Namespace'),
        kubeconfig: envVar('Kubeconfig'),
        components: strList('Components'),
      },
      [],
    ),
  }),
  aws: scraper('aws', 'AWS scraper', {
    connection: connectionRef,
    accessKey: envVar('Access key'),
    secretKey: envVar('Secret key'),
    region: strList('Regions'),
    regions: strList('Regions'),
    endpoint: str('Endpoint'),
    skipTLSVerify: bool('Skip TLS verification'),
    assumeRole: str('Role to assume'),
    accountID: str('Account id'),
    compliance: bool('Scrape compliance'),
    patch_states: bool('Scrape patch states'),
    trusted_advisor_check: bool('Scrape Trusted Advisor'),
    patch_details: bool('Scrape patch details'),
    inventory: bool('Scrape inventory'),
    cost_reporting: obj(
      {
        s3_bucket_path: str('Bucket path'),
        table: str('Table'),
        database: str('Database'),
        region: str('Region'),
      },
      [],
    ),
    include: strList('Included kinds'),
    exclude: strList('Excluded kinds'),
    cloudtrail: obj(
      { exclude: strList('Excluded events'), maxAge: durationText('Maximum age') },
      [],
    ),
  }),
  file: scraper(
    'file',
    'File scraper',
    {
      url: str('URL of a repository or an archive'),
      paths: strList('Paths (globs)'),
      ignore: strList('Ignored paths'),
      icon: str('Icon'),
      connection: connectionRef,
    },
    ['format', 'icon'],
  ),
  githubActions: scraper(
    'githubactions',
    'GitHub Actions scraper',
    {
      owner: str('Owner', { minLength: 1 }),
      repository: str('Repository', { minLength: 1 }),
      personalAccessToken: envVar('Personal access token'),
      connection: connectionRef,
      workflows: strList('Workflows'),
    },
    ['owner', 'repository'],
  ),
  http: scraper(
    'http',
    'HTTP scraper',
    {
      url: str('URL', { minLength: 1 }),
      connection: connectionRef,
      method: str('Method', { enum: HTTP_METHODS }),
      headers: list(envVar('A header'), 'Headers'),
      body: str('Body'),
      env: list(envVar('A variable'), 'Variables'),
    },
    ['url', 'type', 'id'],
  ),
  azureDevops: scraper('azuredevops', 'Azure DevOps scraper', {
    connection: connectionRef,
    organization: str('Organization'),
    personalAccessToken: envVar('Personal access token'),
    projects: strList('Projects'),
    pipelines: strList('Pipelines'),
  }),
};
files['config_aws.schema.json'] = scrapers.aws;
files['config_azure.schema.json'] = scrapers.azure;
files['config_azuredevops.schema.json'] = scrapers.azureDevops;
files['config_file.schema.json'] = scrapers.file;
files['config_githubactions.schema.json'] = scrapers.githubActions;
files['config_kubernetes.schema.json'] = scrapers.kubernetes;
files['config_kubernetesfile.schema.json'] = scrapers.kubernetesFile;
files['config_sql.schema.json'] = scrapers.sql;
files['config_trivy.schema.json'] = scrapers.trivy;

const inlineOf = (schema) => {
  const copy = { ...schema };
  delete copy.$schema;
  delete copy.$id;
  return copy;
};
const scrapeSpec = {
  $schema: DRAFT,
  $id: 'scrape_config.spec.schema.json',
  title: 'Catalog scraper spec',
  type: 'object',
  properties: {
    schedule: str('Cron expression or @every interval'),
    full: bool('Scrape full objects and extract changes'),
    retention: obj(
      {
        changes: list(
          obj(
            {
              name: str('Change type', { minLength: 1 }),
              age: durationText('Keep for'),
              count: nonNegative('Keep at most'),
            },
            ['name'],
          ),
          'Retention of changes',
        ),
        types: list(
          obj(
            {
              name: str('Config type', { minLength: 1 }),
              createdAge: durationText('Created age'),
              updatedAge: durationText('Updated age'),
              deletedAge: durationText('Deleted age'),
            },
            ['name'],
          ),
          'Retention of config types',
        ),
        staleItemAge: durationText('Age after which unseen items are deleted'),
      },
      [],
      'Retention',
    ),
    ...Object.fromEntries(
      Object.entries(scrapers).map(([kind, schema]) => [
        kind,
        list(inlineOf(schema), schema.title + 's'),
      ]),
    ),
    custom: list({ type: 'object' }, 'Custom scrapers'),
  },
  additionalProperties: false,
};
files['scrape_config.spec.schema.json'] = scrapeSpec;
files['scrape_config.schema.json'] = resource(
  'scrape_config.schema.json',
  'ScrapeConfig',
  'ScrapeConfig',
  scrapeSpec,
  'configs.flanksource.com/v1',
);

// ---- incident rules (docs/incident-server.md) ----
const selector = obj(
  {
    id: str('Id'),
    name: str('Name (* wildcards)'),
    namespace: str('Namespace'),
    agent: str('Agent id, name or local'),
    types: strList('Types'),
    statuses: strList('Statuses'),
    labelSelector: str('Label selector (k=v,k!=v,k,!k)'),
    fieldSelector: str('Field selector'),
  },
  [],
  'A resource selector',
);
const responderList = (description) => list({ type: 'object' }, description);
files['incident-rules.schema.json'] = {
  $schema: DRAFT,
  $id: 'incident-rules.schema.json',
  title: 'Incident rule spec',
  type: 'object',
  properties: {
    name: str('Name'),
    priority: int('Rules run in ascending priority', { minimum: 0 }),
    breakOnMatch: bool('Stop at the first matching rule'),
    components: list(selector, 'Components to watch (without: checks)'),
    filter: obj(
      {
        status: strList('Statuses that match (default unhealthy)'),
        severity: strList('Severities (checks)'),
        category: strList('Categories (checks)'),
        age: {
          description: 'Minimum time in the status',
          oneOf: [durationText('Duration text'), { type: 'integer', minimum: 0 }],
        },
      },
      [],
      'Which subjects match',
    ),
    template: obj(
      {
        title: str('Title ({{name}}, {{status}}, {{kind}}, {{rule}})'),
        description: str('Description'),
        type: str('Incident type', {
          enum: [
            'availability',
            'cost',
            'performance',
            'security',
            'compliance',
            'integration',
            'technical_debt',
          ],
        }),
        severity: str('Severity', {
          enum: ['info', 'low', 'medium', 'high', 'critical', 'blocker'],
        }),
        status: str('Status', {
          enum: ['open', 'closed', 'mitigated', 'resolved', 'investigating', 'cancelled'],
        }),
        created_by: str('Person (id, e-mail or name)'),
        commander_id: str('Commander (id, e-mail or name)'),
        communicator_id: str('Communicator (id, e-mail or name)'),
      },
      [],
      'The incident opened',
    ),
    autoAssignOwner: bool("The subject's owner becomes the commander"),
    autoClose: { type: 'object', description: 'Accepted, not applied' },
    autoResolve: { type: 'object', description: 'Accepted, not applied' },
    hoursSinceLastIncident: nonNegative('No new incident within this many hours'),
    hoursOfOperation: list(
      obj(
        {
          start: str('HH:MM (UTC)', { pattern: '^[0-2][0-9]:[0-5][0-9]$' }),
          end: str('HH:MM (UTC)', { pattern: '^[0-2][0-9]:[0-5][0-9]$' }),
          negate: bool('Outside this window'),
        },
        ['start', 'end'],
      ),
      'Windows the rule runs in',
    ),
    responders: obj(
      {
        email: responderList('E-mail responders (to, subject, body)'),
        jira: responderList('Jira responders'),
        servicenow: responderList('ServiceNow responders'),
        aws: responderList('AWS support responders'),
        ams: responderList('AWS AMS responders'),
        slack: responderList('Slack (ignored)'),
        teams: responderList('Teams (ignored)'),
        github: responderList('GitHub (ignored)'),
        gcp: responderList('GCP (ignored)'),
        person: list(obj({ id: str('Id'), email: str('E-mail'), name: str('Name') }, []), 'People'),
      },
      [],
      'Responders added to the incident',
    ),
  },
  additionalProperties: false,
};

// ---- logging backends ----
const logBackend = (what) =>
  obj(
    {
      url: str(`${what} URL`, { minLength: 1 }),
      index: str('Index'),
      username: envVar('User name'),
      password: envVar('Password'),
      connection: connectionRef,
    },
    ['url'],
  );
files['logging_config.schema.json'] = {
  $schema: DRAFT,
  $id: 'logging_config.schema.json',
  title: 'Log backend spec',
  type: 'object',
  properties: {
    loki: logBackend('Loki'),
    elasticsearch: logBackend('Elasticsearch'),
    opensearch: logBackend('OpenSearch'),
    file: obj({ paths: strList('Paths') }, ['paths']),
    kubernetes: obj({ kubeconfig: envVar('Kubeconfig') }, []),
    // Vigil's reference server: its own log store (docs/logs.md), nothing to configure.
    vigil: obj({}, []),
    routes: list(
      obj(
        {
          type: str('Component type'),
          idPrefix: str('Id prefix'),
          labels: map('Labels'),
          isAdditive: bool('Additive'),
        },
        [],
      ),
      'Which components use this backend',
    ),
  },
  additionalProperties: false,
};

// ---- notifications ----
const EVENTS = [...NOTIFICATION_EVENTS];
const SERVICES = [
  'discord',
  'email',
  'google_chat',
  'ifttt',
  'mattermost',
  'matrix',
  'ntfy',
  'opsgenie',
  'pushbullet',
  'pushover',
  'rocketchat',
  'slack',
  'teams',
  'telegram',
  'zulip_chat',
  'generic_webhook',
];
files['notification.schema.json'] = {
  $schema: DRAFT,
  $id: 'notification.schema.json',
  title: 'Notification rule',
  type: 'object',
  properties: {
    events: list({ type: 'string', enum: EVENTS }, 'Events (at least one)'),
    title: str('Title template'),
    template: str('Body template (empty: the default)'),
    filter: str('CEL filter'),
    person_id: { type: ['string', 'null'], description: 'Send to a person' },
    team_id: { type: ['string', 'null'], description: 'Send to a team' },
    custom_services: {
      type: ['array', 'null'],
      description: 'Other recipients',
      items: obj(
        {
          name: str('Name'),
          connection: connectionRef,
          url: str('Shoutrrr URL'),
          filter: str('Filter'),
          properties: map('Properties'),
        },
        [],
      ),
    },
    properties: {
      type: ['object', 'null'],
      description: 'Properties (JSON)',
      additionalProperties: { type: 'string' },
    },
    repeat_interval: durationText('Repeat interval (e.g. 4h); at least 1 minute'),
    wait_for: {
      type: ['integer', 'null'],
      minimum: 0,
      description: 'Wait before sending (nanoseconds)',
    },
    group_by: list({ type: 'string' }, 'Group notifications by'),
    service: str('Service type', { enum: SERVICES }),
  },
  required: ['events'],
  additionalProperties: false,
};

// ---- playbooks ----
const PARAM_TYPES = [
  'code',
  'checkbox',
  'list',
  'team',
  'people',
  'component',
  'config',
  'check',
  'text',
];
const playbookEnv = obj(
  { name: str('Variable name', { minLength: 1 }), value: str('Value (templated)') },
  ['name'],
  'A variable',
);
const playbookSpec = {
  $schema: DRAFT,
  $id: 'playbook-spec.schema.json',
  title: 'Playbook spec',
  type: 'object',
  properties: {
    title: str('Title'),
    description: str('Description'),
    icon: str('Icon'),
    category: str('Category'),
    timeout: durationText('Timeout'),
    on: {
      type: 'object',
      description: 'Events that run the playbook (canary, component, config, webhook)',
    },
    checks: list(selector, 'Checks it runs on'),
    configs: list(selector, 'Configs it runs on'),
    components: list(selector, 'Components it runs on'),
    parameters: list(
      obj(
        {
          name: str('Name', { minLength: 1 }),
          label: str('Label'),
          description: str('Description'),
          type: str('Type', { enum: PARAM_TYPES }),
          default: { description: 'Default value' },
          required: bool('Required'),
          icon: str('Icon'),
          properties: obj(
            {
              size: str('Size'),
              language: str('Language'),
              jsonSchemaUrl: str('Schema URL'),
              options: list({ type: 'object' }, 'Options'),
              filter: { type: 'object' },
              multiline: { type: ['boolean', 'string'] },
              maxLength: nonNegative('Maximum length'),
              minLength: nonNegative('Minimum length'),
              regex: str('Pattern'),
              format: str('Format', { enum: ['bytes', 'millicores', 'dns1123', ''] }),
              min: num('Minimum'),
              max: num('Maximum'),
            },
            [],
          ),
        },
        ['name'],
      ),
      'Parameters',
    ),
    approval: obj(
      {
        type: str(
          'any: one listed approver is enough; all (default): every listed person and team',
          {
            enum: ['any', 'all'],
          },
        ),
        approvers: obj(
          {
            people: strList('E-mail addresses (or names) of people who may approve'),
            teams: strList('Names of teams whose members may approve'),
          },
          [],
        ),
      },
      [],
      'Runs wait in pending_approval until approved',
    ),
    env: list(playbookEnv, 'Variables every action can read as {{.env.NAME}}'),
    actions: list(
      {
        type: 'object',
        properties: {
          name: str('Action name (unique in the playbook)', { minLength: 1 }),
          if: str('When the action runs: success() (default), failure(), always()'),
          delay: durationText('Wait this long before the action starts'),
          timeout: durationText('Time limit of one attempt (default 5m)'),
          retry: obj(
            {
              limit: int('Attempts after the first', { minimum: 0, maximum: 10 }),
              duration: durationText('Wait before the first retry (default 10s)'),
              exponent: obj(
                { multiplier: num('Each wait is the previous one times this', { minimum: 1 }) },
                [],
              ),
            },
            ['limit'],
            'Retry a failed attempt',
          ),
          exec: obj(
            {
              script: str('Shell script (run with /bin/sh -c)', { minLength: 1 }),
              connections: { type: 'object' },
              env: list(playbookEnv, 'Environment of the process'),
              checkout: { type: 'object' },
            },
            ['script'],
            'Run a process on the server (needs VIGIL_PLAYBOOK_EXEC=true)',
          ),
          http: obj(
            {
              url: str('URL (templated)', { minLength: 1 }),
              connection: connectionRef,
              method: str('Method', { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] }),
              headers: {
                description: 'Headers: a map, or a list of {name, value}',
                oneOf: [
                  map('Header map'),
                  list(obj({ name: str('Header'), value: str('Value') }, ['name']), 'Header list'),
                ],
              },
              body: str('Body (templated)'),
              insecureTLS: bool('Do not verify the TLS certificate'),
            },
            ['url'],
            'HTTP call; a status of 400 or above fails the action',
          ),
          sql: obj(
            {
              query: str('SQL (templated)', { minLength: 1 }),
              connection: connectionRef,
              url: str('postgres:// connection string'),
              driver: str('Driver', { enum: ['postgres'] }),
            },
            ['query'],
            'SQL query on a PostgreSQL connection',
          ),
          logs: obj(
            {
              stream: str('Log stream: vigil (default) or a component external id'),
              query: str('Text the lines must contain'),
              labels: map('Labels the lines must carry'),
              since: durationText('How far back (default 1h)'),
              limit: int('Lines at most (default 100)', { minimum: 1, maximum: 5000 }),
            },
            [],
            "Read lines from Vigil's log store into the step log",
          ),
          pod: { type: 'object', description: 'Run a pod' },
          notification: obj(
            {
              connection: connectionRef,
              url: str('Service URL'),
              title: str('Title'),
              message: str('Message', { minLength: 1 }),
              properties: map('Properties'),
            },
            ['message'],
            'Send a notification (through the notification dispatcher)',
          ),
          gitops: { type: 'object', description: 'Commit to a repository' },
          github: { type: 'object', description: 'GitHub workflow' },
          azureDevopsPipeline: { type: 'object', description: 'Azure DevOps pipeline' },
        },
        required: ['name'],
        additionalProperties: false,
      },
      'Actions, run in order',
    ),
  },
  required: ['actions'],
  additionalProperties: false,
};
files['playbook-spec.schema.json'] = playbookSpec;
files['playbook.schema.json'] = resource(
  'playbook.schema.json',
  'Playbook',
  'Playbook',
  playbookSpec,
  'mission-control.flanksource.com/v1',
);

for (const [name, schema] of Object.entries(files)) {
  writeFileSync(new URL(name, out), JSON.stringify(clean(schema), null, 2) + '\n');
}
console.log(`wrote ${Object.keys(files).length} schemas`);
