import { describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import {
  createComment,
  createHypothesis,
  deleteEvidence,
  deleteHypotheses,
  descendantIds,
  getEvidenceSubject,
  getHypothesisChildren,
  listIncidentComments,
  listPeople,
  updateEvidence,
  updateHypothesis,
} from './hypotheses';

const I = '11111111-1111-4111-8111-111111111111';
const H = '22222222-2222-4222-8222-222222222222';
const H2 = '33333333-3333-4333-8333-333333333333';
const P = '44444444-4444-4444-8444-444444444444';

function recorder(body: (url: URL) => unknown = () => []) {
  const calls: { url: URL; method: string; body: unknown; prefer: string | null }[] = [];
  const client = createApiClient({
    baseUrl: '/api',
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://x');
      calls.push({
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        prefer: new Headers(init?.headers).get('prefer'),
      });
      return new Response(JSON.stringify(body(url)), {
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch,
  });
  return { client, calls };
}

const params = (url: URL) => Object.fromEntries(url.searchParams);

describe('hypotheses API (postgrest.md §8.5)', () => {
  it('creates a hypothesis and returns the first row (its id expands the node)', async () => {
    const { client, calls } = recorder(() => [{ id: H }]);
    const row = await createHypothesis(client, {
      created_by: P,
      incident_id: I,
      parent_id: undefined,
      title: 'DNS',
      type: 'root',
      status: 'possible',
    });
    expect(row?.id).toBe(H);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { created_by: P, incident_id: I, title: 'DNS', type: 'root', status: 'possible' },
      prefer: 'return=representation',
    });
    expect(calls[0]?.body).not.toHaveProperty('parent_id');
    expect(calls[0]?.url.pathname).toBe('/api/db/hypotheses');
  });

  it('patches status or title by id', async () => {
    const { client, calls } = recorder(() => null);
    await updateHypothesis(client, H, { status: 'likely' });
    await updateHypothesis(client, H, { title: 'New' });
    expect(calls.map((c) => [c.method, c.url.pathname, params(c.url), c.body])).toEqual([
      ['PATCH', '/api/db/hypotheses', { id: `eq.${H}` }, { status: 'likely' }],
      ['PATCH', '/api/db/hypotheses', { id: `eq.${H}` }, { title: 'New' }],
    ]);
  });

  it('deletes comments, then evidences, then the hypothesis; bulk with in.()', async () => {
    const one = recorder(() => null);
    await deleteHypotheses(one.client, [H]);
    expect(one.calls.map((c) => [c.method, c.url.pathname, params(c.url)])).toEqual([
      ['DELETE', '/api/db/comments', { hypothesis_id: `eq.${H}` }],
      ['DELETE', '/api/db/evidences', { hypothesis_id: `eq.${H}` }],
      ['DELETE', '/api/db/hypotheses', { id: `eq.${H}` }],
    ]);
    const many = recorder(() => null);
    await deleteHypotheses(many.client, [H, H2, H]);
    const paths = many.calls.map((c) => c.url.pathname);
    expect(paths.slice(0, 2)).toEqual(['/api/db/comments', '/api/db/comments']);
    expect(paths.slice(2, 4)).toEqual(['/api/db/evidences', '/api/db/evidences']);
    expect(params(many.calls[4]!.url)).toEqual({ id: `in.(${H},${H2})` });
  });

  it('patches and deletes evidence by id', async () => {
    const { client, calls } = recorder(() => null);
    await updateEvidence(client, H, { definition_of_done: true });
    await deleteEvidence(client, H);
    expect(calls.map((c) => [c.method, c.url.pathname, params(c.url), c.body])).toEqual([
      ['PATCH', '/api/db/evidences', { id: `eq.${H}` }, { definition_of_done: true }],
      ['DELETE', '/api/db/evidences', { id: `eq.${H}` }, undefined],
    ]);
  });

  it('posts a comment with exactly the four fields', async () => {
    const { client, calls } = recorder(() => [{ id: 'c1', comment: 'hi' }]);
    const text = `@[Ada](user:${P}) look`;
    await createComment(client, {
      created_by: P,
      incident_id: I,
      hypothesis_id: H,
      comment: text,
    });
    expect(calls[0]?.url.pathname).toBe('/api/db/comments');
    expect(calls[0]?.body).toEqual({
      created_by: P,
      incident_id: I,
      hypothesis_id: H,
      comment: text,
    });
  });

  it('reads the incident’s comments oldest first', async () => {
    const { client, calls } = recorder(() => []);
    await listIncidentComments(client, I);
    expect(calls[0]?.url.pathname).toBe('/api/db/comments');
    expect(params(calls[0]!.url)).toEqual({
      select: '*,created_by(id,name,avatar)',
      incident_id: `eq.${I}`,
      order: 'created_at.asc',
    });
  });

  it('reads people for mentions and a node’s evidence and comments', async () => {
    const { client, calls } = recorder(() => []);
    await listPeople(client);
    await getHypothesisChildren(client, H);
    expect(params(calls[0]!.url)).toEqual({ select: '*', order: 'name.asc' });
    expect(calls[0]?.url.pathname).toBe('/api/db/people');
    expect(params(calls[1]!.url)).toEqual({
      id: `eq.${H}`,
      select:
        'id,comments(id,*,created_by(id,name,avatar),responder_id(*,team_id(*))),evidences(id,*,created_by(id,name,avatar))',
    });
  });

  it('batches evidence subjects into one read per relation', async () => {
    const { client, calls } = recorder((url) =>
      (url.searchParams.get('id') ?? '')
        .replace(/^(eq|in)\.\(?|\)$/g, '')
        .split(',')
        .filter((id) => id !== H2)
        .map((id) => ({ id, name: `n-${id.slice(0, 2)}` })),
    );
    const [a, b, c] = await Promise.all([
      getEvidenceSubject(client, 'checks', H),
      getEvidenceSubject(client, 'checks', H2),
      getEvidenceSubject(client, 'components', H),
    ]);
    expect(a).toEqual({ id: H, name: 'n-22' });
    expect(b).toBeNull();
    expect(c?.id).toBe(H);
    expect(calls).toHaveLength(2);
    expect(params(calls[0]!.url)).toEqual({
      select: 'id,name,icon,status,type',
      id: `in.(${H},${H2})`,
    });
    expect(params(calls[1]!.url)).toEqual({
      select: 'id,name,icon,type,health,status',
      id: `eq.${H}`,
    });
  });

  it('collects a node with its descendants', () => {
    const rows = [
      { id: 'r', parent_id: null },
      { id: 'f', parent_id: 'r' },
      { id: 's', parent_id: 'f' },
      { id: 'x', parent_id: 'r' },
      { id: 'y', parent_id: null },
    ];
    expect(descendantIds(rows, 'f')).toEqual(['f', 's']);
    expect(descendantIds(rows, 'r').sort()).toEqual(['f', 'r', 's', 'x']);
  });
});
