/**
 * PostgREST's OpenAPI root (issue 17): GET / answers a Swagger 2.0 description of what the
 * request's role may use (PostgREST 12's default `openapi-mode`, follow-privileges), with the
 * relations as definitions, keys and comments in the descriptions, functions under /rpc, the
 * shared parameters, and 406 PGRST107 for a media type it cannot give.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startConformance, type Conformance } from './harness';

interface Doc {
  swagger: string;
  info: { title: string; description: string; version: string };
  basePath: string;
  schemes: string[];
  host: string;
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: unknown[];
        tags?: string[];
        summary?: string;
        description?: string;
        responses: unknown;
      }
    >
  >;
  definitions: Record<
    string,
    {
      properties: Record<string, Record<string, unknown>>;
      required?: string[];
      description?: string;
    }
  >;
  parameters: Record<string, Record<string, unknown>>;
}

describe.skipIf(!postgresAvailable)('conformance: the OpenAPI root', () => {
  let conf: Conformance;
  beforeAll(async () => {
    conf = await startConformance();
    await conf.admin.query('REVOKE ALL ON conf.oa_secrets FROM web_anon');
  }, 120_000);
  afterAll(async () => {
    await conf?.stop();
  });

  it('answers Swagger 2.0 as application/openapi+json for the anonymous role', async () => {
    const { status, body, headers } = await conf.json<Doc>('/');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/openapi+json; charset=utf-8');
    expect(body.swagger).toBe('2.0');
    expect(body.basePath).toBe('/');
    expect(body.schemes).toEqual(['http']);
    expect(body.host).toBe(new URL(conf.base).host);
    expect(body.info.title).toBe('standard public schema');
    expect(body.paths['/']?.get?.tags).toEqual(['Introspection']);
  });

  it('lists only what the role may use, with the methods its privileges allow', async () => {
    const anon = (await conf.json<Doc>('/')).body;
    expect(Object.keys(anon.paths['/oa_projects'] ?? {})).toEqual(['get']);
    expect(anon.paths['/oa_secrets']).toBeUndefined();
    expect(anon.definitions.oa_secrets).toBeUndefined();
    const writer = (await conf.json<Doc>('/', { as: 'writer' })).body;
    expect(Object.keys(writer.paths['/oa_secrets'] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'patch',
      'post',
    ]);
    expect(writer.paths['/oa_tasks']?.post?.responses).toEqual({
      '201': { description: 'Created' },
    });
  });

  it('describes columns with their types, keys and comments, and the table comment', async () => {
    const { body } = await conf.json<Doc>('/');
    const projects = body.definitions.oa_projects;
    expect(projects?.description).toBe('Projects\nEverything being worked on.');
    expect(projects?.required).toEqual(['id', 'name']);
    expect(projects?.properties).toEqual({
      id: { description: 'Note:\nThis is a Primary Key.<pk/>', type: 'integer', format: 'integer' },
      name: { description: "The project's name", type: 'string', format: 'text' },
      budget: { type: 'number', format: 'numeric' },
      tags: { type: 'array', items: { type: 'string', format: 'text' } },
      meta: { format: 'jsonb' },
      active: { type: 'boolean', format: 'boolean' },
    });
    expect(body.definitions.oa_tasks?.properties.project_id).toEqual({
      description:
        "Note:\nThis is a Foreign Key to `oa_projects.id`.<fk table='oa_projects' column='id'/>",
      type: 'integer',
      format: 'integer',
    });
    expect(body.definitions.oa_tasks?.required).toEqual(['project_id', 'title']);
    const get = body.paths['/oa_projects']?.get;
    expect(get?.summary).toBe('Projects');
    expect(get?.description).toBe('Everything being worked on.');
    expect(get?.parameters).toContainEqual({ $ref: '#/parameters/rowFilter.oa_projects.name' });
    expect(get?.parameters).toContainEqual({ $ref: '#/parameters/select' });
    expect(body.parameters['rowFilter.oa_projects.name']).toEqual({
      name: 'name',
      required: false,
      format: 'text',
      in: 'query',
      type: 'string',
    });
    expect(body.parameters.rangeUnit).toMatchObject({ name: 'Range-Unit', default: 'items' });
    // A view is a path too (read-only for the anonymous role).
    expect(Object.keys(body.paths['/oa_open_tasks'] ?? {})).toEqual(['get']);
  });

  it('lists functions under /rpc: GET only when they cannot write, POST with a body schema', async () => {
    const { body } = await conf.json<Doc>('/');
    const add = body.paths['/rpc/oa_add'];
    expect(add?.post?.summary).toBe('Adds two numbers');
    expect(add?.post?.parameters?.[0]).toEqual({
      in: 'body',
      name: 'args',
      required: true,
      schema: {
        required: ['a'],
        properties: {
          a: { type: 'integer', format: 'integer' },
          b: { type: 'integer', format: 'integer' },
        },
        type: 'object',
      },
    });
    expect(add?.get?.parameters).toEqual([
      { type: 'integer', format: 'integer', in: 'query', name: 'a', required: true },
      { type: 'integer', format: 'integer', in: 'query', name: 'b', required: false },
    ]);
    expect(Object.keys(body.paths['/rpc/oa_touch'] ?? {})).toEqual(['post']);
  });

  it('follows Accept-Profile, with the schema comment as title and description', async () => {
    const { body, headers } = await conf.json<Doc>('/', { headers: { 'accept-profile': 'conf2' } });
    expect(headers.get('content-profile')).toBe('conf2');
    expect(body.info.title).toBe('Second API');
    expect(body.info.description).toBe('Versioned copy of the conformance schema.');
    expect(Object.keys(body.paths)).toEqual(['/', '/oa_versions']);
  });

  it('refuses a media type it cannot give with 406 PGRST107', async () => {
    const { status, body } = await conf.json<{ code: string; message: string }>('/', {
      headers: { accept: 'text/csv' },
    });
    expect(status).toBe(406);
    expect(body.code).toBe('PGRST107');
    expect(body.message).toBe('None of these media types are available: text/csv');
  });
});
