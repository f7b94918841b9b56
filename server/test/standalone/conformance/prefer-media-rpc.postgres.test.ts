/**
 * PostgREST 12 conformance (issue 17 §2): the Prefer header, media types, RPC variants and error
 * bodies, over the fixture's `pr_*` objects (fixture/30-prefer-rpc.sql), through the standalone
 * server with `db-tx-end = commit-allow-override` and `db-plan-enabled` on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startConformance, type Conformance } from './harness';

const JSON_TYPE = 'application/json; charset=utf-8';

describe.skipIf(!postgresAvailable)('PostgREST 12: Prefer, media types, RPC, errors', () => {
  let conf: Conformance;
  beforeAll(async () => {
    conf = await startConformance({
      VIGIL_PGRST_DB_TX_END: 'commit-allow-override',
      VIGIL_PGRST_DB_PLAN_ENABLED: 'true',
    });
  }, 120_000);
  afterAll(async () => {
    await conf?.stop();
  });

  const writer = (headers: Record<string, string> = {}, body?: unknown, method = 'POST') => ({
    as: 'writer' as const,
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

  const rows = async (sql: string) => (await conf.admin.query(sql)).rows as unknown[];

  describe('Prefer', () => {
    it('handling=strict refuses unknown preferences with PGRST122; lenient ignores them', async () => {
      const strict = await conf.json('/pr_items', {
        headers: { prefer: 'handling=strict, foo, bar' },
      });
      expect(strict.status).toBe(400);
      expect(strict.body).toEqual({
        code: 'PGRST122',
        message: 'Invalid preferences given with handling=strict',
        details: 'Invalid preferences: foo, bar',
        hint: null,
      });
      const lenient = await conf.json('/pr_items?select=id&order=id', {
        headers: { prefer: 'handling=lenient, foo, bar' },
      });
      expect(lenient.status).toBe(200);
      expect(lenient.body).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
      expect(lenient.headers.get('preference-applied')).toBe('handling=lenient');
    });

    it('timezone= sets the TimeZone when PostgreSQL knows it', async () => {
      const tz = await conf.json('/pr_csv?select=at&id=eq.1', {
        headers: { prefer: 'timezone=America/Los_Angeles' },
      });
      expect(tz.body).toEqual([{ at: '2024-01-01T19:04:05-08:00' }]);
      expect(tz.headers.get('preference-applied')).toBe('timezone=America/Los_Angeles');
      const unknown = await conf.json('/pr_csv?select=at&id=eq.1', {
        headers: { prefer: 'timezone=Jupiter/Red_Spot' },
      });
      expect(unknown.body).toEqual([{ at: '2024-01-02T03:04:05+00:00' }]);
      expect(unknown.headers.get('preference-applied')).toBeNull();
      const strict = await conf.json('/pr_csv', {
        headers: { prefer: 'handling=strict, timezone=Jupiter/Red_Spot' },
      });
      expect(strict.status).toBe(400);
      expect(strict.body).toMatchObject({
        code: 'PGRST122',
        details: 'Invalid preferences: timezone=Jupiter/Red_Spot',
      });
    });

    it('count=exact|planned|estimated: Content-Range, 206 when partial, Preference-Applied', async () => {
      const exact = await conf.json('/pr_items?select=id&order=id&limit=2', {
        headers: { prefer: 'count=exact' },
      });
      expect(exact.status).toBe(206);
      expect(exact.headers.get('content-range')).toBe('0-1/3');
      expect(exact.headers.get('preference-applied')).toBe('count=exact');
      const all = await conf.json('/pr_items?select=id', { headers: { prefer: 'count=exact' } });
      expect(all.status).toBe(200);
      expect(all.headers.get('content-range')).toBe('0-2/3');
      // The fixture ANALYZEs pr_items: the planner's estimate is the row count.
      const planned = await conf.json('/pr_items?select=id&limit=1', {
        headers: { prefer: 'count=planned' },
      });
      expect(planned.status).toBe(206);
      expect(planned.headers.get('content-range')).toBe('0-0/3');
      expect(planned.headers.get('preference-applied')).toBe('count=planned');
      const estimated = await conf.json('/pr_items?select=id&id=gt.1', {
        headers: { prefer: 'count=estimated' },
      });
      expect(estimated.status).toBe(200);
      expect(estimated.headers.get('content-range')).toBe('0-1/2');
      const none = await conf.json('/pr_items?select=id');
      expect(none.headers.get('content-range')).toBe('0-2/*');
      expect(none.headers.get('preference-applied')).toBeNull();
    });

    it('return=minimal|headers-only|representation on POST: 201, Location, Content-Range */*', async () => {
      const minimal = await conf.call('/pr_rows', writer({}, { id: 1, name: 'a' }));
      expect(minimal.status).toBe(201);
      expect(await minimal.text()).toBe('');
      expect(minimal.headers.get('content-range')).toBe('*/*');
      expect(minimal.headers.get('preference-applied')).toBeNull();
      const headersOnly = await conf.call(
        '/pr_rows',
        writer({ prefer: 'return=headers-only' }, { id: 2, name: 'b' }),
      );
      expect(headersOnly.status).toBe(201);
      expect(headersOnly.headers.get('location')).toBe('/pr_rows?id=eq.2');
      expect(headersOnly.headers.get('preference-applied')).toBe('return=headers-only');
      const full = await conf.json(
        '/pr_rows',
        writer({ prefer: 'return=representation, count=exact' }, [
          { id: 3, name: 'c' },
          { id: 4, name: 'd' },
        ]),
      );
      expect(full.status).toBe(201);
      expect(full.body).toEqual([
        { id: 3, name: 'c', qty: 7 },
        { id: 4, name: 'd', qty: 7 },
      ]);
      expect(full.headers.get('content-range')).toBe('*/2');
      expect(full.headers.get('preference-applied')).toBe('return=representation, count=exact');
      expect(full.headers.get('content-type')).toBe(JSON_TYPE);
      await rows('DELETE FROM conf.pr_rows');
    });

    it('bodies in text/csv (NULL is null) and form encoding; other types are PGRST102', async () => {
      const csv = await conf.json('/pr_rows', {
        as: 'writer',
        method: 'POST',
        headers: { 'content-type': 'text/csv', prefer: 'return=representation' },
        body: 'id,name,qty\n60,"a, ""b""",NULL\r\n61,c,5\n',
      });
      expect(csv.status).toBe(201);
      expect(csv.body).toEqual([
        { id: 60, name: 'a, "b"', qty: null },
        { id: 61, name: 'c', qty: 5 },
      ]);
      const form = await conf.json('/pr_rows', {
        as: 'writer',
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          prefer: 'return=representation',
        },
        body: 'id=62&name=d+e',
      });
      expect(form.body).toEqual([{ id: 62, name: 'd e', qty: 7 }]);
      const ragged = await conf.json('/pr_rows', {
        as: 'writer',
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: 'id,name\n63',
      });
      expect(ragged.status).toBe(400);
      expect(ragged.body).toEqual({
        code: 'PGRST102',
        message: 'All lines must have same number of fields',
        details: null,
        hint: null,
      });
      const other = await conf.json('/pr_rows', {
        as: 'writer',
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: '<x/>',
      });
      expect(other.status).toBe(400);
      expect(other.body).toEqual({
        code: 'PGRST102',
        message: 'Content-Type not acceptable: application/xml',
        details: null,
        hint: null,
      });
      await rows('DELETE FROM conf.pr_rows');
    });

    it('missing=default fills absent keys with the column DEFAULT (with columns=)', async () => {
      const created = await conf.json(
        '/pr_rows?columns=id,name,qty',
        writer({ prefer: 'missing=default, return=representation' }, [
          { id: 10, name: 'x' },
          { id: 11, name: 'y', qty: 15 },
        ]),
      );
      expect(created.status).toBe(201);
      expect(created.body).toEqual([
        { id: 10, name: 'x', qty: 7 },
        { id: 11, name: 'y', qty: 15 },
      ]);
      expect(created.headers.get('preference-applied')).toBe(
        'missing=default, return=representation',
      );
      const nulls = await conf.json(
        '/pr_rows?columns=id,name,qty',
        writer({ prefer: 'return=representation' }, [{ id: 12, name: 'z' }]),
      );
      expect(nulls.body).toEqual([{ id: 12, name: 'z', qty: null }]);
      await rows('DELETE FROM conf.pr_rows');
    });

    it('resolution=merge-duplicates|ignore-duplicates: 201 when a row is inserted, 200 when merged', async () => {
      await rows("INSERT INTO conf.pr_rows VALUES (20, 'old', 1)");
      const prefer = 'resolution=merge-duplicates, return=representation';
      const merged = await conf.json(
        '/pr_rows',
        writer({ prefer }, { id: 20, name: 'new', qty: 2 }),
      );
      expect(merged.status).toBe(200);
      expect(merged.body).toEqual([{ id: 20, name: 'new', qty: 2 }]);
      expect(merged.headers.get('preference-applied')).toBe(prefer);
      const mixed = await conf.json(
        '/pr_rows',
        writer({ prefer }, [
          { id: 20, name: 'newer', qty: 3 },
          { id: 21, name: 'fresh', qty: 4 },
        ]),
      );
      expect(mixed.status).toBe(201);
      const ignored = await conf.json(
        '/pr_rows?on_conflict=id',
        writer({ prefer: 'resolution=ignore-duplicates, return=representation' }, [
          { id: 21, name: 'ignored', qty: 0 },
          { id: 22, name: 'added', qty: 5 },
        ]),
      );
      expect(ignored.status).toBe(201);
      expect(ignored.body).toEqual([{ id: 22, name: 'added', qty: 5 }]);
      expect(await rows('SELECT id, name FROM conf.pr_rows ORDER BY id')).toEqual([
        { id: 20, name: 'newer' },
        { id: 21, name: 'fresh' },
        { id: 22, name: 'added' },
      ]);
      await rows('DELETE FROM conf.pr_rows');
    });

    it('tx=rollback answers with the representation and keeps nothing; tx=commit keeps', async () => {
      const rolled = await conf.json(
        '/pr_rows',
        writer({ prefer: 'tx=rollback, return=representation' }, { id: 30, name: 'gone' }),
      );
      expect(rolled.status).toBe(201);
      expect(rolled.body).toEqual([{ id: 30, name: 'gone', qty: 7 }]);
      expect(rolled.headers.get('preference-applied')).toBe('return=representation, tx=rollback');
      expect(await rows('SELECT * FROM conf.pr_rows WHERE id = 30')).toEqual([]);
      const committed = await conf.call(
        '/pr_rows',
        writer({ prefer: 'tx=commit' }, { id: 31, name: 'kept' }),
      );
      expect(committed.headers.get('preference-applied')).toBe('tx=commit');
      expect(await rows('SELECT id FROM conf.pr_rows WHERE id = 31')).toEqual([{ id: 31 }]);
      await rows('DELETE FROM conf.pr_rows');
    });

    it('handling=strict with max-affected: PGRST124 and nothing changed; lenient ignores it', async () => {
      await rows("INSERT INTO conf.pr_rows VALUES (40, 'a', 1), (41, 'b', 1), (42, 'c', 1)");
      const refused = await conf.json(
        '/pr_rows?id=gte.40',
        writer({ prefer: 'handling=strict, max-affected=2' }, { qty: 9 }, 'PATCH'),
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        code: 'PGRST124',
        message: 'Query result exceeds max-affected preference constraint',
        details: 'The query affects 3 rows',
        hint: null,
      });
      expect(await rows('SELECT qty FROM conf.pr_rows WHERE qty = 9')).toEqual([]);
      const allowed = await conf.call(
        '/pr_rows?id=gte.41',
        writer({ prefer: 'handling=strict, max-affected=2' }, { qty: 9 }, 'PATCH'),
      );
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('content-range')).toBe('0-1/*');
      expect(allowed.headers.get('preference-applied')).toBe('handling=strict, max-affected=2');
      const lenient = await conf.call(
        '/pr_rows?id=gte.40',
        writer({ prefer: 'max-affected=1' }, undefined, 'DELETE'),
      );
      expect(lenient.status).toBe(204);
      expect(lenient.headers.get('content-range')).toBe('*/*');
      expect(lenient.headers.get('preference-applied')).toBeNull();
      expect(await rows('SELECT * FROM conf.pr_rows')).toEqual([]);
    });
  });

  describe('PUT', () => {
    it('upserts one row by its whole primary key: 201 inserted, 200 replaced, 204 minimal', async () => {
      const created = await conf.json(
        '/pr_rows?id=eq.50',
        writer({ prefer: 'return=representation' }, { id: 50, name: 'put', qty: 1 }, 'PUT'),
      );
      expect(created.status).toBe(201);
      expect(created.body).toEqual([{ id: 50, name: 'put', qty: 1 }]);
      expect(created.headers.get('content-range')).toBeNull();
      const replaced = await conf.json(
        '/pr_rows?id=eq.50',
        writer({ prefer: 'return=representation' }, { id: 50, name: 'again', qty: 2 }, 'PUT'),
      );
      expect(replaced.status).toBe(200);
      expect(replaced.body).toEqual([{ id: 50, name: 'again', qty: 2 }]);
      const minimal = await conf.call(
        '/pr_people?first=eq.Ada&last=eq.Lovelace',
        writer({}, { first: 'Ada', last: 'Lovelace', salary: 200 }, 'PUT'),
      );
      expect(minimal.status).toBe(204);
      expect(await rows('SELECT salary FROM conf.pr_people')).toEqual([{ salary: 200 }]);
      await rows('DELETE FROM conf.pr_rows');
    });

    it("answers PostgREST's PGRST105, PGRST114 and PGRST115", async () => {
      const filters = {
        code: 'PGRST105',
        message: "Filters must include all and only primary key columns with 'eq' operators",
        details: null,
        hint: null,
      };
      for (const path of [
        '/pr_rows?name=eq.x',
        '/pr_rows?id=gt.1',
        '/pr_rows?id=not.eq.1',
        '/pr_rows?id=in.(1)',
        '/pr_people?first=eq.Ada',
        '/pr_nopk?a=eq.x',
      ]) {
        const response = await conf.json(path, writer({}, { id: 1, name: 'x' }, 'PUT'));
        expect(response.status, path).toBe(405);
        expect(response.body, path).toEqual(filters);
      }
      const limited = await conf.json(
        '/pr_rows?id=eq.1&limit=1',
        writer({}, { id: 1, name: 'x' }, 'PUT'),
      );
      expect(limited.status).toBe(400);
      expect(limited.body).toEqual({
        code: 'PGRST114',
        message: 'limit/offset querystring parameters are not allowed for PUT',
        details: null,
        hint: null,
      });
      const mismatch = await conf.json('/pr_rows?id=eq.1', writer({}, { id: 2, name: 'x' }, 'PUT'));
      expect(mismatch.status).toBe(400);
      expect(mismatch.body).toEqual({
        code: 'PGRST115',
        message: 'Payload values do not match URL in primary key column(s)',
        details: null,
        hint: null,
      });
    });
  });

  describe('errors', () => {
    it('an unknown relation is 42P01 with the schema; an unknown write column PGRST204', async () => {
      const missing = await conf.json('/nope');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({
        code: '42P01',
        message: 'relation "conf.nope" does not exist',
        details: null,
        hint: null,
      });
      const column = await conf.json('/pr_rows', writer({}, { id: 1, nope: 1 }));
      expect(column.status).toBe(400);
      expect(column.body).toEqual({
        code: 'PGRST204',
        message: "Could not find the 'nope' column of 'pr_rows' in the schema cache",
        details: null,
        hint: null,
      });
      const listed = await conf.json('/pr_rows?columns=id,helicopter', writer({}, { id: 1 }));
      expect(listed.body).toMatchObject({
        code: 'PGRST204',
        message: "Could not find the 'helicopter' column of 'pr_rows' in the schema cache",
      });
    });

    it('PGRST102 for a bad body, PGRST103 for a bad range, PGRST116 for no single row', async () => {
      const bad = await conf.json('/pr_rows', { ...writer(), body: '{"id":' });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({
        code: 'PGRST102',
        message: 'Empty or invalid json',
        details: null,
        hint: null,
      });
      const beyond = await conf.json('/pr_items?offset=5', { headers: { prefer: 'count=exact' } });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe('*/3');
      expect(beyond.body).toEqual({
        code: 'PGRST103',
        message: 'Requested range not satisfiable',
        details: 'An offset of 5 was requested, but there are only 3 rows.',
        hint: null,
      });
      const single = await conf.json('/pr_items?id=gt.0', {
        headers: { accept: 'application/vnd.pgrst.object+json' },
      });
      expect(single.status).toBe(406);
      expect(single.body).toEqual({
        code: 'PGRST116',
        message: 'JSON object requested, multiple (or no) rows returned',
        details: 'The result contains 3 rows',
        hint: null,
      });
    });

    it('PGRST117 for an unsupported method; PGRST107 for an unsupported Accept', async () => {
      const method = await conf.json('/pr_items', { method: 'PURGE' });
      expect(method.status).toBe(405);
      expect(method.body).toEqual({
        code: 'PGRST117',
        message: 'Unsupported HTTP method: PURGE',
        details: null,
        hint: null,
      });
      const accept = await conf.json('/pr_items', { headers: { accept: 'application/xml' } });
      expect(accept.status).toBe(406);
      expect(accept.body).toEqual({
        code: 'PGRST107',
        message: 'None of these media types are available: application/xml',
        details: null,
        hint: null,
      });
    });

    it("maps PostgreSQL's errors to PostgREST's statuses", async () => {
      const unique = await conf.json('/pr_items', writer({}, { id: 1, name: 'dup' }));
      expect(unique.status).toBe(409);
      expect(unique.body).toMatchObject({ code: '23505' });
      const foreign = await conf.json('/pr_child', writer({}, { id: 1, item_id: 99 }));
      expect(foreign.status).toBe(409);
      expect(foreign.body).toMatchObject({ code: '23503' });
      const raised = await conf.json('/rpc/pr_fail');
      expect(raised.status).toBe(400);
      expect(raised.body).toEqual({
        code: 'P0001',
        message: 'pr_fail says no',
        details: null,
        hint: null,
      });
      const payment = await conf.json('/rpc/pr_payment');
      expect(payment.status).toBe(402);
      expect(payment.body).toEqual({
        code: 'PT402',
        message: 'Payment Required',
        details: 'Quota exceeded',
        hint: null,
      });
      const readOnly = await conf.json('/rpc/pr_bump?amount=1', { as: 'writer' });
      expect(readOnly.status).toBe(405);
      expect(readOnly.body).toMatchObject({ code: '25006' });
    });
  });

  describe('RPC', () => {
    it('GET, HEAD and POST with named arguments', async () => {
      const get = await conf.json('/rpc/pr_add?a=1&b=2');
      expect(get.status).toBe(200);
      expect(get.body).toBe(3);
      expect(get.headers.get('content-type')).toBe(JSON_TYPE);
      const head = await conf.call('/rpc/pr_add?a=1&b=2', { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      const post = await conf.json('/rpc/pr_add', writer({}, { a: 40, b: 2 }));
      expect(post.body).toBe(42);
    });

    it('overloads are chosen by argument names; PGRST203 when several match', async () => {
      expect((await conf.json('/rpc/pr_over?a=1')).body).toBe('one');
      expect((await conf.json('/rpc/pr_over?a=1&b=2')).body).toBe('two');
      expect((await conf.json('/rpc/pr_over', writer({}, { x: 'y' }))).body).toBe('text y');
      const ambiguous = await conf.json('/rpc/pr_ambig?arg=1');
      expect(ambiguous.status).toBe(300);
      expect(ambiguous.body).toEqual({
        code: 'PGRST203',
        message:
          'Could not choose the best candidate function between: conf.pr_ambig(arg => integer), conf.pr_ambig(arg => text)',
        details: null,
        hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      });
    });

    it('PGRST202 with the message, details and hint of PostgREST 12', async () => {
      const name = await conf.json('/rpc/pr_addd');
      expect(name.status).toBe(404);
      expect(name.body).toEqual({
        code: 'PGRST202',
        message: 'Could not find the function conf.pr_addd without parameters in the schema cache',
        details:
          'Searched for the function conf.pr_addd without parameters, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function conf.pr_add',
      });
      const args = await conf.json('/rpc/pr_add?a=1&b=2&smthelse=x');
      expect(args.body).toEqual({
        code: 'PGRST202',
        message: 'Could not find the function conf.pr_add(a, b, smthelse) in the schema cache',
        details:
          'Searched for the function conf.pr_add with parameters a, b, smthelse, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function conf.pr_add(a, b)',
      });
      const post = await conf.json('/rpc/pr_add', writer({}, { a: 1 }));
      expect(post.body).toMatchObject({
        message: 'Could not find the function conf.pr_add(a) in the schema cache',
        details:
          'Searched for the function conf.pr_add with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      });
      const method = await conf.json('/rpc/pr_add', writer({}, { a: 1, b: 2 }, 'PUT'));
      expect(method.status).toBe(405);
      expect(method.body).toEqual({
        code: 'PGRST101',
        message: 'Cannot use the PUT method on RPC',
        details: null,
        hint: null,
      });
    });

    it('setof and TABLE results take select, filters, order, limit and count', async () => {
      const setof = await conf.json('/rpc/pr_items_above?min=1&select=id,name&order=id.desc', {
        headers: { prefer: 'count=exact' },
      });
      expect(setof.status).toBe(200);
      expect(setof.body).toEqual([
        { id: 3, name: 'three' },
        { id: 2, name: 'two' },
      ]);
      expect(setof.headers.get('content-range')).toBe('0-1/2');
      expect(setof.headers.get('preference-applied')).toBe('count=exact');
      const table = await conf.json('/rpc/pr_squares?n=4&sq=gt.3&select=sq&limit=2', {
        headers: { prefer: 'count=exact' },
      });
      expect(table.status).toBe(206);
      expect(table.body).toEqual([{ sq: 4 }, { sq: 9 }]);
      expect(table.headers.get('content-range')).toBe('0-1/3');
      const scalars = await conf.json('/rpc/pr_series?n=5&limit=2&offset=1', {
        headers: { prefer: 'count=exact' },
      });
      expect(scalars.status).toBe(206);
      expect(scalars.body).toEqual([2, 3]);
      expect(scalars.headers.get('content-range')).toBe('1-2/5');
      const voided = await conf.call('/rpc/pr_touch', writer());
      expect(voided.status).toBe(204);
      expect(await voided.text()).toBe('');
    });

    it('variadic and array parameters by GET and POST', async () => {
      expect((await conf.json('/rpc/pr_join?v=a&v=b&v=c')).body).toBe('a,b,c');
      expect((await conf.json('/rpc/pr_join?v=solo')).body).toBe('solo');
      expect((await conf.json('/rpc/pr_join', writer({}, { v: ['x', 'y'] }))).body).toBe('x,y');
      expect((await conf.json('/rpc/pr_len?arr={1,2,3}')).body).toBe(3);
      expect((await conf.json('/rpc/pr_len', writer({}, { arr: [1, 2] }))).body).toBe(2);
    });

    it('one unnamed json, text parameter, or Prefer: params=single-object takes the whole body', async () => {
      const echo = await conf.json('/rpc/pr_echo', writer({}, { x: 1, y: [true] }));
      expect(echo.body).toEqual({ x: 1, y: [true] });
      const shout = await conf.call('/rpc/pr_shout', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'hello',
      });
      expect(await shout.json()).toBe('HELLO');
      const single = await conf.json(
        '/rpc/pr_mult',
        writer({ prefer: 'params=single-object' }, { x: 4, y: 2 }),
      );
      expect(single.body).toBe(8);
      expect(single.headers.get('preference-applied')).toBe('params=single-object');
      const text = await conf.json('/rpc/pr_add', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'x',
      });
      expect(text.status).toBe(404);
      expect(text.body).toEqual({
        code: 'PGRST202',
        message: 'Could not find the function conf.pr_add in the schema cache',
        details:
          'Searched for the function conf.pr_add with a single unnamed text parameter, but no matches were found in the schema cache.',
        hint: null,
      });
    });
  });

  describe('RAISE SQLSTATE PGRST', () => {
    it('answers the status, body and headers the function asks for', async () => {
      const teapot = await conf.json('/rpc/pr_teapot');
      expect(teapot.status).toBe(418);
      expect(teapot.body).toEqual({
        code: '123',
        message: 'No coffee',
        details: 'Only tea',
        hint: 'Ask elsewhere',
      });
      expect(teapot.headers.get('x-powered-by')).toBe('Tea');
      const bad = await conf.json('/rpc/pr_badraise');
      expect(bad.status).toBe(500);
      expect(bad.body).toEqual({
        code: 'PGRST121',
        message: `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
        details: "Invalid JSON value for MESSAGE: 'not json'",
        hint: "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
      });
    });
  });

  describe('media types', () => {
    it('text/csv exactly as PostgREST writes it', async () => {
      const csv = await conf.call('/pr_csv?order=id', { headers: { accept: 'text/csv' } });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(await csv.text()).toBe(
        [
          'id,label,ok,at,doc',
          '1,plain,t,"2024-01-02 03:04:05+00","{""a"": [1, 2]}"',
          '2,"a, ""quoted"" (x)",f,,',
          '3,"",,,null',
        ].join('\n'),
      );
      const empty = await conf.call('/pr_csv?id=eq.0', { headers: { accept: 'text/csv' } });
      expect(await empty.text()).toBe('\n');
      const rpc = await conf.call('/rpc/pr_items_above?min=1&select=id', {
        headers: { accept: 'text/csv' },
      });
      expect(await rpc.text()).toBe('id\n2\n3');
    });

    it('nulls=stripped on array+json and object+json', async () => {
      const array = await conf.json('/pr_items?select=id,note&order=id&id=lte.2', {
        headers: { accept: 'application/vnd.pgrst.array+json;nulls=stripped' },
      });
      expect(array.body).toEqual([{ id: 1 }, { id: 2, note: 'b' }]);
      const object = await conf.json('/pr_items?select=id,note&id=eq.1', {
        headers: { accept: 'application/vnd.pgrst.object+json;nulls=stripped' },
      });
      expect(object.body).toEqual({ id: 1 });
    });

    it('application/vnd.pgrst.plan+json|+text: EXPLAIN with its options', async () => {
      const plan = await conf.call('/pr_items?id=eq.1', {
        headers: { accept: 'application/vnd.pgrst.plan+json' },
      });
      expect(plan.status).toBe(200);
      expect(plan.headers.get('content-type')).toBe(
        'application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8',
      );
      const json = (await plan.json()) as { Plan: { 'Node Type': string } }[];
      expect(json[0]?.Plan['Node Type']).toBeTypeOf('string');
      const analyzed = await conf.call('/pr_items', {
        headers: {
          accept:
            'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|verbose',
        },
      });
      expect(analyzed.headers.get('content-type')).toBe(
        'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|verbose; charset=utf-8',
      );
      const analyzedJson = (await analyzed.json()) as { 'Execution Time'?: number }[];
      expect(analyzedJson[0]?.['Execution Time']).toBeTypeOf('number');
      const text = await conf.call('/pr_items', {
        headers: { accept: 'application/vnd.pgrst.plan+text' },
      });
      expect(text.headers.get('content-type')).toBe(
        'application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8',
      );
      expect(await text.text()).toMatch(/cost=/);
    });

    it('application/geo+json without PostGIS is PostgreSQL’s undefined-function error', async () => {
      const geo = await conf.json('/pr_items', { headers: { accept: 'application/geo+json' } });
      expect(geo.status).toBe(404);
      expect(geo.body).toMatchObject({
        code: '42883',
        message: 'function st_asgeojson(record) does not exist',
      });
    });
  });
});
