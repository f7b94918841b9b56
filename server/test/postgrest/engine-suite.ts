/**
 * The engine's behaviour suite, run against every database adapter (PGlite always, PostgreSQL 15
 * when the binaries exist). Reads come first; writes create and remove their own rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/types';
import { createEngine } from '../../src/postgrest/engine';
import { createHarness, type Harness } from './harness';

const ID = (suffix: string) => `00000000-0000-0000-0000-${suffix.padStart(12, '0')}`;
const ALICE = ID('e1');
const BOB = ID('e2');
const INC1 = ID('401');
const D1 = ID('d1');
const C101 = ID('101');

type Row = Record<string, unknown>;

function names(rows: Row[]): unknown[] {
  return rows.map((row) => row.name);
}

/**
 * Define the suite for one database. `open` returns a fresh, empty database; `timeouts` says
 * whether it enforces statement_timeout (PGlite runs single-threaded in WASM and does not).
 */
export function defineEngineSuite(
  label: string,
  open: () => Promise<Db>,
  options: { timeouts: boolean },
): void {
  describe(`postgrest engine on ${label}`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await createHarness(await open());
    });
    afterAll(async () => {
      await h.db.close();
    });

    describe('select', () => {
      it('defaults to * with columns in table order', async () => {
        const rows = await h.rows(`people?id=eq.${ALICE}`);
        expect(Object.keys(rows[0] ?? {})).toEqual(['id', 'name', 'email', 'avatar', 'created_at']);
        expect(rows[0]?.created_at).toBe('2024-10-01T00:00:00+00:00');
      });

      it('column lists, aliases, casts, whitespace and duplicates', async () => {
        const rows = await h.rows(
          `checks?select=id, name,  label:name,created_at::text,id&id=eq.${D1}`,
        );
        expect(rows).toEqual([
          { id: D1, name: 'homepage', label: 'homepage', created_at: '2024-10-12 00:00:00+00' },
        ]);
      });

      it('JSON paths with bare and quoted keys', async () => {
        const rows = await h.rows(
          `canaries?select=name,labels->>team,raw:labels->team,n:labels->>"app.kubernetes.io/name"&order=name`,
        );
        expect(rows).toEqual([
          { name: 'http-checks', team: 'sre', raw: 'sre', n: 'web' },
          { name: 'tcp-checks', team: 'dev', raw: 'dev', n: null },
        ]);
      });

      it('merges repeated select parameters', async () => {
        const rows = await h.rows(
          `configs?select=id,name&select=agent:agents(id,name)&id=eq.${C101}`,
        );
        expect(rows).toEqual([
          { id: C101, name: 'web-deploy', agent: { id: ID('0'), name: 'local' } },
        ]);
      });

      it('rejects unknown columns with 42703 and bad syntax with PGRST100', async () => {
        const unknown = await h.get('checks?select=id,nope');
        expect(unknown.status).toBe(400);
        expect(unknown.json).toMatchObject({ code: '42703' });
        for (const bad of [
          'checks?select=id,(',
          'checks?select=id)',
          'checks?select=a::bad-type',
        ]) {
          const response = await h.get(bad);
          expect(response.status, bad).toBe(400);
          expect(response.json, bad).toMatchObject({ code: 'PGRST100' });
        }
      });
    });

    describe('embedding', () => {
      it('many-to-one by FK column name (object or null)', async () => {
        const rows = await h.rows(
          'incidents?select=incident_id,commander_id(id,name),created_by(id,id,name)&order=incident_id',
        );
        expect(rows[0]).toEqual({
          incident_id: 'INC-1',
          commander_id: { id: ALICE, name: 'Alice' },
          created_by: { id: ALICE, name: 'Alice' },
        });
        expect(rows[2]?.commander_id).toBeNull();
      });

      it('alias + FK column and alias + relation', async () => {
        const rows = await h.rows(
          `responders?select=id,team:team_id(id,name),person:people!responders_person_id_fkey(name)&incident_id=eq.${INC1}&order=id`,
        );
        expect(rows[0]).toEqual({ id: ID('701'), team: null, person: { name: 'Bob' } });
        expect(rows[1]).toEqual({
          id: ID('702'),
          team: { id: ID('f1'), name: 'SRE' },
          person: null,
        });
      });

      it('one-to-many gives arrays, possibly empty', async () => {
        const rows = await h.rows('teams?select=name,team_members(person_id)&order=name');
        expect(rows).toEqual([
          { name: 'Dev', team_members: [{ person_id: BOB }] },
          { name: 'SRE', team_members: [{ person_id: ALICE }, { person_id: BOB }] },
        ]);
        const empty = await h.rows('people?select=name,team_members(team_id)&name=eq.Carol');
        expect(empty).toEqual([{ name: 'Carol', team_members: [] }]);
      });

      it('FK-name hints, two FKs to one table, views through lineage', async () => {
        const rows = await h.rows(
          `config_relationships?select=relation,configs:configs!config_relationships_config_id_fkey(name),related:configs!config_relationships_related_id_fkey(name)&config_id=eq.${C101}&order=relation`,
        );
        expect(rows).toEqual([
          {
            relation: 'DeploymentNode',
            configs: { name: 'web-deploy' },
            related: { name: 'old-node' },
          },
          {
            relation: 'DeploymentPod',
            configs: { name: 'web-deploy' },
            related: { name: 'web-pod' },
          },
        ]);
        const checks = await h.rows(
          `checks?select=name,canaries!checks_canary_id_fkey(name),agents!checks_agent_id_fkey(id, name)&id=eq.${D1}`,
        );
        expect(checks).toEqual([
          {
            name: 'homepage',
            canaries: { name: 'http-checks' },
            agents: { id: ID('0'), name: 'local' },
          },
        ]);
      });

      it('ambiguous embeds are PGRST201, missing relationships PGRST200', async () => {
        const ambiguous = await h.get('config_relationships?select=*,configs(id)');
        expect(ambiguous.status).toBe(300);
        expect(ambiguous.json).toMatchObject({ code: 'PGRST201' });
        const people = await h.get('incidents?select=*,people(id)');
        expect(people.json).toMatchObject({ code: 'PGRST201' });
        const none = await h.get('checks?select=*,teams(id)');
        expect(none.status).toBe(400);
        expect(none.json).toMatchObject({ code: 'PGRST200' });
        const union = await h.get('integrations_with_status?select=*,created_by(id)');
        expect(union.json).toMatchObject({ code: 'PGRST200' });
        const badHint = await h.get('checks?select=*,canaries!nope(id)');
        expect(badHint.json).toMatchObject({ code: 'PGRST200' });
      });

      it('FK-column embeds target tables, never views', async () => {
        const rows = await h.rows(
          `config_analysis?select=analyzer,config_id(name)&id=eq.${ID('201')}`,
        );
        expect(rows).toEqual([{ analyzer: 'trivy', config_id: { name: 'web-deploy' } }]);
        const viaView = await h.rows(
          `configs?select=name,analysis:config_analysis(analyzer),agent:agent_id(name)&id=eq.${C101}&analysis.order=analyzer`,
        );
        expect(viaView).toEqual([
          {
            name: 'web-deploy',
            analysis: [{ analyzer: 'kube-score' }, { analyzer: 'trivy' }],
            agent: { name: 'local' },
          },
        ]);
      });

      it('an alias equal to a column name: the embed wins', async () => {
        const rows = await h.rows('topologies_with_status?select=*,agent:agent_id(id,name)');
        expect(rows[0]?.agent).toEqual({ id: ID('a1'), name: 'edge-1' });
        expect(Object.keys(rows[0] ?? {}).filter((key) => key === 'agent')).toHaveLength(1);
      });

      it('nested three levels', async () => {
        const rows = await h.rows(
          `incidents?id=eq.${INC1}&select=id,hypotheses(id,created_by(name),evidences(description,created_by(name)),comments(comment,responder_id(team_id(name))))&hypotheses.order=created_at&hypotheses.comments.order=created_at`,
        );
        const hypotheses = rows[0]?.hypotheses as Row[];
        expect(hypotheses).toHaveLength(2);
        expect(hypotheses[0]?.comments).toEqual([
          { comment: 'looking', responder_id: { team_id: { name: 'SRE' } } },
          { comment: 'found it', responder_id: null },
        ]);
        expect(hypotheses[1]?.evidences).toEqual([
          { description: 'deploy log', created_by: { name: 'Bob' } },
        ]);
      });

      it('!inner with a filter through two levels', async () => {
        const select =
          'select=id,responders(id),hypotheses!inner(id,evidences!inner(component_id))';
        const rows = await h.rows(
          `incidents?${select}&hypotheses.evidences.component_id=eq.${ID('c0c')}`,
        );
        expect(rows.map((row) => row.id)).toEqual([INC1]);
        const all = await h.rows(`incidents?${select}&order=id`);
        expect(all.map((row) => row.id)).toEqual([INC1, ID('402')]);
      });

      it('embedded filters, order, limit and offset', async () => {
        const rows = await h.rows(
          `incidents?id=eq.${INC1}&select=id,responders(id,deleted_at)&responders.deleted_at=is.null&responders.order=id.desc`,
        );
        expect(rows[0]?.responders).toEqual([
          { id: ID('702'), deleted_at: null },
          { id: ID('701'), deleted_at: null },
        ]);
        const paged = await h.rows(
          `incidents?id=eq.${INC1}&select=id,responders(id)&responders.order=id&responders.limit=1&responders.offset=1`,
        );
        expect(paged[0]?.responders).toEqual([{ id: ID('702') }]);
        const or = await h.rows(
          `incidents?id=eq.${INC1}&select=id,responders(id)&responders.or=(type.eq.Email,person_id.eq.${ID('e3')})&responders.order=id`,
        );
        expect(or[0]?.responders).toEqual([{ id: ID('702') }, { id: ID('703') }]);
        const toOne = await h.rows(
          `incidents?select=incident_id,commander:commander_id(name)&commander.name=eq.Bob&order=incident_id`,
        );
        expect(toOne.map((row) => row.commander)).toEqual([null, { name: 'Bob' }, null]);
      });

      it('a filter on an embed that is not selected is a 400', async () => {
        const response = await h.get('incidents?hypotheses.evidences.component_id=eq.x');
        expect(response.status).toBe(400);
      });

      it('reports every touched relation to authorize and honours a denial', async () => {
        await h.rows('incidents?select=id,commander:commander_id(id),hypotheses(id,evidences(id))');
        expect(h.accesses[h.accesses.length - 1]).toEqual([
          { relation: 'incidents', action: 'read', method: 'GET', root: true },
          { relation: 'people', action: 'read', method: 'GET', root: false },
          { relation: 'hypotheses', action: 'read', method: 'GET', root: false },
          { relation: 'evidences', action: 'read', method: 'GET', root: false },
        ]);
        const denial = { status: 403, headers: { 'x-rbac-object': 'incident' }, body: 'no' };
        const denied = await h.call('DELETE', `incidents?id=eq.${INC1}`, {
          authorize: () => denial,
        });
        expect(denied).toMatchObject(denial);
        expect(await h.rows(`incidents?id=eq.${INC1}&select=id`)).toHaveLength(1);
      });
    });

    describe('filters', () => {
      it.each([
        ['name=eq.homepage', ['homepage']],
        ['name=neq.homepage', ['api, v2 (beta)', 'db-port']],
        ['created_at=gt.2024-10-13T00:00:00Z', ['db-port']],
        ['created_at=gte.2024-10-13T00:00:00Z', ['api, v2 (beta)', 'db-port']],
        ['created_at=lt.2024-10-13T00:00:00Z', ['homepage']],
        ['created_at=lte.2024-10-13T00:00:00%2B00:00', ['api, v2 (beta)', 'homepage']],
        ['name=like.*port', ['db-port']],
        ['name=ilike.HOME*', ['homepage']],
        ['name=in.(homepage,db-port)', ['db-port', 'homepage']],
        ['name=in.("api, v2 (beta)","db-port")', ['api, v2 (beta)', 'db-port']],
        ['name=not.in.(homepage)', ['api, v2 (beta)', 'db-port']],
        ['labels=is.null', ['api, v2 (beta)']],
        ['labels=not.is.null', ['db-port', 'homepage']],
        ['labels=is.not_null', ['db-port', 'homepage']],
        ['name=not.eq.homepage', ['api, v2 (beta)', 'db-port']],
        ['name=not.like.*port', ['api, v2 (beta)', 'homepage']],
        ['labels->>tier=eq.frontend', ['homepage']],
        ['labels->tier=eq."backend"', ['db-port']],
        ['labels->>tier=is.null', ['api, v2 (beta)']],
        ['or=(name.eq.homepage,type.eq.tcp)', ['db-port', 'homepage']],
        ['and=(type.eq.http,status.eq.healthy)', ['homepage']],
        [
          'or=(and(type.eq.http,status.eq.unhealthy),labels->>tier.eq.backend)',
          ['api, v2 (beta)', 'db-port'],
        ],
        ['not.or=(name.eq.homepage,type.eq.tcp)', ['api, v2 (beta)']],
        ['or=(name.eq.homepage,name.eq.db-port)&or=(type.eq.tcp)', ['db-port']],
        ['name=neq.homepage&name=neq.db-port', ['api, v2 (beta)']],
        ['or=(name.eq."api, v2 (beta)",name.in.(homepage))', ['api, v2 (beta)', 'homepage']],
        ['or=(created_at.gt.now())', []],
        ['created_at=lt.now()', ['api, v2 (beta)', 'db-port', 'homepage']],
        ['or=(not.and(type.eq.http,status.eq.healthy))', ['api, v2 (beta)', 'db-port']],
        ['name=match.^h', ['homepage']],
        ['labels=cs.{"tier":"backend"}', ['db-port']],
      ])('%s', async (filter, expected) => {
        const rows = await h.rows(`checks?select=name&order=name&${filter}`);
        expect(names(rows)).toEqual(expected);
      });

      it('JSON keys with dots: quoted, and unquoted to the end of the name', async () => {
        const quoted = await h.rows(
          'canaries?select=name&labels->>"app.kubernetes.io/name"=eq.web',
        );
        expect(names(quoted)).toEqual(['http-checks']);
        const bare = await h.rows('canaries?select=name&labels->>app.kubernetes.io/name=eq.web');
        expect(names(bare)).toEqual(['http-checks']);
        const tree = await h.rows(
          'canaries?select=name&or=(and(labels->>"app.kubernetes.io/name".eq.web,labels->>team.neq.dev))',
        );
        expect(names(tree)).toEqual(['http-checks']);
      });

      it('booleans accept 1/0/true/false/t/f', async () => {
        for (const [value, count] of [
          ['1', 15],
          ['0', 15],
          ['true', 15],
          ['f', 15],
        ] as const) {
          const rows = await h.rows(
            `check_statuses?select=time&check_id=eq.${D1}&status=eq.${value}`,
          );
          expect(rows, value).toHaveLength(count);
        }
        const isTrue = await h.rows(`check_statuses?select=time&status=is.true&duration=lte.40`);
        expect(isTrue).toHaveLength(2);
      });

      it('arrays and enums', async () => {
        expect(names(await h.rows('configs?select=name&tags=cs.{prod}&order=name'))).toEqual([
          'web-deploy',
          'web-pod',
        ]);
        expect(await h.rows('topologies?select=name&source=eq.KubernetesCRD')).toHaveLength(1);
        const bad = await h.get('topologies?source=eq.Nope');
        expect(bad.status).toBe(400);
        expect(bad.json).toMatchObject({ code: '22P02' });
      });

      it('type errors are 400 22P02, never 500', async () => {
        for (const query of [
          'checks?id=eq.not-a-uuid',
          'checks?created_at=gt.yesterday-ish',
          'check_statuses?duration=gt.abc',
          'check_statuses?status=eq.maybe',
          'checks?id=in.(1,2)',
          'checks?labels->tier=eq.notjson',
        ]) {
          const response = await h.get(query);
          expect(response.status, query).toBe(400);
        }
      });

      it('bad operators, missing operators and unbalanced trees are PGRST100', async () => {
        for (const query of [
          'checks?name=foo.bar',
          'checks?name=homepage',
          'checks?or=(name.eq.a',
          'checks?or=name.eq.a',
          'checks?or=(name.zz.a)',
          'checks?name=is.maybe',
          'checks?name=in.a,b',
          'checks?order=name.sideways',
          'checks?limit=ten',
          'checks?offset=-1',
        ]) {
          const response = await h.get(query);
          expect(response.status, query).toBe(400);
          expect(response.json, query).toMatchObject({ code: 'PGRST100' });
        }
      });

      it('unknown columns in filters, trees and order are 42703', async () => {
        for (const query of [
          'checks?nope=eq.1',
          'checks?or=(nope.eq.1)',
          'checks?order=nope',
          'config_analysis_items?component_id=eq.x',
        ]) {
          const response = await h.get(query);
          expect(response.status, query).toBeGreaterThanOrEqual(400);
          expect(response.status, query).toBeLessThan(500);
        }
      });
    });

    describe('the .filter extension', () => {
      it('include, exclude, prefix and suffix lists', async () => {
        const rows = await h.rows('configs?select=name&status.filter=Running,Stopped&order=name');
        expect(names(rows)).toEqual(['db', 'web-deploy', 'web-pod']);
        const excluded = await h.rows(
          'configs?select=name&health.filter=!healthy,!warning&order=name',
        );
        expect(names(excluded)).toEqual(['db']);
        const prefix = await h.rows('configs?select=name&name.filter=web*&order=name');
        expect(names(prefix)).toEqual(['web-deploy', 'web-pod']);
        const suffix = await h.rows('configs?select=name&name.filter=*pod,db&order=name');
        expect(names(suffix)).toEqual([]);
        const mixed = await h.rows('configs?select=name&type.filter=*Pod,*Deployment&order=name');
        expect(names(mixed)).toEqual([]);
      });

      it('an empty value removes it and the first value wins', async () => {
        expect(await h.rows('configs?select=name&status.filter=')).toHaveLength(4);
        const first = await h.rows(
          'configs?select=name&status.filter=Stopped&status.filter=Running',
        );
        expect(names(first)).toEqual(['db']);
      });

      it('the double-wrapped status/health tolerance', async () => {
        const wrapped = encodeURIComponent('&status.filter=Running,!x');
        const rows = await h.rows(`configs?select=name&status=${wrapped}&order=name`);
        expect(names(rows)).toEqual(['web-deploy', 'web-pod']);
      });

      it('datemath on date fields', async () => {
        const recent = await h.rows(
          'job_histories?select=name&created_at.filter=>now-2d&order=name',
        );
        expect(names(recent)).toEqual(['ScrapeConfigs', 'SyncCanaries']);
        const old = await h.rows('job_histories?select=name&created_at.filter=now-2d&order=name');
        expect(names(old)).toEqual(['CleanupEvents', 'SyncCanaries']);
        const lt = await h.rows('job_histories?select=name&created_at.filter=<now-7d');
        expect(names(lt)).toEqual(['CleanupEvents']);
        const rounded = await h.rows('job_histories?select=name&created_at.filter=>now%2B1d/d');
        expect(rounded).toEqual([]);
        const exact = await h.rows('checks?select=name&created_at.filter==2024-10-12T00:00:00Z');
        expect(names(exact)).toEqual(['homepage']);
      });

      it('invalid datemath is a 400 naming the field', async () => {
        const response = await h.get('job_histories?created_at.filter=>yesterday');
        expect(response.status).toBe(400);
        expect((response.json as { message: string }).message).toContain('created_at');
      });

      it('applies to RPC results too', async () => {
        const rows = await h.rows(
          `rpc/related_configs?config_id=${C101}&status.filter=!Running&select=name`,
        );
        expect(names(rows)).toEqual(['db']);
      });
    });

    describe('order, paging and counts', () => {
      it('several keys, directions, nulls and JSON paths', async () => {
        const rows = await h.rows('config_items?select=name&order=health.desc.nullslast,name');
        expect(names(rows)).toEqual(['web-pod', 'db', 'web-deploy', 'old-node']);
        const nullsFirst = await h.rows('config_items?select=name&order=health.asc.nullsfirst');
        expect(names(nullsFirst)[0]).toBe('old-node');
        const json = await h.rows(
          'config_items?select=name&order=labels->>app.desc,name.asc&limit=2',
        );
        expect(names(json)).toEqual(['old-node', 'web-deploy']);
        const first = await h.rows('people?select=name&order=name.desc&order=name.asc');
        expect(names(first)).toEqual(['Carol', 'Bob', 'Alice']);
      });

      it('limit, offset, Range and the row cap', async () => {
        const page = await h.get(`check_statuses?select=duration&order=duration&limit=5&offset=10`);
        expect((page.json as Row[]).map((row) => row.duration)).toEqual([110, 120, 130, 140, 150]);
        expect(page.headers['content-range']).toBe('10-14/*');
        expect(page.status).toBe(200);
        const ranged = await h.get('check_statuses?select=duration&order=duration', {
          range: '0-9',
          'range-unit': 'items',
        });
        expect(ranged.json).toHaveLength(10);
        expect(ranged.headers['content-range']).toBe('0-9/*');
        // A second engine over the same database with a small row cap: `limit` cannot exceed it.
        const capped = await createEngine({ db: h.db, maxRows: 7 });
        for (const rawQuery of ['select=time', 'select=time&limit=100']) {
          const response = await capped.handle(
            { method: 'GET', path: 'check_statuses', rawQuery, headers: {}, body: undefined },
            () => undefined,
          );
          expect(JSON.parse(response.body)).toHaveLength(7);
        }
      });

      it('count=exact: 206 partial, 200 complete, */0 empty, 416 beyond', async () => {
        const partial = await h.get('check_statuses?select=duration&limit=10', {
          prefer: 'count=exact',
        });
        expect(partial.status).toBe(206);
        expect(partial.headers['content-range']).toBe('0-9/30');
        const complete = await h.get('people?select=id', { prefer: 'count=exact' });
        expect(complete.status).toBe(200);
        expect(complete.headers['content-range']).toBe('0-2/3');
        const empty = await h.get('people?name=eq.nobody', { prefer: 'count=exact' });
        expect(empty.status).toBe(200);
        expect(empty.headers['content-range']).toBe('*/0');
        const beyond = await h.get('people?offset=10', { prefer: 'count=exact' });
        expect(beyond.status).toBe(416);
        // PostgREST 12's PGRST103 body.
        expect(beyond.json).toMatchObject({
          code: 'PGRST103',
          details: 'An offset of 10 was requested, but there are only 3 rows.',
        });
        expect(beyond.headers['content-range']).toBe('*/3');
        const both = await h.get('people?limit=1', {
          prefer: 'return=representation, count=exact',
        });
        expect(both.headers['content-range']).toBe('0-0/3');
      });

      it('HEAD answers like GET without a body', async () => {
        const response = await h.call('HEAD', 'people?limit=2', {
          headers: { prefer: 'count=exact' },
        });
        expect(response.status).toBe(206);
        expect(response.body).toBe('');
        expect(response.headers['content-range']).toBe('0-1/3');
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      });
    });

    describe('RPC', () => {
      it('GET with named args and filters on the result', async () => {
        const rows = await h.rows(`rpc/related_configs?config_id=${C101}&select=name&order=name`);
        expect(names(rows)).toEqual(['db', 'web-pod']);
        const withDeleted = await h.rows(
          `rpc/related_configs?config_id=${C101}&include_deleted=true&select=name&order=name&limit=2`,
        );
        expect(names(withDeleted)).toEqual(['db', 'old-node']);
        const embedded = await h.rows(
          `rpc/related_configs?config_id=${C101}&select=name,agent:agent_id(name)&name=eq.web-pod`,
        );
        expect(embedded).toEqual([{ name: 'web-pod', agent: { name: 'edge-1' } }]);
        const table = await h.rows(`rpc/lookup_analysis_by_config?id=${C101}&order=analyzer`);
        expect(table.map((row) => row.analyzer)).toEqual(['kube-score', 'trivy']);
      });

      it('POST with a JSON body; scalar results', async () => {
        const sum = await h.call('POST', 'rpc/add_numbers', { body: { a: 2, b: 40 } });
        expect(sum.status).toBe(200);
        expect(sum.json).toBe(42);
        const defaulted = await h.get('rpc/add_numbers?a=2');
        expect(defaulted.json).toBe(3);
        const arrays = await h.call('POST', 'rpc/tag_count', { body: { tags: ['a', 'b', 'c'] } });
        expect(arrays.json).toBe(3);
        const posted = await h.call('POST', 'rpc/related_configs?select=name&order=name', {
          body: { config_id: C101 },
        });
        expect(names(posted.json as Row[])).toEqual(['db', 'web-pod']);
        expect(h.accesses[h.accesses.length - 1]?.[0]).toMatchObject({
          relation: 'rpc/related_configs',
          root: true,
        });
      });

      it('unknown functions, missing and bad args are 4xx', async () => {
        expect((await h.get('rpc/nope')).status).toBe(404);
        expect((await h.get('rpc/add_numbers')).status).toBe(404);
        expect((await h.get('rpc/add_numbers?a=x')).status).toBe(400);
        expect((await h.call('POST', 'rpc/add_numbers', { body: { z: 1 } })).status).toBe(404);
      });
    });

    describe('writes', () => {
      it('POST one object, with and without return=representation', async () => {
        const minimal = await h.call('POST', 'properties', { body: { name: 'p.one', value: '1' } });
        expect(minimal).toMatchObject({ status: 201, body: '' });
        const rep = await h.call('POST', 'properties?select=name,value,created_by(name)', {
          headers: { prefer: 'return=representation' },
          body: { name: 'p.two', value: '2', created_by: ALICE },
        });
        expect(rep.status).toBe(201);
        expect(rep.json).toEqual([{ name: 'p.two', value: '2', created_by: { name: 'Alice' } }]);
        expect(h.accesses[h.accesses.length - 1]).toEqual([
          { relation: 'properties', action: 'write', method: 'POST', root: true },
          { relation: 'people', action: 'read', method: 'POST', root: false },
        ]);
      });

      it('bulk insert; differing keys are a 400', async () => {
        const bulk = await h.call('POST', 'team_members', {
          headers: { prefer: 'return=representation' },
          body: [
            { team_id: ID('f2'), person_id: ALICE },
            { team_id: ID('f2'), person_id: ID('e3') },
          ],
        });
        expect(bulk.status).toBe(201);
        expect(bulk.json).toHaveLength(2);
        const mismatch = await h.call('POST', 'team_members', {
          body: [{ team_id: ID('f2'), person_id: ALICE }, { team_id: ID('f2') }],
        });
        expect(mismatch.status).toBe(400);
        const removed = await h.call(
          'DELETE',
          `team_members?team_id=eq.${ID('f2')}&person_id=in.(${ALICE},${ID('e3')})`,
          {
            headers: { prefer: 'return=representation' },
          },
        );
        expect(removed.json).toHaveLength(2);
      });

      it('jsonb, text[], enums, now() and defaults', async () => {
        const created = await h.call(
          'POST',
          'notifications?select=title,events,source,properties,created_at',
          {
            headers: { prefer: 'return=representation' },
            body: {
              title: 'n2',
              events: ['incident.created', 'x'],
              source: 'UI',
              properties: { nested: { a: [1, 2] } },
              created_at: 'now()',
            },
          },
        );
        expect(created.status).toBe(201);
        const row = (created.json as Row[])[0];
        expect(row).toMatchObject({
          title: 'n2',
          events: ['incident.created', 'x'],
          source: 'UI',
          properties: { nested: { a: [1, 2] } },
        });
        expect(Date.now() - Date.parse(String(row?.created_at))).toBeLessThan(60_000);
        const badEnum = await h.call('POST', 'notifications', { body: { source: 'Nope' } });
        expect(badEnum.status).toBe(400);
        await h.call('DELETE', 'notifications?title=eq.n2');
      });

      it('PATCH with filters: 204, or 200 with the rows', async () => {
        const minimal = await h.call('PATCH', 'properties?name=eq.p.one', { body: { value: 'x' } });
        expect(minimal).toMatchObject({ status: 204, body: '' });
        const rep = await h.call('PATCH', 'properties?name=in.(p.one,p.two)&select=name,value', {
          headers: { prefer: 'return=representation' },
          body: { value: 'y' },
        });
        expect(rep.status).toBe(200);
        expect(rep.json).toEqual(
          expect.arrayContaining([
            { name: 'p.one', value: 'y' },
            { name: 'p.two', value: 'y' },
          ]),
        );
        const soft = await h.call('PATCH', `agents?id=eq.${ID('a1')}`, {
          headers: { prefer: 'return=representation' },
          body: { deleted_at: 'now()' },
        });
        expect((soft.json as Row[])[0]?.deleted_at).not.toBeNull();
        await h.call('PATCH', `agents?id=eq.${ID('a1')}`, { body: { deleted_at: null } });
      });

      it('DELETE with filters: 204, or 200 with the rows', async () => {
        const rep = await h.call('DELETE', 'properties?name=eq.p.two', {
          headers: { prefer: 'return=representation' },
        });
        expect(rep.status).toBe(200);
        expect(rep.json).toEqual([{ name: 'p.two', value: 'y', created_by: ALICE }]);
        const minimal = await h.call('DELETE', 'properties?name=eq.p.one');
        expect(minimal).toMatchObject({ status: 204, body: '' });
      });

      it('PATCH and DELETE without a filter are refused', async () => {
        expect((await h.call('PATCH', 'properties', { body: { value: 'z' } })).status).toBe(400);
        expect((await h.call('DELETE', 'properties')).status).toBe(400);
        expect((await h.call('DELETE', 'properties?select=name')).status).toBe(400);
        expect(await h.rows('properties')).toHaveLength(2);
      });

      it('constraint violations map to 400/409', async () => {
        const unique = await h.call('POST', 'people', {
          body: { name: 'X', email: 'alice@example.com' },
        });
        expect(unique.status).toBe(409);
        expect(unique.json).toMatchObject({ code: '23505' });
        const fk = await h.call('POST', 'team_members', {
          body: { team_id: ID('f1'), person_id: ID('999') },
        });
        expect(fk.status).toBe(409);
        expect(fk.json).toMatchObject({ code: '23503' });
        const notNull = await h.call('POST', 'people', { body: { email: 'n@example.com' } });
        expect(notNull.status).toBe(400);
        expect(notNull.json).toMatchObject({ code: '23502' });
        const check = await h.call('PATCH', `incidents?id=eq.${INC1}`, {
          body: { status: 'weird' },
        });
        expect(check.status).toBe(400);
        expect(check.json).toMatchObject({ code: '23514' });
        const tooLong = await h.call('PATCH', `incidents?id=eq.${INC1}`, {
          body: { incident_id: 'INC-123456789' },
        });
        expect(tooLong.status).toBe(400);
        const fkDelete = await h.call('DELETE', `people?id=eq.${ALICE}`);
        expect(fkDelete.status).toBe(409);
      });

      it('bad bodies and unknown body columns are 400', async () => {
        const unknown = await h.call('POST', 'properties', {
          body: { name: 'a', value: 'b', nope: 1 },
        });
        expect(unknown.status).toBe(400);
        // PostgREST 12: PGRST204 for a body key that is not a column.
        expect(unknown.json).toMatchObject({ code: 'PGRST204' });
        const patchUnknown = await h.call('PATCH', 'properties?name=eq.a', { body: { nope: 1 } });
        expect(patchUnknown.json).toMatchObject({ code: 'PGRST204' });
        for (const body of ['', '{', '42', '[1]', 'null']) {
          const response = await h.call('POST', 'properties', { body });
          expect(response.status, body).toBe(400);
        }
      });

      it('writes are atomic: a failing bulk insert inserts nothing', async () => {
        const response = await h.call('POST', 'people', {
          body: [
            { name: 'Ok', email: 'ok@example.com' },
            { name: 'Dup', email: 'alice@example.com' },
          ],
        });
        expect(response.status).toBe(409);
        expect(await h.rows('people?email=eq.ok@example.com')).toEqual([]);
      });
    });

    describe('PostgREST extras: RPC shapes, upserts, columns, return, CSV, single object', () => {
      it('RPC: a set of scalars over GET and POST, paged and capped', async () => {
        const all = await h.get('rpc/numbers?n=5');
        expect(all.status).toBe(200);
        expect(all.json).toEqual([1, 2, 3, 4, 5]);
        const paged = await h.get('rpc/numbers?n=5&limit=2&offset=1');
        expect(paged.json).toEqual([2, 3]);
        const posted = await h.call('POST', 'rpc/numbers', { body: { n: 3 } });
        expect(posted.json).toEqual([1, 2, 3]);
        const capped = await createEngine({ db: h.db, maxRows: 4 });
        const response = await capped.handle(
          { method: 'GET', path: 'rpc/numbers', rawQuery: 'n=10', headers: {}, body: undefined },
          () => undefined,
        );
        expect(JSON.parse(response.body)).toEqual([1, 2, 3, 4]);
      });

      it('RPC: filters, order or columns on a scalar result are 42703', async () => {
        for (const query of ['n=3&x=eq.1', 'n=3&order=x', 'n=3&select=x', 'n=3&select=x(y)']) {
          const response = await h.get(`rpc/numbers?${query}`);
          expect(response.status, query).toBe(400);
          expect(response.json, query).toMatchObject({ code: '42703' });
        }
      });

      it('RPC: stable functions are reads for GET and POST; volatile ones write only over POST', async () => {
        await h.call('POST', `rpc/related_configs`, { body: { config_id: C101 } });
        expect(h.accesses[h.accesses.length - 1]?.[0]).toMatchObject({
          relation: 'rpc/related_configs',
          action: 'read',
          method: 'POST',
        });
        // GET runs in a read-only transaction: a function that writes fails (405) and writes nothing.
        const viaGet = await h.get('rpc/set_property?name=rpc.get&value=1');
        expect(viaGet.status).toBe(405);
        expect(viaGet.json).toMatchObject({ code: '25006' });
        expect(await h.rows('properties?name=eq.rpc.get')).toEqual([]);
        const viaPost = await h.call('POST', 'rpc/set_property?select=name,value', {
          body: { name: 'rpc.post', value: '1' },
        });
        expect(viaPost.status).toBe(200);
        expect(viaPost.json).toEqual([{ name: 'rpc.post', value: '1' }]);
        expect(h.accesses[h.accesses.length - 1]?.[0]).toMatchObject({
          relation: 'rpc/set_property',
          action: 'write',
          method: 'POST',
        });
        // A single-object miss rolls the function's write back.
        const many = await h.call('POST', 'rpc/set_property', {
          headers: { accept: 'application/vnd.pgrst.object+json' },
          body: { name: 'rpc.post', value: '2' },
        });
        expect(many.status).toBe(200);
        expect(many.json).toMatchObject({ name: 'rpc.post', value: '2' });
        await h.call('DELETE', 'properties?name=eq.rpc.post');
        const voided = await h.get('rpc/noop');
        expect(voided).toMatchObject({ status: 204, body: '' });
        const head = await h.call('HEAD', `rpc/related_configs?config_id=${C101}`, {
          headers: { prefer: 'count=exact' },
        });
        expect(head).toMatchObject({ status: 200, body: '' });
        expect(head.headers['content-range']).toBe('0-1/2');
      });

      it('count=planned gives the planner estimate; count=estimated is exact when small', async () => {
        const planned = await h.get('check_statuses?select=time&limit=5', {
          prefer: 'count=planned',
        });
        expect([200, 206]).toContain(planned.status);
        expect(planned.headers['content-range']).toMatch(/^0-4\/\d+$/);
        const estimated = await h.get('check_statuses?select=time&limit=5', {
          prefer: 'count=estimated',
        });
        expect(estimated.status).toBe(206);
        expect(estimated.headers['content-range']).toBe('0-4/30');
        const filtered = await h.get(`check_statuses?select=time&check_id=eq.${D1}&limit=1`, {
          prefer: 'count=planned',
        });
        expect(filtered.headers['content-range']).toMatch(/^0-0\/\d+$/);
        const rpc = await h.get(`rpc/related_configs?config_id=${C101}`, {
          prefer: 'count=estimated',
        });
        expect(rpc.headers['content-range']).toBe('0-1/2');
      });

      it('Range errors: an inverted range is 416 PGRST103; beyond the total 416 with */total', async () => {
        const inverted = await h.get('people', { range: '5-2' });
        expect(inverted.status).toBe(416);
        expect(inverted.json).toMatchObject({ code: 'PGRST103' });
        const beyond = await h.get('people', { range: '10-19', prefer: 'count=exact' });
        expect(beyond.status).toBe(416);
        expect(beyond.headers['content-range']).toBe('*/3');
        const capped = await createEngine({ db: h.db, maxRows: 7 });
        const response = await capped.handle(
          {
            method: 'GET',
            path: 'check_statuses',
            rawQuery: 'select=time',
            headers: { prefer: 'count=exact' },
            body: undefined,
          },
          () => undefined,
        );
        expect(response.status).toBe(206);
        expect(response.headers['content-range']).toBe('0-6/30');
      });

      it('upsert: resolution=merge-duplicates and ignore-duplicates with on_conflict', async () => {
        await h.call('POST', 'properties', { body: { name: 'up.one', value: 'a' } });
        const merged = await h.call('POST', 'properties', {
          headers: { prefer: 'return=representation, resolution=merge-duplicates' },
          body: [
            { name: 'up.one', value: 'b' },
            { name: 'up.two', value: 'c' },
          ],
        });
        expect(merged.status).toBe(201);
        // PostgREST 12 lists every applied preference.
        expect(merged.headers['preference-applied']).toBe(
          'resolution=merge-duplicates, return=representation',
        );
        expect(merged.json).toEqual([
          { name: 'up.one', value: 'b', created_by: null },
          { name: 'up.two', value: 'c', created_by: null },
        ]);
        expect(h.accesses[h.accesses.length - 1]?.slice(0, 2)).toEqual([
          { relation: 'properties', action: 'write', method: 'POST', root: true },
          { relation: 'properties', action: 'write', method: 'PATCH', root: true },
        ]);
        const ignored = await h.call('POST', 'properties?on_conflict=name', {
          headers: { prefer: 'return=representation, resolution=ignore-duplicates' },
          body: { name: 'up.one', value: 'z' },
        });
        expect(ignored.status).toBe(201);
        expect(ignored.json).toEqual([]);
        expect(await h.rows('properties?name=eq.up.one&select=value')).toEqual([{ value: 'b' }]);
        // on_conflict on a unique column other than the key.
        const byEmail = await h.call('POST', 'people?on_conflict=email&select=name', {
          headers: { prefer: 'return=representation, resolution=merge-duplicates' },
          body: { name: 'Alice B.', email: 'alice@example.com' },
        });
        expect(byEmail.json).toEqual([{ name: 'Alice B.' }]);
        await h.call('PATCH', `people?id=eq.${ALICE}`, { body: { name: 'Alice' } });
        // Without a resolution preference a conflict is still a 409.
        const plain = await h.call('POST', 'properties?on_conflict=name', {
          body: { name: 'up.one', value: 'x' },
        });
        expect(plain.status).toBe(409);
        const unknown = await h.call('POST', 'properties?on_conflict=nope', {
          headers: { prefer: 'resolution=merge-duplicates' },
          body: { name: 'up.one', value: 'x' },
        });
        expect(unknown.status).toBe(400);
        expect(unknown.json).toMatchObject({ code: '42703' });
        const notUnique = await h.call('POST', 'properties?on_conflict=value', {
          headers: { prefer: 'resolution=merge-duplicates' },
          body: { name: 'up.one', value: 'x' },
        });
        expect(notUnique.status).toBe(400);
        const badSyntax = await h.call('POST', 'properties?on_conflict=name;drop', {
          headers: { prefer: 'resolution=merge-duplicates' },
          body: { name: 'up.one', value: 'x' },
        });
        expect(badSyntax.json).toMatchObject({ code: 'PGRST100' });
        await h.call('DELETE', 'properties?name=in.(up.one,up.two)');
      });

      it('columns= picks the body keys of inserts and updates', async () => {
        const inserted = await h.call('POST', 'properties?columns=name,value', {
          headers: { prefer: 'return=representation' },
          body: [
            { name: 'col.one', value: '1', ignored: 'x' },
            { name: 'col.two', value: '2', created_by: ALICE },
          ],
        });
        expect(inserted.status).toBe(201);
        expect(inserted.json).toEqual([
          { name: 'col.one', value: '1', created_by: null },
          { name: 'col.two', value: '2', created_by: null },
        ]);
        const missing = await h.call('POST', 'properties?columns=name,value', {
          body: [{ name: 'col.three' }],
        });
        expect(missing.status).toBe(400);
        expect(missing.json).toMatchObject({ code: '23502' });
        const unknown = await h.call('POST', 'properties?columns=name,nope', {
          body: { name: 'x', value: 'y' },
        });
        expect(unknown.json).toMatchObject({ code: 'PGRST204' });
        const patched = await h.call('PATCH', 'properties?name=eq.col.one&columns=value', {
          headers: { prefer: 'return=representation' },
          body: { value: 'patched', name: 'renamed' },
        });
        expect(patched.json).toEqual([{ name: 'col.one', value: 'patched', created_by: null }]);
        await h.call('DELETE', 'properties?name=like.col.*');
      });

      it('return=minimal and return=headers-only (Location of the new row)', async () => {
        const minimal = await h.call('POST', 'properties', {
          headers: { prefer: 'return=minimal' },
          body: { name: 'ret.one', value: '1' },
        });
        expect(minimal).toMatchObject({ status: 201, body: '' });
        const headersOnly = await h.call('POST', 'properties', {
          headers: { prefer: 'return=headers-only' },
          body: { name: 'ret two/3', value: '2' },
        });
        expect(headersOnly).toMatchObject({ status: 201, body: '' });
        expect(headersOnly.headers.location).toBe('/properties?name=eq.ret%20two%2F3');
        const patched = await h.call('PATCH', 'properties?name=like.ret*', {
          headers: { prefer: 'return=minimal, count=exact' },
          body: { value: '3' },
        });
        expect(patched).toMatchObject({ status: 204, body: '' });
        expect(patched.headers['content-range']).toBe('0-1/2');
        await h.call('DELETE', 'properties?name=like.ret*');
      });

      it('Accept: text/csv for lists, RPC results and written rows', async () => {
        const csv = await h.get('checks?select=name,labels,created_at,canary_id&order=name', {
          accept: 'text/csv',
        });
        expect(csv.status).toBe(200);
        expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
        // PostgREST 12's CSV: each row's record text (PostgreSQL's quoting and value formats).
        expect(csv.body.split('\n')).toEqual([
          'name,labels,created_at,canary_id',
          `"api, v2 (beta)",,"2024-10-13 00:00:00+00",${ID('c1')}`,
          `db-port,"{""tier"": ""backend""}","2024-10-14 00:00:00+00",${ID('c2')}`,
          `homepage,"{""tier"": ""frontend""}","2024-10-12 00:00:00+00",${ID('c1')}`,
        ]);
        // No rows: no header (PostgREST takes it from the first row), then the line break.
        const empty = await h.get('people?select=id,name&name=eq.nobody', { accept: 'text/csv' });
        expect(empty.body).toBe('\n');
        const numbers = await h.get('rpc/numbers?n=3', { accept: 'text/csv' });
        expect(numbers.body).toBe('numbers\n1\n2\n3');
        const scalar = await h.get('rpc/add_numbers?a=1&b=2', { accept: 'text/csv' });
        expect(scalar.body).toBe('add_numbers\n3');
        const table = await h.get(
          `rpc/lookup_analysis_by_config?id=${C101}&order=analyzer&select=analyzer`,
          {
            accept: 'text/csv',
          },
        );
        expect(table.body).toBe('analyzer\nkube-score\ntrivy');
        const written = await h.call('POST', 'properties?select=name,value', {
          headers: { prefer: 'return=representation', accept: 'text/csv' },
          body: { name: 'csv,"x"\nline', value: 'v' },
        });
        expect(written.status).toBe(201);
        expect(written.body).toBe('name,value\n"csv,""x""\nline",v');
        await h.call('DELETE', `properties?name=eq.${encodeURIComponent('csv,"x"\nline')}`);
        const head = await h.call('HEAD', 'people', { headers: { accept: 'text/csv' } });
        expect(head).toMatchObject({ status: 200, body: '' });
        expect(head.headers['content-type']).toBe('text/csv; charset=utf-8');
      });

      it('Accept negotiation: quality order, wildcards, 406 for nothing acceptable', async () => {
        const browser = await h.get('people?select=id&limit=1', {
          accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
        });
        expect(browser.status).toBe(200);
        expect(browser.headers['content-type']).toBe('application/json; charset=utf-8');
        const preferCsv = await h.get('people?select=name&order=name&limit=1', {
          accept: 'application/json;q=0.5, text/csv',
        });
        expect(preferCsv.body).toBe('name\nAlice');
        const none = await h.get('people', { accept: 'application/xml' });
        expect(none.status).toBe(406);
        expect(none.json).toMatchObject({ code: 'PGRST107' });
      });

      it('single object: 406 on zero or several rows, and a write that misses rolls back', async () => {
        const accept = { accept: 'application/vnd.pgrst.object+json' };
        const none = await h.get('people?name=eq.nobody', accept);
        expect(none.status).toBe(406);
        expect(none.json).toMatchObject({ code: 'PGRST116' });
        const created = await h.call('POST', 'properties?select=name', {
          headers: { ...accept, prefer: 'return=representation' },
          body: { name: 'obj.one', value: '1' },
        });
        expect(created.status).toBe(201);
        expect(created.json).toEqual({ name: 'obj.one' });
        await h.call('POST', 'properties', { body: { name: 'obj.two', value: '2' } });
        const both = await h.call('PATCH', 'properties?name=like.obj.*', {
          headers: { ...accept, prefer: 'return=representation' },
          body: { value: 'changed' },
        });
        expect(both.status).toBe(406);
        expect(await h.rows('properties?name=like.obj.*&select=value&order=name')).toEqual([
          { value: '1' },
          { value: '2' },
        ]);
        const rpc = await h.get('rpc/add_numbers?a=1', accept);
        expect(rpc.json).toBe(2);
        await h.call('DELETE', 'properties?name=like.obj.*');
      });

      it('writes PostgreSQL cannot apply through a view are 405 before any SQL', async () => {
        for (const [method, body] of [
          ['POST', { name: 'x' }],
          ['PATCH', { name: 'x' }],
          ['DELETE', undefined],
        ] as const) {
          const response = await h.call(method, 'integrations_with_status?name=eq.none', { body });
          expect(response.status, method).toBe(405);
          expect(response.json, method).toMatchObject({ code: 'PGRST105' });
        }
        // A simple view is updatable (the RBAC map decides whether the console may use it).
        const patched = await h.call('PATCH', `configs?id=eq.${ID('999')}`, {
          body: { name: 'x' },
        });
        expect(patched.status).toBe(204);
      });

      it('casts only to built-in types', async () => {
        expect(await h.rows(`people?select=id::text,n:name::varchar&id=eq.${ALICE}`)).toEqual([
          { id: ALICE, n: 'Alice' },
        ]);
        for (const cast of ['regclass', 'source', 'pg_catalog.text', 'people']) {
          const response = await h.get(`people?select=id::${cast}`);
          expect(response.status, cast).toBe(400);
          expect(response.json, cast).toMatchObject({ code: 'PGRST100' });
        }
      });
    });

    describe.skipIf(!options.timeouts)('statement timeout', () => {
      it('cancels a slow statement with a 504, not a 500', async () => {
        const engine = await createEngine({ db: h.db, statementTimeoutMs: 100 });
        const slow = await engine.handle(
          { method: 'GET', path: 'rpc/pause', rawQuery: 'ms=3000', headers: {}, body: undefined },
          () => undefined,
        );
        expect(slow.status).toBe(504);
        expect(JSON.parse(slow.body)).toMatchObject({ code: '57014' });
        const fast = await engine.handle(
          { method: 'GET', path: 'people', rawQuery: 'select=id', headers: {}, body: undefined },
          () => undefined,
        );
        expect(fast.status).toBe(200);
      });
    });

    describe('hostile input', () => {
      it('unknown relations are 404 and nothing runs', async () => {
        for (const path of [
          'nope',
          'person',
          'config_changes_items',
          'people/x',
          'pg_class',
          '"people"',
        ]) {
          const response = await h.get(path);
          expect(response.status, path).toBe(404);
        }
      });

      it('injection-looking identifiers and values are rejected or inert', async () => {
        const attempts = [
          'people?id=eq.1;drop table people',
          'people?name=eq.x%27;drop table people;--',
          'people?select=id;drop table people',
          'people?select=name::text;drop',
          'people?order=name;drop table people',
          'people?"name"=eq.x',
          'people?name"=eq.x',
          'people?or=(name.eq.x);drop table people',
          'people?select=id,people(id)',
          `people?name=in.("x');drop table people;--")`,
          "people?labels->>x');drop table people;--=eq.1",
        ];
        for (const attempt of attempts) {
          const response = await h.get(attempt);
          expect(response.status, attempt).toBeLessThan(500);
        }
        const injected = await h.rows(`people?name=eq.x%27%20OR%20%271%27=%271`);
        expect(injected).toEqual([]);
        expect(await h.rows('people?select=id')).toHaveLength(3);
      });

      it('runs no SQL for unknown identifiers, bad syntax or a denial', async () => {
        let statements = 0;
        const counting: Db = {
          ...h.db,
          query: (sql, params) => {
            statements += 1;
            return h.db.query(sql, params);
          },
          transaction: (fn) => {
            statements += 1;
            return h.db.transaction(fn);
          },
        };
        const engine = await createEngine({ db: counting });
        statements = 0;
        const deny = () => ({ status: 403, headers: {}, body: 'unauthorized. Access Denied' });
        for (const [method, path, rawQuery, authorize] of [
          ['GET', 'nope', '', undefined],
          ['GET', 'people', 'nope=eq.1', undefined],
          ['GET', 'people', 'select=id,nope(id)', undefined],
          ['GET', 'people', 'name=zz.1', undefined],
          ['PATCH', 'people', 'nope=eq.1', undefined],
          ['DELETE', 'people', 'id=eq.1', deny],
          ['GET', 'rpc/nope', '', undefined],
        ] as const) {
          const response = await engine.handle(
            {
              method,
              path,
              rawQuery,
              headers: {},
              body: method === 'PATCH' ? '{"name":"x"}' : undefined,
            },
            authorize ?? (() => undefined),
          );
          expect(response.status, `${method} ${path}?${rawQuery}`).toBeGreaterThanOrEqual(400);
        }
        expect(statements).toBe(0);
      });

      it('answers a single object for Accept: application/vnd.pgrst.object+json', async () => {
        const accept = { accept: 'application/vnd.pgrst.object+json' };
        const one = await h.get(`people?select=name&id=eq.${ALICE}`, accept);
        expect(one.status).toBe(200);
        expect(one.json).toEqual({ name: 'Alice' });
        const many = await h.get('people?select=name', accept);
        expect(many.status).toBe(406);
      });

      it('tolerates the quirks of §7', async () => {
        expect(await h.rows('people?&select=id&&order=name.desc&')).toHaveLength(3);
        expect(await h.rows(`hypotheses?id=eq.${ID('501')}&select(*,comments(id))`)).toHaveLength(
          1,
        );
        expect(await h.rows('people?select=created_by:id')).toHaveLength(3);
      });
    });
  });
}
