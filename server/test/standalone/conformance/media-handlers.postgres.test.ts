/**
 * PostgREST 12 conformance (issue 17 §2): media type handlers (domains named after media types
 * returned by functions and by aggregates over a relation's rows), binary RPC bodies, the
 * response.headers/response.status settings, Content-Location, and the PGRST200/PGRST201 texts
 * of fixture/50-media.sql's md_* objects. Expected answers follow PostgREST 12's documentation
 * (references/api/media_type_handlers) and observed behaviour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startConformance, type Conformance } from './harness';

const JSON_TYPE = 'application/json; charset=utf-8';

describe.skipIf(!postgresAvailable)('PostgREST 12: media type handlers and headers', () => {
  let conf: Conformance;
  beforeAll(async () => {
    conf = await startConformance();
  }, 120_000);
  afterAll(async () => {
    await conf?.stop();
  });

  const get = (path: string, accept?: string, init: RequestInit = {}) =>
    conf.call(path, {
      ...init,
      headers: { ...(accept === undefined ? {} : { accept }), ...(init.headers ?? {}) },
    });
  const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

  describe('aggregates over a relation (tables, views, SETOF functions)', () => {
    it('a binary handler answers its media type with the aggregate of the rows read', async () => {
      const all = await get('/md_lines?order=id', 'application/vnd.mdx');
      expect(all.status).toBe(200);
      expect(all.headers.get('content-type')).toBe('application/vnd.mdx');
      expect((await bytes(all)).toString('hex')).toBe('0102ff00fe');
      const one = await get('/md_lines?id=eq.2', 'application/vnd.mdx');
      expect((await bytes(one)).toString('hex')).toBe('00fe');
      // A table-valued function returning the table's rows takes the table's handlers.
      const rpc = await get('/rpc/md_get_lines?order=id', 'application/vnd.mdx');
      expect(rpc.status).toBe(200);
      expect(rpc.headers.get('content-type')).toBe('application/vnd.mdx');
      expect((await bytes(rpc)).toString('hex')).toBe('0102ff00fe');
    });

    it('a relation handler needs the default select: another select is 406 PGRST107', async () => {
      for (const select of ['id', 'id,name,body', 'name,id,body']) {
        const response = await conf.json(`/md_lines?select=${select}`, {
          headers: { accept: 'application/vnd.mdx' },
        });
        expect(response.status).toBe(406);
        expect(response.body).toEqual({
          code: 'PGRST107',
          details: null,
          hint: null,
          message: 'None of these media types are available: application/vnd.mdx',
        });
      }
      const star = await get('/md_lines?select=*&id=eq.1', 'application/vnd.mdx');
      expect(star.status).toBe(200);
    });

    it('a media type nothing answers is 406 PGRST107, JSON still works', async () => {
      const plain = await conf.json('/md_lines', { headers: { accept: 'text/plain' } });
      expect(plain.status).toBe(406);
      expect(plain.headers.get('content-type')).toBe(JSON_TYPE);
      expect(plain.body).toEqual({
        code: 'PGRST107',
        details: null,
        hint: null,
        message: 'None of these media types are available: text/plain',
      });
      const other = await conf.json('/md_ov', { headers: { accept: 'application/vnd.mdx' } });
      expect(other.status).toBe(406);
      const json = await conf.json('/md_lines?select=id,name&order=id', {
        headers: { accept: 'text/plain, application/json' },
      });
      expect(json.status).toBe(200);
      expect(json.body).toEqual([
        { id: 1, name: 'line-1' },
        { id: 2, name: 'line-2' },
      ]);
    });

    it('overrides the builtin text/csv for one table, with response.headers', async () => {
      const csv = await get('/md_lines?order=id', 'text/csv');
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('content-disposition')).toBe('attachment; filename="lines.csv"');
      const body = await bytes(csv);
      expect(body.subarray(0, 3).toString('hex')).toBe('efbbbf');
      expect(body.subarray(3).toString('utf8')).toBe('id,name\n1,line-1\n2,line-2\n');
      // Other tables keep the builtin CSV.
      const builtin = await get('/md_files?select=id', 'text/csv');
      expect(await builtin.text()).toBe('id\n1');
    });

    it('a custom text type answers without a charset', async () => {
      const tsv = await get('/md_lines?order=id', 'text/tab-separated-values');
      expect(tsv.headers.get('content-type')).toBe('text/tab-separated-values');
      expect(await tsv.text()).toBe('1\tline-1\n2\tline-2\n');
    });

    it('overrides application/json for one table only', async () => {
      const ov = await get('/md_ov', 'application/json');
      expect(ov.headers.get('content-type')).toBe(JSON_TYPE);
      expect(await ov.json()).toEqual({ overridden: 'true' });
      const plain = await conf.json('/md_files?select=id');
      expect(plain.body).toEqual([{ id: 1 }]);
    });

    it('does not override the vendor types (vnd.pgrst.object)', async () => {
      const object = await conf.json('/md_ov', {
        headers: { accept: 'application/vnd.pgrst.object+json' },
      });
      expect(object.status).toBe(200);
      expect(object.body).toEqual({ id: 1 });
    });

    it('an anyelement aggregate answers for any relation, over the selected columns', async () => {
      const all = await get('/md_lines?order=id', 'pg/outfunc');
      expect(all.headers.get('content-type')).toBe('pg/outfunc');
      expect(await all.text()).toBe('(1,line-1,"\\\\x0102ff")\n(2,line-2,"\\\\x00fe")\n');
      const fewer = await get('/md_lines?select=name,id&order=id', 'pg/outfunc');
      expect(await fewer.text()).toBe('(line-1,1)\n(line-2,2)\n');
      const rpc = await get('/rpc/md_get_lines?select=id&id=eq.2', 'pg/outfunc');
      expect(await rpc.text()).toBe('(2)\n');
    });

    it('the any handler (*/*) of a table answers every media type', async () => {
      const any = await get('/md_numbers?val=eq.1', '*/*');
      expect(any.status).toBe(200);
      expect(any.headers.get('content-type')).toBe('application/octet-stream');
      expect(await any.text()).toBe('anything\n1');
      const none = await get('/md_numbers?val=eq.1');
      expect(await none.text()).toBe('anything\n1');
      const magic = await get('/md_numbers?val=eq.2', 'magic/number');
      expect(magic.headers.get('content-type')).toBe('magic/number');
      expect(await magic.text()).toBe('magic\n2');
      const crazy = await get('/md_numbers?val=eq.3', 'crazy/bingo');
      expect(crazy.headers.get('content-type')).toBe('crazy/bingo');
      expect(await crazy.text()).toBe('crazy\n3');
      const unknown = await get('/md_numbers?val=eq.4', 'unknown/unknown');
      expect(unknown.headers.get('content-type')).toBe('application/octet-stream');
      expect(await unknown.text()).toBe('anything\n4');
      // With a select, the table's handlers do not apply: JSON.
      const json = await conf.json('/md_numbers?select=val&val=eq.4', {
        headers: { accept: 'application/json' },
      });
      expect(json.body).toEqual([{ val: 4 }]);
    });

    it('a write with return=representation answers through the handler', async () => {
      const created = await conf.call('/md_lines', {
        as: 'writer',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/vnd.mdx',
          prefer: 'return=representation',
        },
        body: JSON.stringify({ id: 3, name: 'line-3', body: '\\x0a0b' }),
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('content-type')).toBe('application/vnd.mdx');
      expect((await bytes(created)).toString('hex')).toBe('0a0b');
      const missing = await conf.json('/md_lines?id=eq.3', {
        as: 'writer',
        method: 'DELETE',
        headers: { accept: 'text/plain' },
      });
      expect(missing.status).toBe(406);
      await conf.admin.query('DELETE FROM conf.md_lines WHERE id = 3');
    });

    it('HEAD answers the handler media type without a body', async () => {
      const head = await get('/md_lines', 'application/vnd.mdx', { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe('application/vnd.mdx');
      expect(await head.text()).toBe('');
    });
  });

  describe('handler functions', () => {
    it('a function returning a media type domain answers it raw', async () => {
      const text = await get('/rpc/md_welcome', 'text/plain');
      expect(text.status).toBe(200);
      expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await text.text()).toBe('Welcome to Vigil');
      const html = await get('/rpc/md_welcome.html', 'text/html');
      expect(html.headers.get('content-type')).toBe('text/html');
      expect(await html.text()).toBe('<html><body><h1>Welcome</h1></body></html>');
      const xml = await get('/rpc/md_xml', 'text/xml');
      expect(xml.headers.get('content-type')).toBe('text/xml; charset=utf-8');
      expect(await xml.text()).toBe('<my-xml-tag/>');
      // JSON stays available.
      const json = await conf.json('/rpc/md_welcome');
      expect(json.body).toBe('Welcome to Vigil');
    });

    it('binary results, chosen by Accept quality as PostgREST does', async () => {
      for (const accept of [
        'image/png',
        'image/png, */*',
        'text/html,application/xhtml+xml,application/xml;q=0.9,image/png,*/*;q=0.8',
      ]) {
        const png = await get('/rpc/md_image', accept);
        expect(png.status).toBe(200);
        expect(png.headers.get('content-type')).toBe('image/png');
        expect((await bytes(png)).toString('hex')).toBe('89504e470d0a1a0a00ff');
      }
      const line = await get('/rpc/md_line?id=1', 'application/vnd.mdx');
      expect((await bytes(line)).toString('hex')).toBe('0102ff');
      // No row: an empty body.
      const missing = await get('/rpc/md_line?id=777', 'application/vnd.mdx');
      expect(missing.status).toBe(200);
      expect(missing.headers.get('content-type')).toBe('application/vnd.mdx');
      expect(await missing.text()).toBe('');
    });

    it('another media type, or a SETOF of a media type, is 406 PGRST107', async () => {
      const xml = await conf.json('/rpc/md_welcome', { headers: { accept: 'text/xml' } });
      expect(xml.status).toBe(406);
      expect(xml.body).toEqual({
        code: 'PGRST107',
        details: null,
        hint: null,
        message: 'None of these media types are available: text/xml',
      });
      const twice = await conf.json('/rpc/md_welcome_twice', {
        headers: { accept: 'text/plain' },
      });
      expect(twice.status).toBe(406);
      const undefinedType = await conf.json('/md_files', { headers: { accept: 'undefined' } });
      expect(undefinedType.status).toBe(406);
      expect((undefinedType.body as { message: string }).message).toBe(
        'None of these media types are available: undefined',
      );
    });

    it('a */* function answers any media type as application/octet-stream', async () => {
      for (const accept of ['*/*', 'app/bingo', 'text/bango', 'image/boingo']) {
        const any = await get('/rpc/md_any', accept);
        expect(any.status).toBe(200);
        expect(any.headers.get('content-type')).toBe('application/octet-stream');
        expect(await any.text()).toBe('any');
      }
    });

    it('a */* function sets its Content-Type with response.headers', async () => {
      const groucho = await get('/rpc/md_some_mt', '*/*');
      expect(groucho.headers.get('content-type')).toBe('app/groucho');
      expect(await groucho.text()).toBe('groucho');
      const chico = await get('/rpc/md_some_mt', 'app/chico');
      expect(chico.headers.get('content-type')).toBe('app/chico');
      expect(await chico.text()).toBe('chico');
      const harpo = await get('/rpc/md_some_mt', 'app/harpo');
      expect(await harpo.text()).toBe('harpo');
      const csv = await get('/rpc/md_some_mt', 'text/csv');
      expect(csv.status).toBe(406);
    });

    it('a single unnamed bytea parameter takes an application/octet-stream body as it is', async () => {
      const payload = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x0a, 0x0d, 0x80, 0xc3]);
      const echo = await conf.call('/rpc/md_echo', {
        method: 'POST',
        headers: {
          'content-type': 'application/octet-stream',
          accept: 'application/octet-stream',
        },
        body: payload,
      });
      expect(echo.status).toBe(200);
      expect(echo.headers.get('content-type')).toBe('application/octet-stream');
      expect((await bytes(echo)).equals(payload)).toBe(true);
      const size = await conf.json('/rpc/md_size', {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: payload,
      });
      expect(size.body).toBe(payload.length);
    });

    it('text and XML bodies in, the same raw text out through text/plain and text/xml domains', async () => {
      const text = await conf.call('/rpc/md_echo_text', {
        method: 'POST',
        headers: { 'content-type': 'text/plain', accept: 'text/plain' },
        body: 'unnamed text arg, ünïcode',
      });
      expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await text.text()).toBe('unnamed text arg, ünïcode');
      const note = '<note><from>John</from><to>Jane</to></note>';
      const xml = await conf.call('/rpc/md_echo_xml', {
        method: 'POST',
        headers: { 'content-type': 'text/xml', accept: 'text/xml' },
        body: note,
      });
      expect(xml.headers.get('content-type')).toBe('text/xml; charset=utf-8');
      expect(await xml.text()).toBe(note);
      // A plain text result (no domain) has no raw output in PostgREST 12: 406.
      const plain = await conf.json('/rpc/md_plain_text', { headers: { accept: 'text/plain' } });
      expect(plain.status).toBe(406);
      expect((await conf.json('/rpc/md_plain_text')).body).toBe('plain');
    });

    it('a bytea column is JSON; octet-stream without a handler is 406 as in PostgREST 12', async () => {
      const json = await conf.json('/md_files?select=data');
      expect(json.body).toEqual([{ data: '\\x00ff' }]);
      const raw = await conf.json('/md_files?select=data', {
        headers: { accept: 'application/octet-stream' },
      });
      expect(raw.status).toBe(406);
      expect((raw.body as { code: string }).code).toBe('PGRST107');
    });
  });

  describe('response.status and response.headers', () => {
    it('a function sets the status and adds headers', async () => {
      const teapot = await conf.json('/rpc/md_teapot');
      expect(teapot.status).toBe(418);
      expect(teapot.body).toBe(1);
      expect(teapot.headers.get('x-brew')).toBe('tea');
      expect(teapot.headers.get('cache-control')).toBe('no-store');
    });

    it('a write (its trigger) sets them too', async () => {
      const minimal = await conf.call('/md_notes', {
        as: 'writer',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: 7, note: 'x' }),
      });
      expect(minimal.status).toBe(202);
      expect(minimal.headers.get('x-note')).toBe('7');
      const representation = await conf.json('/md_notes?select=id', {
        as: 'writer',
        method: 'POST',
        headers: { 'content-type': 'application/json', prefer: 'return=representation' },
        body: JSON.stringify({ id: 8, note: 'y' }),
      });
      expect(representation.status).toBe(202);
      expect(representation.body).toEqual([{ id: 8 }]);
      expect(representation.headers.get('x-note')).toBe('8');
    });

    it('headers that are not an array of one-key objects are 500 PGRST111', async () => {
      const bad = await conf.json('/rpc/md_bad_headers');
      expect(bad.status).toBe(500);
      expect(bad.body).toEqual({
        code: 'PGRST111',
        details: null,
        hint: null,
        message:
          'response.headers guc must be a JSON array composed of objects with a single key and a string value',
      });
    });
  });

  describe('request.cookies', () => {
    it('the Cookie header is request.cookies, not part of request.headers', async () => {
      const response = await conf.json('/rpc/md_cookies', {
        headers: { cookie: 'session=abc123; theme=dark; empty=' },
      });
      expect(response.body).toEqual({
        cookies: { session: 'abc123', theme: 'dark', empty: '' },
        header: null,
      });
      const none = await conf.json('/rpc/md_cookies');
      expect(none.body).toEqual({ cookies: {}, header: null });
    });
  });

  describe('Content-Location', () => {
    it('a read names its canonical URL: parameters sorted by name', async () => {
      const sorted = await conf.call('/md_files?select=id&id=eq.1');
      expect(sorted.headers.get('content-location')).toBe('/md_files?id=eq.1&select=id');
      const bare = await conf.call('/md_files');
      expect(bare.headers.get('content-location')).toBe('/md_files');
      const encoded = await conf.call('/md_lines?name=in.(%22line%201%22,x)&id=gt.0');
      expect(encoded.headers.get('content-location')).toBe(
        '/md_lines?id=gt.0&name=in.%28%22line%201%22%2Cx%29',
      );
      const head = await conf.call('/md_files?id=eq.1', { method: 'HEAD' });
      expect(head.headers.get('content-location')).toBe('/md_files?id=eq.1');
    });

    it('an RPC or a write has none', async () => {
      const rpc = await conf.call('/rpc/md_welcome');
      expect(rpc.headers.get('content-location')).toBeNull();
    });
  });

  describe('embedding errors', () => {
    it('PGRST201 lists one-to-many before many-to-one', async () => {
      const response = await conf.json('/md_agents?select=*,md_departments(*)');
      expect(response.status).toBe(300);
      expect(response.body).toEqual({
        code: 'PGRST201',
        details: [
          {
            cardinality: 'one-to-many',
            embedding: 'md_agents with md_departments',
            relationship:
              'md_departments_head_id_fkey using md_agents(id) and md_departments(head_id)',
          },
          {
            cardinality: 'many-to-one',
            embedding: 'md_agents with md_departments',
            relationship:
              'md_agents_department_id_fkey using md_agents(department_id) and md_departments(id)',
          },
        ],
        hint: "Try changing 'md_departments' to one of the following: 'md_departments!md_departments_head_id_fkey', 'md_departments!md_agents_department_id_fkey'. Find the desired relationship in the 'details' key.",
        message:
          "Could not embed because more than one relationship was found for 'md_agents' and 'md_departments'",
      });
    });

    it('PGRST201 lists many-to-one and one-to-many before many-to-many', async () => {
      const sites = await conf.json<{ details: { cardinality: string; relationship: string }[] }>(
        '/md_sites?select=*,md_projects(*)',
      );
      expect(sites.status).toBe(300);
      expect(sites.body.details.map((detail) => detail.cardinality)).toEqual([
        'many-to-one',
        'many-to-many',
      ]);
      expect(sites.body.details[1]?.relationship).toBe(
        'md_jobs using md_jobs_site_id_fkey(site_id) and md_jobs_project_id_fkey(project_id)',
      );
      const projects = await conf.json<{ details: { cardinality: string }[]; hint: string }>(
        '/md_projects?select=*,md_sites(*)',
      );
      expect(projects.body.details.map((detail) => detail.cardinality)).toEqual([
        'one-to-many',
        'many-to-many',
      ]);
      expect(projects.body.hint).toBe(
        "Try changing 'md_sites' to one of the following: 'md_sites!md_main_project', 'md_sites!md_jobs'. Find the desired relationship in the 'details' key.",
      );
    });

    it('PGRST200 suggests another parent when the parent has no relationship', async () => {
      const response = await conf.json('/md_agent?select=*,md_departments(*)');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        code: 'PGRST200',
        details:
          "Searched for a foreign key relationship between 'md_agent' and 'md_departments' in the schema 'conf', but no matches were found.",
        hint: "Perhaps you meant 'md_agents' instead of 'md_agent'.",
        message:
          "Could not find a relationship between 'md_agent' and 'md_departments' in the schema cache",
      });
    });
  });
});
