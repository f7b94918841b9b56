import { keepPreviousData } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import {
  RESPONDER_AVATARS_SHOWN,
  distinctResponders,
  incidentComponentsQuery,
  incidentListKeys,
  incidentListQueries,
  incidentListQuery,
  incidentOwnersQuery,
  listIncidents,
} from './incident-list';

const OWNER = '9f1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';
const COMPONENT = '0c9a55da-ed3a-45dd-9413-633861c17855';

/** The contract's select (postgrest.md §8.5 "list [P]"), written out, not imported. */
const SELECT =
  'select=id,incident_id,title,severity,type,status,created_at,updated_at,created_by,' +
  'commander:commander_id(id,name,avatar),' +
  'responders(id,type,deleted_at,person:person_id(id,name,avatar),team:team_id(id,name,icon))';

/** The query string as the server reads it (percent-decoding only). */
function decoded(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, ' '));
}

describe('incident list query (postgrest.md §8.5 "list [P]")', () => {
  it('with no filter: the select, live responders, newest first, counted', () => {
    const query = incidentListQuery({});
    expect(query.path).toBe('/db/incidents');
    expect(decoded(query.toString())).toBe(
      `${SELECT}&responders.deleted_at=is.null&order=created_at.desc`,
    );
    expect(query.headers).toEqual({ Prefer: 'count=exact' });
  });

  it('the default view: status open, one page', () => {
    expect(
      decoded(incidentListQuery({ status: 'open', pageIndex: 0, pageSize: 50 }).toString()),
    ).toBe(
      `${SELECT}&responders.deleted_at=is.null&order=created_at.desc&status=eq.open&limit=50&offset=0`,
    );
  });

  it('every filter in the contract order, with the component embed as an inner join', () => {
    const query = incidentListQuery({
      search: ' disk full ',
      severity: 'high',
      status: 'investigating',
      type: 'availability',
      owner: OWNER,
      component: COMPONENT,
      pageIndex: 2,
      pageSize: 25,
    });
    expect(decoded(query.toString())).toBe(
      `${SELECT},hypotheses!inner(id,evidences!inner(component_id))` +
        '&responders.deleted_at=is.null&order=created_at.desc' +
        '&title=ilike.*disk full*&severity=eq.high&status=eq.investigating&type=eq.availability' +
        `&created_by=eq.${OWNER}&hypotheses.evidences.component_id=eq.${COMPONENT}` +
        '&limit=25&offset=50',
    );
  });

  it('omits empty values and `all`', () => {
    expect(
      decoded(
        incidentListQuery({
          search: '  ',
          severity: 'all',
          status: 'All',
          type: '',
          owner: 'all',
          component: '',
        }).toString(),
      ),
    ).toBe(`${SELECT}&responders.deleted_at=is.null&order=created_at.desc`);
  });

  it('sends both spellings of technical debt', () => {
    for (const type of ['technicalDebt', 'technical_debt']) {
      expect(decoded(incidentListQuery({ type }).toString())).toBe(
        `${SELECT}&responders.deleted_at=is.null&order=created_at.desc&type=in.(technicalDebt,technical_debt)`,
      );
    }
  });

  it('another sort keeps newest first as the tie-break', () => {
    expect(decoded(incidentListQuery({ sortBy: 'title', sortOrder: 'asc' }).toString())).toContain(
      '&order=title.asc,created_at.desc',
    );
    expect(
      decoded(incidentListQuery({ sortBy: 'created_at', sortOrder: 'asc' }).toString()),
    ).toContain('&order=created_at.asc');
  });

  it('keeps reserved characters of the search inside its value', () => {
    const query = incidentListQuery({ search: 'a&b=c,d' });
    expect(new URLSearchParams(query.toString()).get('title')).toBe('ilike.*a&b=c,d*');
  });
});

describe('filter option lists', () => {
  it('Owner: GET /people?select=*&order=name.asc (postgrest.md §8.2)', () => {
    const query = incidentOwnersQuery();
    expect(`${query.path}?${decoded(query.toString())}`).toBe('/db/people?select=*&order=name.asc');
  });

  it('Component: GET /component_names?order=name.asc (postgrest.md §8.4)', () => {
    const query = incidentComponentsQuery();
    expect(`${query.path}?${decoded(query.toString())}`).toBe('/db/component_names?order=name.asc');
  });
});

describe('listIncidents', () => {
  function client(response: Response) {
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(response));
    return { fetch, client: createApiClient({ baseUrl: '/api', fetch }) };
  }

  it('reads the rows and the total from Content-Range, with Prefer: count=exact', async () => {
    const row = { id: 'i1', title: 'Disk full', status: 'open' };
    const { fetch, client: api } = client(
      new Response(JSON.stringify([row]), {
        headers: { 'content-type': 'application/json', 'content-range': '0-0/7' },
      }),
    );
    await expect(listIncidents(api, { status: 'open', pageSize: 1 })).resolves.toEqual({
      rows: [row],
      total: 7,
    });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(decoded(String(url))).toBe(
      `/api/db/incidents?${SELECT}&responders.deleted_at=is.null&order=created_at.desc&status=eq.open&limit=1&offset=0`,
    );
    expect(new Headers(init?.headers).get('prefer')).toBe('count=exact');
  });

  it('a page past the end (416) is empty and keeps the total', async () => {
    const { client: api } = client(
      new Response(JSON.stringify({ message: 'Requested range not satisfiable' }), {
        status: 416,
        headers: { 'content-type': 'application/json', 'content-range': '*/3' },
      }),
    );
    await expect(listIncidents(api, { pageIndex: 4, pageSize: 50 })).resolves.toEqual({
      rows: [],
      total: 3,
    });
  });
});

describe('distinctResponders', () => {
  it('people and teams once each, soft-deleted responders left out, in order', () => {
    const ada = { id: 'p1', name: 'Ada Lovelace', avatar: null };
    const team = { id: 't1', name: 'Platform', icon: 'k8s' };
    expect(
      distinctResponders([
        { id: 'r1', type: 'person', person: ada },
        { id: 'r2', type: 'jira', team },
        { id: 'r3', type: 'email', team },
        { id: 'r4', type: 'person', person: { id: 'p2', name: 'Gone' }, deleted_at: '2026-01-01' },
        { id: 'r5', type: 'person', person: ada },
        { id: 'r6', type: 'person' },
      ]),
    ).toEqual([
      { key: 'person:p1', kind: 'person', name: 'Ada Lovelace', avatar: null },
      { key: 'team:t1', kind: 'team', name: 'Platform', icon: 'k8s' },
    ]);
    expect(distinctResponders(null)).toEqual([]);
    expect(RESPONDER_AVATARS_SHOWN).toBe(5); // "avatar group max 5"
  });
});

describe('keys and query options', () => {
  it('live under the incident area list key and keep the previous page', () => {
    const api = createApiClient({ baseUrl: '/api', fetch: vi.fn() });
    const params = { status: 'open', pageIndex: 0, pageSize: 50 };
    expect(incidentListKeys.page('/api', params)).toEqual([
      'incident-area',
      '/api',
      'list',
      'page',
      params,
    ]);
    expect(incidentListQueries.page(api, params).placeholderData).toBe(keepPreviousData);
  });
});
