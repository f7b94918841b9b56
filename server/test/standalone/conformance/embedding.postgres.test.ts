/**
 * Conformance: the select side of PostgREST 12 (issue 17 §2) over real HTTP — many-to-many
 * through a junction, one-to-one, self-references, hints, PGRST200/PGRST201, empty embeds,
 * embedded filters/order/limit/offset and `or`, `!inner`, aggregates, spread embeds (to-one, and
 * to-many as arrays as in PostgREST 13), computed fields and computed relationships. Fixture:
 * fixture/20-embedding.sql.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startConformance, type Conformance } from './harness';

describe.skipIf(!postgresAvailable)('conformance: embedding and the select grammar', () => {
  let conf: Conformance;
  beforeAll(async () => {
    conf = await startConformance();
  }, 120_000);
  afterAll(async () => {
    await conf?.stop();
  });

  const get = async (path: string) => {
    const response = await conf.json(encodeURI(path));
    return { status: response.status, body: response.body };
  };
  const ok = async (path: string) => {
    const response = await get(path);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };

  describe('relationships', () => {
    it('embeds many-to-many through a junction, both ways', async () => {
      expect(
        await ok('/emb_films?select=title,emb_actors(name)&order=id&emb_actors.order=name'),
      ).toEqual([
        { title: 'Workers Leaving', emb_actors: [] },
        { title: 'The Haunted Castle', emb_actors: [{ name: 'Georges' }, { name: 'Jehanne' }] },
        { title: 'A Trip to the Moon', emb_actors: [{ name: 'Georges' }] },
        { title: 'Orphan', emb_actors: [] },
      ]);
      expect(
        await ok('/emb_actors?select=name,emb_films(title)&order=id&emb_films.order=id'),
      ).toEqual([
        { name: 'Jehanne', emb_films: [{ title: 'The Haunted Castle' }] },
        {
          name: 'Georges',
          emb_films: [{ title: 'The Haunted Castle' }, { title: 'A Trip to the Moon' }],
        },
        { name: 'Idle', emb_films: [] },
      ]);
      // The junction's name is a hint.
      expect(await ok('/emb_actors?select=name,emb_films!emb_roles(id)&id=eq.1')).toEqual([
        { name: 'Jehanne', emb_films: [{ id: 2 }] },
      ]);
    });

    it('embeds a one-to-one relationship as an object from both sides', async () => {
      expect(await ok('/emb_films?select=title,emb_specs(camera)&order=id')).toEqual([
        { title: 'Workers Leaving', emb_specs: { camera: 'Cinématographe' } },
        { title: 'The Haunted Castle', emb_specs: null },
        { title: 'A Trip to the Moon', emb_specs: { camera: 'Star Film' } },
        { title: 'Orphan', emb_specs: null },
      ]);
      expect(await ok('/emb_specs?select=camera,emb_films(title)&order=film_id')).toEqual([
        { camera: 'Cinématographe', emb_films: { title: 'Workers Leaving' } },
        { camera: 'Star Film', emb_films: { title: 'A Trip to the Moon' } },
      ]);
    });

    it('embeds self-references: the parent by FK column, the children by table name', async () => {
      expect(await ok('/emb_employees?select=name,manager:manager_id(name)&order=id')).toEqual([
        { name: 'Ada', manager: null },
        { name: 'Bob', manager: { name: 'Ada' } },
        { name: 'Cy', manager: { name: 'Ada' } },
        { name: 'Di', manager: { name: 'Bob' } },
      ]);
      expect(
        await ok('/emb_employees?select=name,emb_employees(name)&id=eq.1&emb_employees.order=id'),
      ).toEqual([{ name: 'Ada', emb_employees: [{ name: 'Bob' }, { name: 'Cy' }] }]);
      expect(
        await ok('/emb_employees?select=name,reports:emb_employees!manager_id(name)&id=eq.2'),
      ).toEqual([{ name: 'Bob', reports: [{ name: 'Di' }] }]);
    });

    it('answers an ambiguous embed with 300 PGRST201 and its candidates', async () => {
      expect(await get('/emb_shipments?select=*,emb_addresses(*)')).toEqual({
        status: 300,
        body: {
          code: 'PGRST201',
          details: [
            {
              cardinality: 'many-to-one',
              embedding: 'emb_shipments with emb_addresses',
              relationship: 'emb_billing using emb_shipments(billing_id) and emb_addresses(id)',
            },
            {
              cardinality: 'many-to-one',
              embedding: 'emb_shipments with emb_addresses',
              relationship: 'emb_shipping using emb_shipments(shipping_id) and emb_addresses(id)',
            },
          ],
          hint: "Try changing 'emb_addresses' to one of the following: 'emb_addresses!emb_billing', 'emb_addresses!emb_shipping'. Find the desired relationship in the 'details' key.",
          message:
            "Could not embed because more than one relationship was found for 'emb_shipments' and 'emb_addresses'",
        },
      });
      expect(await get('/emb_addresses?select=*,emb_shipments(*)')).toMatchObject({
        status: 300,
        body: {
          code: 'PGRST201',
          details: [
            {
              cardinality: 'one-to-many',
              embedding: 'emb_addresses with emb_shipments',
              relationship: 'emb_billing using emb_addresses(id) and emb_shipments(billing_id)',
            },
            {
              cardinality: 'one-to-many',
              embedding: 'emb_addresses with emb_shipments',
              relationship: 'emb_shipping using emb_addresses(id) and emb_shipments(shipping_id)',
            },
          ],
        },
      });
    });

    it('disambiguates with constraint and column hints, or by constraint name', async () => {
      expect(
        await ok(
          '/emb_shipments?select=id,billing:emb_addresses!emb_billing(city),shipping:emb_addresses!shipping_id(city)',
        ),
      ).toEqual([{ id: 1, billing: { city: 'Lyon' }, shipping: { city: 'Paris' } }]);
      expect(await ok('/emb_shipments?select=id,emb_billing(city)')).toEqual([
        { id: 1, emb_billing: { city: 'Lyon' } },
      ]);
      expect(await ok('/emb_addresses?select=city,emb_shipments!emb_billing(id)&order=id')).toEqual(
        [
          { city: 'Lyon', emb_shipments: [{ id: 1 }] },
          { city: 'Paris', emb_shipments: [] },
        ],
      );
    });

    it('answers a missing relationship with 400 PGRST200', async () => {
      expect(await get('/emb_films?select=*,xyzzy(*)')).toEqual({
        status: 400,
        body: {
          code: 'PGRST200',
          details:
            "Searched for a foreign key relationship between 'emb_films' and 'xyzzy' in the schema 'conf', but no matches were found.",
          hint: null,
          message:
            "Could not find a relationship between 'emb_films' and 'xyzzy' in the schema cache",
        },
      });
      expect(await get('/emb_films?select=*,emb_directors!qqq(*)')).toEqual({
        status: 400,
        body: {
          code: 'PGRST200',
          details:
            "Searched for a foreign key relationship between 'emb_films' and 'emb_directors' using the hint 'qqq' in the schema 'conf', but no matches were found.",
          hint: null,
          message:
            "Could not find a relationship between 'emb_films' and 'emb_directors' in the schema cache",
        },
      });
    });
  });

  describe('shaping embeds', () => {
    it('filters the parent through empty embeds, !inner and null filters on embeds', async () => {
      expect(
        await ok(
          '/emb_films?select=title,emb_actors()&emb_actors.name=eq.Jehanne&emb_actors=not.is.null',
        ),
      ).toEqual([{ title: 'The Haunted Castle' }]);
      expect(await ok('/emb_films?select=title,emb_specs()&emb_specs=is.null&order=id')).toEqual([
        { title: 'The Haunted Castle' },
        { title: 'Orphan' },
      ]);
      expect(
        await ok(
          '/emb_films?select=title,emb_directors!inner(name)&emb_directors.name=eq.Méliès&order=id',
        ),
      ).toEqual([
        { title: 'The Haunted Castle', emb_directors: { name: 'Méliès' } },
        { title: 'A Trip to the Moon', emb_directors: { name: 'Méliès' } },
      ]);
    });

    it('applies or, order, limit and offset inside an embed', async () => {
      expect(
        await ok(
          '/emb_directors?select=name,emb_films(title)&emb_films.or=(year.lt.1896,title.like.*Moon*)&emb_films.order=year.desc&order=id',
        ),
      ).toEqual([
        { name: 'Lumière', emb_films: [{ title: 'Workers Leaving' }] },
        { name: 'Méliès', emb_films: [{ title: 'A Trip to the Moon' }] },
        { name: 'Nobody', emb_films: [] },
      ]);
      expect(
        await ok(
          '/emb_directors?select=name,emb_films(title)&emb_films.order=id&emb_films.limit=1&emb_films.offset=1&order=id',
        ),
      ).toEqual([
        { name: 'Lumière', emb_films: [] },
        { name: 'Méliès', emb_films: [{ title: 'A Trip to the Moon' }] },
        { name: 'Nobody', emb_films: [] },
      ]);
    });
  });

  describe('related order and null filters in logic trees', () => {
    it('orders the parent by a to-one embed: rel(col), by alias, with nulls and embed filters', async () => {
      expect(
        await ok(
          '/emb_films?select=title,director:emb_directors(name)&order=director(name).desc.nullslast,id',
        ),
      ).toEqual([
        { title: 'The Haunted Castle', director: { name: 'Méliès' } },
        { title: 'A Trip to the Moon', director: { name: 'Méliès' } },
        { title: 'Workers Leaving', director: { name: 'Lumière' } },
        { title: 'Orphan', director: null },
      ]);
      // A column the embed does not select; nullsfirst; the embed's own filter applies.
      expect(
        await ok(
          '/emb_films?select=title,emb_directors(id)&order=emb_directors(name).nullsfirst,id',
        ),
      ).toEqual([
        { title: 'Orphan', emb_directors: null },
        { title: 'Workers Leaving', emb_directors: { id: 1 } },
        { title: 'The Haunted Castle', emb_directors: { id: 2 } },
        { title: 'A Trip to the Moon', emb_directors: { id: 2 } },
      ]);
      expect(
        await ok(
          '/emb_films?select=id,emb_directors()&emb_directors.name=eq.Lumière&order=emb_directors(name).nullslast,id.desc',
        ),
      ).toEqual([{ id: 1 }, { id: 4 }, { id: 3 }, { id: 2 }]);
      // One-to-one, and inside an embed (`<embed>.order=rel(col)`).
      expect(
        await ok('/emb_films?select=id,emb_specs(camera)&order=emb_specs(camera).desc,id&limit=2'),
      ).toEqual([
        { id: 2, emb_specs: null },
        { id: 4, emb_specs: null },
      ]);
      expect(
        await ok(
          '/emb_directors?select=name,emb_films(id,emb_specs())&emb_films.order=emb_specs(camera).nullslast,id.desc&id=eq.2',
        ),
      ).toEqual([{ name: 'Méliès', emb_films: [{ id: 3 }, { id: 2 }] }]);
    });

    it('refuses a related order on a to-many or not embedded resource as PostgREST does', async () => {
      expect(
        await get('/emb_directors?select=name,emb_films(title)&order=emb_films(title)'),
      ).toEqual({
        status: 400,
        body: {
          code: 'PGRST118',
          message: "A related order on 'emb_films' is not possible",
          details:
            "'emb_directors' and 'emb_films' do not form a many-to-one or one-to-one relationship",
          hint: null,
        },
      });
      expect(await get('/emb_films?select=title&order=emb_directors(name)')).toEqual({
        status: 400,
        body: {
          code: 'PGRST108',
          message: "'emb_directors' is not an embedded resource in this request",
          details: null,
          hint: "Verify that 'emb_directors' is included in the 'select' query parameter.",
        },
      });
      // An aliased embed is addressed by its alias only.
      const byName = await get(
        '/emb_films?select=title,director:emb_directors(name)&order=emb_directors(name)',
      );
      expect(byName.status).toBe(400);
      expect(byName.body).toMatchObject({ code: 'PGRST108' });
      const unknown = await get(
        '/emb_films?select=title,emb_directors(name)&order=emb_directors(nope)',
      );
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({ code: '42703' });
    });

    it('does not order by an aggregate: a PGRST100 parse error, as in PostgREST 12', async () => {
      expect(await get('/emb_orders?select=customer_id,amount.sum()&order=amount.sum()')).toEqual({
        status: 400,
        body: {
          code: 'PGRST100',
          message: '"failed to parse order (amount.sum())" (line 1, column 8)',
          details: 'unexpected "s" expecting "asc", "desc", "nullsfirst" or "nullslast"',
          hint: null,
        },
      });
    });

    it('tests embeds with is.null / not.is.null inside or=(…) trees', async () => {
      expect(
        await ok(
          '/emb_films?select=title,emb_specs(camera)&or=(emb_specs.not.is.null,year.eq.1900)&order=id',
        ),
      ).toEqual([
        { title: 'Workers Leaving', emb_specs: { camera: 'Cinématographe' } },
        { title: 'A Trip to the Moon', emb_specs: { camera: 'Star Film' } },
        { title: 'Orphan', emb_specs: null },
      ]);
      // The embed's filters decide whether it is null; the embed still lists its rows.
      expect(
        await ok(
          '/emb_directors?select=name,emb_films(title)&emb_films.year=gt.1900&or=(emb_films.not.is.null,name.eq.Nobody)&order=id',
        ),
      ).toEqual([
        { name: 'Méliès', emb_films: [{ title: 'A Trip to the Moon' }] },
        { name: 'Nobody', emb_films: [] },
      ]);
      expect(
        await ok(
          '/emb_films?select=id,emb_directors()&or=(emb_directors.is.null,and(id.eq.1,emb_directors.not.is.null))&order=id',
        ),
      ).toEqual([{ id: 1 }, { id: 4 }]);
      expect(
        await ok(
          '/emb_directors?select=id,emb_films(id,emb_specs())&emb_films.or=(emb_specs.not.is.null,id.eq.2)&emb_films.order=id&order=id',
        ),
      ).toEqual([
        { id: 1, emb_films: [{ id: 1 }] },
        { id: 2, emb_films: [{ id: 2 }, { id: 3 }] },
        { id: 3, emb_films: [] },
      ]);
    });

    it("gives PGRST200 PostgREST's closest-name hint", async () => {
      expect(await get('/emb_films?select=*,emb_director(*)')).toEqual({
        status: 400,
        body: {
          code: 'PGRST200',
          details:
            "Searched for a foreign key relationship between 'emb_films' and 'emb_director' in the schema 'conf', but no matches were found.",
          hint: "Perhaps you meant 'emb_directors' instead of 'emb_director'.",
          message:
            "Could not find a relationship between 'emb_films' and 'emb_director' in the schema cache",
        },
      });
      expect((await get('/emb_employees?select=*,emb_reprts(*)')).body).toMatchObject({
        code: 'PGRST200',
        hint: "Perhaps you meant 'emb_employees' instead of 'emb_reprts'.",
      });
    });
  });

  describe('aggregates', () => {
    it('aggregates the whole relation, with aliases and casts', async () => {
      expect(await ok('/emb_orders?select=amount.sum()')).toEqual([{ sum: 40 }]);
      expect(await ok('/emb_orders?select=count()')).toEqual([{ count: 4 }]);
      expect(await ok('/emb_orders?select=amount.max(),amount.min()')).toEqual([
        { max: 20, min: 4.25 },
      ]);
      expect(await ok('/emb_orders?select=average:amount.avg()::int')).toEqual([{ average: 10 }]);
      expect(await ok('/emb_orders?select=amount::int.sum()')).toEqual([{ sum: 40 }]);
    });

    it('groups by the other selected columns', async () => {
      expect(await ok('/emb_orders?select=amount.sum(),customer_id&order=customer_id')).toEqual([
        { sum: 30.5, customer_id: 1 },
        { sum: 5.25, customer_id: 2 },
        { sum: 4.25, customer_id: 3 },
      ]);
      expect(
        await ok('/emb_orders?select=total:amount.sum(),n:count(),placed&order=placed.desc'),
      ).toEqual([
        { total: 24.25, n: 2, placed: '2024-01-02' },
        { total: 15.75, n: 2, placed: '2024-01-01' },
      ]);
      expect(
        await ok('/emb_orders?select=count(),customer_id&amount=gt.5&order=customer_id'),
      ).toEqual([
        { count: 2, customer_id: 1 },
        { count: 1, customer_id: 2 },
      ]);
    });

    it('aggregates inside an embed, and groups by spread columns', async () => {
      expect(
        await ok(
          '/emb_customers?select=name,emb_orders(amount.sum(),placed)&order=id&emb_orders.order=placed',
        ),
      ).toEqual([
        {
          name: 'Acme',
          emb_orders: [
            { sum: 10.5, placed: '2024-01-01' },
            { sum: 20, placed: '2024-01-02' },
          ],
        },
        { name: 'Bolt', emb_orders: [{ sum: 5.25, placed: '2024-01-01' }] },
        { name: 'Core', emb_orders: [{ sum: 4.25, placed: '2024-01-02' }] },
      ]);
      const byCity = (await ok('/emb_orders?select=amount.sum(),...emb_customers(city)')) as {
        city: string;
      }[];
      expect([...byCity].sort((a, b) => a.city.localeCompare(b.city))).toEqual([
        { sum: 34.75, city: 'Lyon' },
        { sum: 5.25, city: 'Paris' },
      ]);
    });
  });

  describe('spread embeds', () => {
    it('lifts a to-one embed into the parent', async () => {
      expect(await ok('/emb_films?select=title,...emb_directors(director:name)&order=id')).toEqual([
        { title: 'Workers Leaving', director: 'Lumière' },
        { title: 'The Haunted Castle', director: 'Méliès' },
        { title: 'A Trip to the Moon', director: 'Méliès' },
        { title: 'Orphan', director: null },
      ]);
      expect(
        await ok(
          '/emb_films?select=title,parts:emb_roles(character,...emb_actors(name))&id=eq.2&parts.order=actor_id',
        ),
      ).toEqual([
        {
          title: 'The Haunted Castle',
          parts: [
            { character: 'Ghost', name: 'Jehanne' },
            { character: 'Knight', name: 'Georges' },
          ],
        },
      ]);
    });

    it('spreads a to-many embed as arrays (PostgREST 13)', async () => {
      expect(
        await ok(
          '/emb_directors?select=name,...emb_films(titles:title)&id=eq.2&emb_films.order=id',
        ),
      ).toEqual([{ name: 'Méliès', titles: ['The Haunted Castle', 'A Trip to the Moon'] }]);
    });
  });

  describe('computed fields and relationships', () => {
    it('selects, filters and orders by a computed field, which * leaves out', async () => {
      expect(await ok('/emb_films?select=id,emb_label&id=eq.1')).toEqual([
        { id: 1, emb_label: 'Workers Leaving (1895)' },
      ]);
      expect(await ok('/emb_films?select=id&emb_label=like.*1902*')).toEqual([{ id: 3 }]);
      expect(await ok('/emb_films?select=id&order=emb_label.desc')).toEqual([
        { id: 1 },
        { id: 2 },
        { id: 4 },
        { id: 3 },
      ]);
      expect(await ok('/emb_films?id=eq.1')).toEqual([
        { id: 1, director_id: 1, title: 'Workers Leaving', year: 1895 },
      ]);
      expect(await ok('/emb_directors?select=emb_films(emb_label)&id=eq.1')).toEqual([
        { emb_films: [{ emb_label: 'Workers Leaving (1895)' }] },
      ]);
    });

    it('embeds computed relationships: SETOF as an array, ROWS 1 as an object', async () => {
      expect(
        await ok('/emb_employees?select=name,emb_reports(name),emb_boss(name)&order=id'),
      ).toEqual([
        { name: 'Ada', emb_reports: [{ name: 'Bob' }, { name: 'Cy' }], emb_boss: null },
        { name: 'Bob', emb_reports: [{ name: 'Di' }], emb_boss: { name: 'Ada' } },
        { name: 'Cy', emb_reports: [], emb_boss: { name: 'Ada' } },
        { name: 'Di', emb_reports: [], emb_boss: { name: 'Bob' } },
      ]);
    });
  });
});
