/**
 * What a scoped embed token can read (docs/embed-tokens.md), against the real PostgREST engine and
 * the demo data: exactly its resources — no other check, relation, endpoint or column, and no
 * write of any kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CanarySummaryResponse } from '../../src/api/types';
import type { Db } from '../src/db/types';
import { expandHiddenStar } from '../src/embed/db-policy';
import { parseScope } from '../src/embed/scope';
import { createEmbedToken } from '../src/embed/tokens';
import { createEngine } from '../src/postgrest/engine';
import { buildApp, openTestDb, requester, type Requester, type TestApp } from './fixtures/app';

let db: Db;
let t: TestApp;
let as: Requester;

/** Ids picked from the demo data. */
const ids = {
  check: '',
  otherCheck: '',
  canary: '',
  canaryChecks: [] as string[],
  sreChecks: [] as string[],
  component: '',
  otherComponent: '',
  config: '',
  otherConfig: '',
  incidentComponent: '',
  incidentConfig: '',
};
/** Tokens by name. */
const tokens: Record<string, string> = {};

async function mint(name: string, scope: Record<string, unknown>): Promise<void> {
  const parsed = parseScope(scope);
  if (typeof parsed === 'string') throw new Error(parsed);
  const created = await createEmbedToken(db, {
    name,
    scope: parsed,
    expiresAt: new Date(Date.now() + 3_600_000),
    createdBy: undefined,
  });
  tokens[name] = created.token;
}

async function column(sql: string, params: unknown[] = []): Promise<string[]> {
  const result = await db.query<{ id: string }>(sql, params);
  return result.rows.map((row) => row.id);
}

beforeAll(async () => {
  db = await openTestDb({ seed: true });
  t = buildApp(db, { auth: 'basic' }, await createEngine({ db }));
  as = requester(t.app);
  const [canary] = await column(
    `SELECT canary_id AS id FROM checks WHERE deleted_at IS NULL GROUP BY canary_id
     HAVING count(*) >= 2 ORDER BY canary_id LIMIT 1`,
  );
  ids.canary = canary ?? '';
  ids.canaryChecks = await column(
    'SELECT id FROM checks WHERE canary_id = $1 AND deleted_at IS NULL ORDER BY id',
    [ids.canary],
  );
  ids.check = ids.canaryChecks[0] ?? '';
  const [other] = await column(
    `SELECT id FROM checks WHERE canary_id <> $1 AND deleted_at IS NULL ORDER BY id LIMIT 1`,
    [ids.canary],
  );
  ids.otherCheck = other ?? '';
  ids.sreChecks = await column(
    `SELECT c.id FROM checks c JOIN canaries ca ON ca.id = c.canary_id
     WHERE c.deleted_at IS NULL AND (coalesce(ca.labels, '{}') || coalesce(c.labels, '{}')) @> '{"team":"sre"}'
     ORDER BY c.id`,
  );
  const [component] = await column(
    `SELECT component_id AS id FROM check_component_relationships GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
  );
  ids.component = component ?? '';
  const [otherComponent] = await column(
    `SELECT id FROM components WHERE id <> $1 AND deleted_at IS NULL ORDER BY id LIMIT 1`,
    [ids.component],
  );
  ids.otherComponent = otherComponent ?? '';
  const configs = await column('SELECT id FROM configs ORDER BY id LIMIT 2');
  ids.config = configs[0] ?? '';
  ids.otherConfig = configs[1] ?? '';
  const [incidentComponent] = await column(
    'SELECT component_id AS id FROM incidents_by_component ORDER BY 1 LIMIT 1',
  );
  ids.incidentComponent = incidentComponent ?? '';
  const [incidentConfig] = await column(
    'SELECT config_id AS id FROM incidents_by_config ORDER BY 1 LIMIT 1',
  );
  ids.incidentConfig = incidentConfig ?? '';

  await mint('check', { checks: [ids.check] });
  await mint('canary', { canaries: [ids.canary] });
  await mint('labels', { check_labels: { team: 'sre' } });
  await mint('component', { components: [ids.component] });
  await mint('config', { configs: [ids.config] });
  await mint('incidents', {
    incident_components: [ids.incidentComponent],
    incident_configs: [ids.incidentConfig],
  });
});
afterAll(async () => db.close());

/** A request with the embed token named `name`. */
function get(name: string, path: string, init?: RequestInit): Promise<Response> {
  return as({ bearer: tokens[name] ?? '' }, path, init);
}

async function rows<T = Record<string, unknown>>(response: Response): Promise<T[]> {
  expect(response.status).toBeLessThan(300);
  return (await response.json()) as T[];
}

async function expectDenied(response: Response, action = 'read'): Promise<void> {
  expect(response.status).toBe(403);
  expect(await response.text()).toBe('unauthorized. Access Denied');
  expect(response.headers.get('x-rbac-subject')).toMatch(/^embed-token:/);
  expect(response.headers.get('x-rbac-action')).toBe(action);
}

describe('health summary', () => {
  async function summaryIds(name: string): Promise<string[]> {
    const response = await get(name, '/api/canary/api/summary');
    expect(response.status).toBe(200);
    const body = (await response.json()) as CanarySummaryResponse;
    expect(body.runnerName).toBe('local');
    return (body.checks_summary ?? []).map((check) => check.id).sort();
  }

  it('lists only the checks of the scope: by id, by canary, by labels', async () => {
    expect(await summaryIds('check')).toEqual([ids.check]);
    expect(await summaryIds('canary')).toEqual([...ids.canaryChecks].sort());
    expect(await summaryIds('labels')).toEqual([...ids.sreChecks].sort());
    expect(ids.sreChecks.length).toBeGreaterThan(1);
  });

  it('refuses tokens without checks, and POST', async () => {
    await expectDenied(await get('component', '/api/canary/api/summary'));
    await expectDenied(
      await get('check', '/api/canary/api/summary', { method: 'POST', body: '{}' }),
      'write',
    );
  });
});

describe('check graph', () => {
  it('answers for a check in scope, 403 for any other, 400 for a bad id', async () => {
    const ok = await get('check', `/api/canary/api/graph?check=${ids.check}&start=1d`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toHaveProperty('uptime');
    await expectDenied(await get('check', `/api/canary/api/graph?check=${ids.otherCheck}`));
    expect((await get('labels', `/api/canary/api/graph?check=${ids.sreChecks[0]}`)).status).toBe(
      200,
    );
    await expectDenied(await get('component', `/api/canary/api/graph?check=${ids.check}`));
    const bad = await get('check', '/api/canary/api/graph?check=1%27%20OR%201=1');
    expect(bad.status).toBe(400);
    // The route still validates its own parameters after the gate.
    const badStart = await get('check', `/api/canary/api/graph?check=${ids.check}&start=soon`);
    expect(badStart.status).toBe(400);
  });
});

describe('/db: check statuses', () => {
  it('reads the status history of a check in scope', async () => {
    const response = await get(
      'check',
      `/api/db/check_statuses?check_id=eq.${ids.check}&order=time.desc&limit=5&select=check_id,time,status,duration,message`,
    );
    const list = await rows<{ check_id: string }>(response);
    expect(list).toHaveLength(5);
    expect(new Set(list.map((row) => row.check_id))).toEqual(new Set([ids.check]));
  });

  it('403 for another check by eq or in, even mixed with its own', async () => {
    await expectDenied(await get('check', `/api/db/check_statuses?check_id=eq.${ids.otherCheck}`));
    await expectDenied(
      await get('check', `/api/db/check_statuses?check_id=in.(${ids.check},${ids.otherCheck})`),
    );
  });

  it('without an id filter, or with filters that try to widen it, only the scope is read', async () => {
    const queries = [
      'select=check_id&limit=3000',
      `select=check_id&or=(check_id.eq.${ids.otherCheck},check_id.neq.${ids.check})`,
      `select=check_id&check_id=neq.${ids.check}`,
      `select=check_id&check_id=not.eq.${ids.check}`,
      `select=check_id&not.and=(check_id.eq.${ids.check})`,
    ];
    for (const query of queries) {
      const list = await rows<{ check_id: string }>(
        await get('check', `/api/db/check_statuses?${query}`),
      );
      for (const row of list) expect(row.check_id).toBe(ids.check);
    }
    // The label token: exactly the statuses of its checks, counted.
    const counted = await get(
      'labels',
      '/api/db/check_statuses?select=check_id&limit=1&check_id=not.is.null',
      { headers: { Prefer: 'count=exact' } },
    );
    expect(counted.status).toBe(206);
    const total = Number(counted.headers.get('content-range')?.split('/')[1]);
    const truth = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM check_statuses WHERE check_id IN (SELECT x::uuid FROM json_array_elements_text($1::json) AS x)`,
      [JSON.stringify(ids.sreChecks)],
    );
    expect(total).toBe(Number(truth.rows[0]?.n));
    expect(total).toBeGreaterThan(0);
  });

  it('reads the aggregates, HEAD included', async () => {
    const hourly = await rows<{ check_id: string }>(
      await get('canary', `/api/db/check_statuses_1h?check_id=eq.${ids.canaryChecks[1]}&limit=3`),
    );
    for (const row of hourly) expect(row.check_id).toBe(ids.canaryChecks[1]);
    const head = await get('check', `/api/db/check_statuses?check_id=eq.${ids.check}`, {
      method: 'HEAD',
    });
    expect(head.status).toBe(200);
  });
});

describe('/db: checks and their embeds', () => {
  const detail =
    'id,name,type,status,labels,canaries!checks_canary_id_fkey(id,name,source),agents!checks_agent_id_fkey(id,name),' +
    'components:check_component_relationships(components(id,name,icon)),configs:check_config_relationships(configs(id,name,type))';

  it('reads its check with the detail embeds when it names the columns', async () => {
    const list = await rows<{ id: string; canaries: { id: string } }>(
      await get('check', `/api/db/checks?id=eq.${ids.check}&select=${encodeURIComponent(detail)}`),
    );
    expect(list).toHaveLength(1);
    expect(list[0]?.id).toBe(ids.check);
    expect(list[0]?.canaries.id).toBe(ids.canary);
    // Without an id filter: still only its check.
    const all = await rows<{ id: string }>(await get('check', '/api/db/checks?select=id,name'));
    expect(all.map((row) => row.id)).toEqual([ids.check]);
  });

  it("answers the check-detail widget's own query (`*` and embeds) without the spec", async () => {
    // CHECK_DETAIL_SELECT of src/api/checks.ts, which the <vigil-check-detail> widget sends.
    const widgetSelect =
      '*,canaries!checks_canary_id_fkey(id,name,source),agents!checks_agent_id_fkey(id,name),' +
      'components:check_component_relationships(components(id,name,icon)),' +
      'configs:check_config_relationships(configs(id,name,type))';
    for (const query of [
      `id=eq.${ids.check}&select=${encodeURIComponent(widgetSelect)}`,
      `id=eq.${ids.check}&select=*`,
      `id=eq.${ids.check}`,
      `select=%2A&id=eq.${ids.check}`,
    ]) {
      const list = await rows<Record<string, unknown>>(
        await get('check', `/api/db/checks?${query}`),
      );
      expect(list, query).toHaveLength(1);
      expect(list[0]?.id).toBe(ids.check);
      expect(list[0], query).toHaveProperty('name');
      expect(list[0], query).toHaveProperty('last_runtime');
      expect(list[0], query).not.toHaveProperty('spec');
    }
  });

  it('never reads hidden columns: spec, canary spec, agent secrets', async () => {
    const base = `/api/db/checks?id=eq.${ids.check}`;
    const refused = [
      `${base}&select=id,spec`,
      `${base}&select=id,s:spec`,
      `${base}&select=id,spec->>url`,
      `${base}&select=id&spec->>url=like.*`,
      `${base}&select=id&or=(spec->>url.like.http*,id.is.null)`,
      `${base}&select=id&order=spec->>url`,
      `${base}&select=id,canaries(*)`,
      `${base}&select=id,canaries(id,spec)`,
      `${base}&select=id,canaries(id)&canaries.spec=not.is.null`,
      `${base}&select=id,canaries(id)&canaries.order=spec`,
      `${base}&select=id,agents(id,tls)`,
      `${base}&select=id,components:check_component_relationships(checks(*))`,
      `${base}&select=id,agents(*)`,
    ];
    for (const path of refused) await expectDenied(await get('check', path));
  });

  it('refuses embeds outside the table, by name or by foreign-key column', async () => {
    const base = `/api/db/checks?id=eq.${ids.check}`;
    for (const select of [
      'id,check_statuses(status)',
      'id,canary_id(id,name)',
      'id,canaries(id,created_by(id,name))',
      'id,canaries(id,checks(id,name))',
    ]) {
      await expectDenied(await get('check', `${base}&select=${encodeURIComponent(select)}`));
    }
  });

  it('refuses other checks by id, and the component token reads no checks', async () => {
    await expectDenied(await get('check', `/api/db/checks?id=eq.${ids.otherCheck}&select=id`));
    await expectDenied(await get('component', `/api/db/checks?select=id`));
  });
});

describe('/db: components, configs, incidents', () => {
  it('a component token reads its component (and topology row) only', async () => {
    const list = await rows<{ id: string }>(
      await get('component', '/api/db/components?select=id,name,status'),
    );
    expect(list.map((row) => row.id)).toEqual([ids.component]);
    const topology = await rows<{ id: string; checks: unknown }>(
      await get('component', `/api/db/topology?id=eq.${ids.component}&select=id,name,checks`),
    );
    expect(topology.map((row) => row.id)).toEqual([ids.component]);
    await expectDenied(await get('component', `/api/db/components?id=eq.${ids.otherComponent}`));
    const withChecks = await rows<{ check_component_relationships: unknown[] }>(
      await get(
        'component',
        `/api/db/components?id=eq.${ids.component}&select=id,check_component_relationships(checks(id,name,status))`,
      ),
    );
    expect(withChecks[0]?.check_component_relationships.length).toBeGreaterThan(0);
    await expectDenied(await get('component', `/api/db/configs?select=id`));
  });

  it('a config token reads its config through the configs view, never config_items', async () => {
    const list = await rows<{ id: string }>(await get('config', '/api/db/configs?select=id,name'));
    expect(list.map((row) => row.id)).toEqual([ids.config]);
    await expectDenied(await get('config', `/api/db/configs?id=eq.${ids.otherConfig}`));
    await expectDenied(await get('config', `/api/db/config_items?id=eq.${ids.config}`));
    await expectDenied(await get('config', `/api/db/components?select=id`));
  });

  it('an incidents token reads the incidents of its component and config only', async () => {
    const byComponent = await rows<{ component_id: string }>(
      await get('incidents', '/api/db/incidents_by_component?select=id,title,component_id'),
    );
    expect(byComponent.length).toBeGreaterThan(0);
    for (const row of byComponent) expect(row.component_id).toBe(ids.incidentComponent);
    const byConfig = await rows<{ config_id: string }>(
      await get('incidents', '/api/db/incidents_by_config?select=id,config_id'),
    );
    expect(byConfig.length).toBeGreaterThan(0);
    for (const row of byConfig) expect(row.config_id).toBe(ids.incidentConfig);
    await expectDenied(await get('incidents', '/api/db/incidents?select=id'));
    await expectDenied(await get('incidents', '/api/db/incident_summary?select=id'));
    await expectDenied(await get('incidents', `/api/db/components?id=eq.${ids.incidentComponent}`));
  });
});

describe('/db: the reads of <vigil-incident-summary>', () => {
  // The widget's query (postgrest.md §8.4 incidents panel; src/api/incidents.ts).
  const panel = (view: string, column: string, id: string, status = 'open') =>
    `/api/db/${view}?order=created_at.desc&status=eq.${status}&${column}=eq.${id}`;
  let component = '';
  let otherComponent = '';
  let config = '';
  let otherConfig = '';

  beforeAll(async () => {
    // The demo's subject incidents: a service and a deployment with several open incidents.
    [component = ''] = await column(
      `SELECT component_id AS id FROM incidents_by_component WHERE status = 'open'
       GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    );
    [otherComponent = ''] = await column(
      `SELECT component_id AS id FROM incidents_by_component WHERE component_id <> $1
       ORDER BY 1 LIMIT 1`,
      [component],
    );
    [config = ''] = await column(
      `SELECT config_id AS id FROM incidents_by_config WHERE status = 'open'
       GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    );
    [otherConfig = ''] = await column(
      `SELECT config_id AS id FROM incidents_by_config WHERE config_id <> $1 ORDER BY 1 LIMIT 1`,
      [config],
    );
    await mint('summary-component', { incident_components: [component] });
    await mint('summary-config', { incident_configs: [config] });
  });

  it('the demo data has open incidents of several severities on a component and a config', async () => {
    const severities = await column(
      `SELECT DISTINCT severity AS id FROM incidents_by_component
       WHERE status = 'open' AND component_id = $1`,
      [component],
    );
    expect(severities.length).toBeGreaterThanOrEqual(3);
    const onConfig = await column(
      `SELECT id FROM incidents_by_config WHERE status = 'open' AND config_id = $1`,
      [config],
    );
    expect(onConfig.length).toBeGreaterThanOrEqual(2);
    expect(otherComponent).not.toBe('');
    expect(otherConfig).not.toBe('');
  });

  it("a component token reads its component's open incidents, newest first", async () => {
    const list = await rows<{ component_id: string; status: string; created_at: string }>(
      await get('summary-component', panel('incidents_by_component', 'component_id', component)),
    );
    const truth = await column(
      `SELECT id FROM incidents_by_component WHERE status = 'open' AND component_id = $1`,
      [component],
    );
    expect(list).toHaveLength(truth.length);
    for (const row of list) {
      expect(row.component_id).toBe(component);
      expect(row.status).toBe('open');
    }
    const times = list.map((row) => Date.parse(row.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Other statuses and a type filter go through the same gate.
    const investigating = await get(
      'summary-component',
      `${panel('incidents_by_component', 'component_id', component, 'investigating')}&type=eq.availability`,
    );
    expect(investigating.status).toBe(200);
  });

  it("never another component's or config's incidents", async () => {
    await expectDenied(
      await get(
        'summary-component',
        panel('incidents_by_component', 'component_id', otherComponent),
      ),
    );
    await expectDenied(
      await get(
        'summary-component',
        `/api/db/incidents_by_component?component_id=in.(${component},${otherComponent})`,
      ),
    );
    // Without an id filter, still only its component.
    const all = await rows<{ component_id: string }>(
      await get('summary-component', '/api/db/incidents_by_component?select=id,component_id'),
    );
    expect(all.length).toBeGreaterThan(0);
    for (const row of all) expect(row.component_id).toBe(component);
    // Its component id does not open the config view.
    await expectDenied(
      await get('summary-component', panel('incidents_by_config', 'config_id', config)),
    );
  });

  it("a config token reads its config's open incidents only", async () => {
    const list = await rows<{ config_id: string; status: string }>(
      await get('summary-config', panel('incidents_by_config', 'config_id', config)),
    );
    expect(list.length).toBeGreaterThanOrEqual(2);
    for (const row of list) expect(row.config_id).toBe(config);
    await expectDenied(
      await get('summary-config', panel('incidents_by_config', 'config_id', otherConfig)),
    );
    await expectDenied(
      await get('summary-config', panel('incidents_by_component', 'component_id', component)),
    );
  });
});

describe('everything else', () => {
  it('403 on every other relation, function and secret table', async () => {
    for (const relation of [
      'people',
      'people_roles',
      'canaries',
      'access_tokens',
      'vigil_embed_tokens',
      'vigil_sessions',
      'identities',
      'connections',
      'properties',
      'agents',
      'incidents',
      'config_items',
      'check_summary',
      'rpc/check_summary_for_component',
      'no_such_relation',
      '..%2Fpeople',
    ]) {
      await expectDenied(await get('check', `/api/db/${relation}`));
    }
  });

  it('403 on every other endpoint', async () => {
    for (const path of [
      '/api/auth/whoami',
      '/api/properties',
      '/api/kubeconfig',
      '/api/canary/about',
      '/api/canary/api/topology',
      '/api/embed-tokens',
      '/api/rbac/dump',
      '/api/playbook/list',
      '/api/kratos/sessions/whoami',
      '/api/canary/api/summary/',
      '/api/nothing-here',
    ]) {
      await expectDenied(await get('check', path));
    }
  });

  it('403 (write) on every write: /db, run now, agents, catalog, tokens, people', async () => {
    const writes: [string, string, string?][] = [
      ['POST', '/api/db/check_statuses', JSON.stringify({ check_id: ids.check, time: 'now()' })],
      ['PATCH', `/api/db/checks?id=eq.${ids.check}`, JSON.stringify({ name: 'pwned' })],
      ['DELETE', `/api/db/check_statuses?check_id=eq.${ids.check}`],
      ['DELETE', `/api/db/components?id=eq.${ids.component}`],
      ['POST', `/api/db/rpc/check_summary_for_component`, '{}'],
      ['PUT', `/api/db/checks?id=eq.${ids.check}`, '{}'],
      ['POST', `/api/canary/run/check/${ids.check}`],
      ['POST', '/api/agent/generate', JSON.stringify({ name: 'evil' })],
      ['POST', '/api/catalog/summary', '{}'],
      ['POST', '/api/embed-tokens', '{}'],
      ['DELETE', '/api/people/x'],
    ];
    for (const [method, path, body] of writes) {
      await expectDenied(
        await get('check', path, {
          method,
          headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
          ...(body ? { body } : {}),
        }),
        'write',
      );
    }
    // Nothing changed.
    const name = await db.query<{ name: string }>('SELECT name FROM checks WHERE id = $1', [
      ids.check,
    ]);
    expect(name.rows[0]?.name).not.toBe('pwned');
    const statuses = await db.query('SELECT 1 FROM check_statuses WHERE check_id = $1 LIMIT 1', [
      ids.check,
    ]);
    expect(statuses.rows).toHaveLength(1);
    const agents = await db.query(`SELECT 1 FROM agents WHERE name = 'evil'`);
    expect(agents.rows).toHaveLength(0);
  });

  it('bad /db input is a 4xx, never a 500', async () => {
    for (const query of [
      'select=id,name(',
      'id=eq.',
      'order=nosuchcolumn',
      'select=nosuchcolumn',
      'id=zz.1',
      'limit=-1',
      `id=eq.not-a-uuid`,
    ]) {
      const response = await get('check', `/api/db/checks?${query}`);
      expect(response.status, query).toBeGreaterThanOrEqual(400);
      expect(response.status, query).toBeLessThan(500);
    }
  });
});

describe('expandHiddenStar', () => {
  const columns = ['id', 'name', 'spec', 'labels'];
  const select = (query: string) =>
    new URLSearchParams(query).getAll('select').map((value) => value);

  it('replaces a top-level * (or a missing select) on a relation with hidden columns', () => {
    expect(select(expandHiddenStar('select=*', 'checks', columns))).toEqual(['id,name,labels']);
    expect(select(expandHiddenStar('id=eq.1', 'checks', columns))).toEqual(['id,name,labels']);
    expect(
      select(expandHiddenStar(`select=${encodeURIComponent('*,canaries(*)')}`, 'checks', columns)),
    ).toEqual(['id,name,labels,canaries(*)']);
    expect(
      select(expandHiddenStar(`select=${encodeURIComponent('"a,*",x(y,*)')}`, 'checks', columns)),
    ).toEqual(['"a,*",x(y,*)']);
  });

  it('leaves other relations and explicit selects alone', () => {
    expect(expandHiddenStar('select=*&id=eq.1', 'components', columns)).toBe('select=*&id=eq.1');
    expect(select(expandHiddenStar('select=id,name', 'checks', columns))).toEqual(['id,name']);
  });
});

describe('odd input in refusals', () => {
  it('control characters in the path or select never break the 403 headers', async () => {
    for (const path of [
      '/api/db/check%0Astatuses',
      '/api/db/%E2%9C%93%0D%0AX-Evil:%201',
      '/api/nothing%0D%0Ahere',
      `/api/db/checks?id=eq.${'0'.repeat(8)}&select=id,${encodeURIComponent('"a\nb"(id)')}`,
      `/api/db/checks?select=id&${encodeURIComponent('x\ny')}.order=id`,
    ]) {
      const response = await get('check', path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      expect(response.headers.get('x-evil')).toBeNull();
    }
  });
});
