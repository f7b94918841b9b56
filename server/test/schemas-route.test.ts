/**
 * GET /api/schemas/<file> (contract api.md §9.3): every file the contract names is served as a
 * JSON Schema document to any signed-in user, the reference frontend's alias works, unknown or
 * malformed names are 404, and an anonymous caller is refused. The documents validate what the
 * spec says they should (required fields, minimums, body only for POST/PUT).
 */
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import {
  buildApp,
  openTestDb,
  requester,
  signInDemoAccounts,
  type Requester,
  type TestApp,
} from './fixtures/app';

const HEALTH = [
  'alertmanager',
  'awsconfig',
  'awsconfigrule',
  'azuredevops',
  'catalog',
  'cloudwatch',
  'configdb',
  'containerdPull',
  'containerdPush',
  'databasebackupcheck',
  'dns',
  'dockerPull',
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
  'webhook',
];
const FILES = [
  'canary.schema.json',
  'canary.spec.schema.json',
  'component.schema.json',
  'component.spec.schema.json',
  'connection.schema.json',
  'config_aws.schema.json',
  'config_azure.schema.json',
  'config_azuredevops.schema.json',
  'config_file.schema.json',
  'config_githubactions.schema.json',
  'config_kubernetes.schema.json',
  'config_kubernetesfile.schema.json',
  'config_sql.schema.json',
  'config_trivy.schema.json',
  ...HEALTH.map((type) => `health_${type}.schema.json`),
  'incident-rules.schema.json',
  'logging_config.schema.json',
  'notification.schema.json',
  'playbook.schema.json',
  'playbook-spec.schema.json',
  'scrape_config.schema.json',
  'scrape_config.spec.schema.json',
  'topology.schema.json',
  'topology.spec.schema.json',
];

let db: Db;
let t: TestApp;
let as: Requester;

beforeAll(async () => {
  db = await openTestDb({ seed: true });
  t = buildApp(db, { auth: 'basic' });
  as = requester(t.app, await signInDemoAccounts(t.app));
}, 120_000);
afterAll(async () => db.close());

async function schema(file: string): Promise<Record<string, unknown>> {
  const response = await as('viewer', `/api/schemas/${file}`);
  expect(response.status, file).toBe(200);
  expect(response.headers.get('content-type')).toContain('json');
  return (await response.json()) as Record<string, unknown>;
}

describe('GET /api/schemas/<file>', () => {
  it('serves every file of the contract as a compilable draft-07 schema', async () => {
    const ajv = new Ajv({ allErrors: true });
    expect(FILES).toHaveLength(63);
    for (const file of FILES) {
      const document = await schema(file);
      expect(document.$schema, file).toBe('http://json-schema.org/draft-07/schema#');
      expect(() => ajv.compile(document), file).not.toThrow();
    }
  });

  it('serves the reference frontend alias and refuses unknown names and anonymous callers', async () => {
    expect(await schema('config_scraper.spec.schema.json')).toEqual(
      await schema('scrape_config.spec.schema.json'),
    );
    expect((await as('viewer', '/api/schemas/nope.schema.json')).status).toBe(404);
    expect((await as('viewer', '/api/schemas/..%2Fpackage.json')).status).toBe(404);
    expect((await as('viewer', '/api/schemas/canary.spec.schema')).status).toBe(404);
    expect((await as(null, '/api/schemas/canary.spec.schema.json')).status).toBe(401);
  });

  it('holds the spec rules: required fields, minimums, the body only for POST and PUT', async () => {
    const ajv = new Ajv({ allErrors: true });
    const canary = ajv.compile(await schema('canary.spec.schema.json'));
    expect(
      canary({ schedule: '@every 1m', http: [{ name: 'home', url: 'https://example.com' }] }),
    ).toBe(true);
    expect(canary({ http: [{ name: 'home' }] })).toBe(false);
    expect(canary({ http: [{ name: 'a', url: 'https://x', method: 'GET', body: '{}' }] })).toBe(
      false,
    );
    expect(canary({ http: [{ name: 'a', url: 'https://x', method: 'POST', body: '{}' }] })).toBe(
      true,
    );
    expect(canary({ http: [{ name: 'a', url: 'https://x', thresholdMillis: -1 }] })).toBe(false);
    expect(canary({ tcp: [{ name: 'db' }] })).toBe(false);
    expect(canary({ icmp: [{ name: 'gw', endpoint: '10.0.0.1', packetCount: -2 }] })).toBe(false);
    expect(canary({ redis: [{ name: 'cache', addr: 'redis:6379' }] })).toBe(true);
    expect(canary({ exec: [{ name: 'script' }] })).toBe(false);
    expect(canary({ htp: [] })).toBe(false);
    const scraper = ajv.compile(await schema('scrape_config.spec.schema.json'));
    expect(scraper({ kubernetes: [{ clusterName: 'prod' }] })).toBe(true);
    expect(scraper({ kubernetes: [{}] })).toBe(false);
    expect(scraper({ githubActions: [{ owner: 'o' }] })).toBe(false);
    expect(scraper({ retention: { changes: [{ age: '7d' }] } })).toBe(false);
    const rules = ajv.compile(await schema('incident-rules.schema.json'));
    expect(
      rules({ priority: 1, filter: { status: ['unhealthy'] }, template: { severity: 'high' } }),
    ).toBe(true);
    expect(rules({ template: { severity: 'urgent' } })).toBe(false);
  });

  it("accepts a log backend pointing at the reference server's own store (docs/logs.md)", async () => {
    const ajv = new Ajv({ allErrors: true });
    const backend = ajv.compile(await schema('logging_config.schema.json'));
    expect(backend({ vigil: {}, routes: [{ type: 'vigil' }] })).toBe(true);
    expect(backend({ vigil: { url: 'http://elsewhere' } })).toBe(false);
    expect(backend({ loki: {} })).toBe(false);
  });

  it("accepts every canary spec of the demo seed (the console's read-only editors show no error)", async () => {
    const ajv = new Ajv({ allErrors: true });
    const canary = ajv.compile(await schema('canary.spec.schema.json'));
    const { rows } = await db.query<{ name: string; spec: unknown }>(
      'SELECT name, spec FROM canaries WHERE deleted_at IS NULL ORDER BY name',
    );
    expect(rows.length).toBeGreaterThan(5);
    const invalid = rows.flatMap((row) =>
      canary(row.spec) ? [] : [`${row.name}: ${ajv.errorsText(canary.errors)}`],
    );
    expect(invalid).toEqual([]);
  });
});
