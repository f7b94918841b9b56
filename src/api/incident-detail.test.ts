import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import {
  HISTORY_REFETCH_MS,
  WORKSPACE_REFETCH_MS,
  createManualDefinitionOfDone,
  createResponder,
  deleteResponder,
  getIncident,
  incidentDetailQueries,
  listIncidentHistory,
  listIntegrationConfigs,
  listResponders,
  updateEvidence,
  updateIncident,
} from './incident-detail';
import { incidentAreaKeys } from './incident-keys';

const ID = '0c9a55da-ed3a-45dd-9413-633861c17855';
const PERSON = '9f1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';
const TEAM = '5e0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b';

/** The contract's selects (postgrest.md §8.5), written out, not imported. */
const DETAIL_SELECT =
  'select=*,hypotheses(*,created_by(id,name,avatar),evidences(*,created_by(id,name,avatar)),' +
  'comments(created_at,comment,external_created_by,responder_id(team_id(*)),created_by(id,name,avatar),id)),' +
  'commander:commander_id(id,name,avatar),communicator_id(id,name,avatar),responders(created_by(id,name,avatar))';
const HISTORY_SELECT =
  'select=*,evidence:evidences(id,description,type,components(id,name,icon),configs(id,name),' +
  'config_changes(id,change_type),config_analysis(id,analyzer,message,analysis),checks(id,icon,name)),' +
  'hypothesis:hypotheses(id,title),responder:responders(id,person:person_id(id,name,avatar),team:team_id(id,name,icon)),' +
  'comment:comments(id,comment),created_by(id,name,avatar)';
const RESPONDERS_SELECT =
  'select=*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function fakeClient(...bodies: unknown[]) {
  const calls: Call[] = [];
  let index = 0;
  const fetch = vi.fn<typeof globalThis.fetch>((input, init) => {
    calls.push({
      url: decodeURIComponent(String(input)),
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    });
    const body = bodies[Math.min(index, bodies.length - 1)] ?? [];
    index += 1;
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  return { calls, client: createApiClient({ baseUrl: '/api', fetch }) };
}

describe('incident workspace reads (postgrest.md §8.5)', () => {
  it('detail: GET /incidents?id=eq.{id}&select=… → data[0], null when empty', async () => {
    const { calls, client } = fakeClient([{ id: ID, title: 'Disk full' }], []);
    await expect(getIncident(client, ID)).resolves.toEqual({ id: ID, title: 'Disk full' });
    expect(calls[0]?.url).toBe(`/api/db/incidents?id=eq.${ID}&${DETAIL_SELECT}`);
    expect(calls[0]?.method).toBe('GET');
    await expect(getIncident(client, ID)).resolves.toBeNull();
  });

  it('history: incident_histories with its select, newest first', async () => {
    const { calls, client } = fakeClient([]);
    await listIncidentHistory(client, ID);
    expect(calls[0]?.url).toBe(
      `/api/db/incident_histories?incident_id=eq.${ID}&${HISTORY_SELECT}&order=created_at.desc`,
    );
  });

  it('responders: live ones with team and person', async () => {
    const { calls, client } = fakeClient([]);
    await listResponders(client, ID);
    expect(calls[0]?.url).toBe(
      `/api/db/responders?incident_id=eq.${ID}&${RESPONDERS_SELECT}&deleted_at=is.null`,
    );
  });

  it('integration lookups keep the configs whose external id names the team', async () => {
    const { calls, client } = fakeClient([
      { id: 'a', external_id: [`jira/${TEAM}`], name: 'Ours' },
      { id: 'b', external_id: ['jira/other'], name: 'Theirs' },
      { id: 'c', external_id: TEAM.toUpperCase(), name: 'Plain' },
    ]);
    const rows = await listIntegrationConfigs(client, 'jira', TEAM);
    expect(rows.map((row) => row.id)).toEqual(['a', 'c']);
    expect(calls[0]?.url).toBe(
      '/api/db/configs?select=id,external_id,name,type,analysis,changes&type=ilike.jira',
    );
  });
});

describe('incident workspace writes (postgrest.md §8.5)', () => {
  it('status and severity/type: PATCH /incidents?id=eq.{id}', async () => {
    const { calls, client } = fakeClient([]);
    await updateIncident(client, ID, { status: 'investigating' });
    await updateIncident(client, ID, { severity: 'high', type: 'security' });
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['PATCH', `/api/db/incidents?id=eq.${ID}`, { status: 'investigating' }],
      ['PATCH', `/api/db/incidents?id=eq.${ID}`, { severity: 'high', type: 'security' }],
    ]);
  });

  it('responder create: POST /responders?select=* with the returned row', async () => {
    const { calls, client } = fakeClient([{ id: 'r1' }]);
    const row = await createResponder(client, {
      incidentId: ID,
      createdBy: PERSON,
      type: 'email',
      teamId: TEAM,
      properties: { responderType: 'email', to: 'a@b.c', subject: 's', body: 'b' },
    });
    expect(row).toEqual({ id: 'r1' });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/db/responders?select=*',
      body: {
        type: 'email',
        incident_id: ID,
        created_by: PERSON,
        team_id: TEAM,
        properties: { responderType: 'email', to: 'a@b.c', subject: 's', body: 'b' },
      },
    });
    expect(calls[0]?.headers.Prefer).toBe('return=representation');
  });

  it('a person responder sends person_id and no team_id', async () => {
    const { calls, client } = fakeClient([{ id: 'r2' }]);
    await createResponder(client, {
      incidentId: ID,
      createdBy: PERSON,
      type: 'person',
      personId: PERSON,
      properties: { responderType: 'person', person: PERSON },
    });
    expect(calls[0]?.body).toEqual({
      type: 'person',
      incident_id: ID,
      created_by: PERSON,
      person_id: PERSON,
      properties: { responderType: 'person', person: PERSON },
    });
  });

  it('responder delete is a soft delete with now()', async () => {
    const { calls, client } = fakeClient([]);
    await deleteResponder(client, 'r1');
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      url: '/api/db/responders?id=eq.r1',
      body: { deleted_at: 'now()' },
    });
  });

  it('definition of done: PATCH the evidence; manual: a comment evidence', async () => {
    const { calls, client } = fakeClient([]);
    await updateEvidence(client, 'e1', { definition_of_done: true, script: 'x == 1' });
    await createManualDefinitionOfDone(client, {
      hypothesisId: 'h1',
      createdBy: PERSON,
      comment: 'Error rate under 1%',
    });
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      url: '/api/db/evidences?id=eq.e1',
      body: { definition_of_done: true, script: 'x == 1' },
    });
    expect(calls[1]).toMatchObject({
      method: 'POST',
      url: '/api/db/evidences',
      body: {
        hypothesis_id: 'h1',
        type: 'comment',
        description: 'Error rate under 1%',
        created_by: PERSON,
        evidence: { comment: 'Error rate under 1%' },
        definition_of_done: true,
        done: false,
      },
    });
  });
});

describe('keys and polling', () => {
  it('every read of one incident lives under the area prefix and polls every 2 s', () => {
    const { client } = fakeClient([]);
    const prefix = incidentAreaKeys.incident('/api', ID.toUpperCase());
    for (const options of [
      incidentDetailQueries.detail(client, ID),
      incidentDetailQueries.responders(client, ID),
    ]) {
      expect(options.queryKey.slice(0, prefix.length)).toEqual([...prefix]);
      expect(options.refetchInterval).toBe(WORKSPACE_REFETCH_MS);
      expect(options.refetchIntervalInBackground).toBe(false);
    }
    expect(WORKSPACE_REFETCH_MS).toBeLessThanOrEqual(2000);
    // The change log follows the detail read (ChangelogSection) and polls slowly by itself.
    const history = incidentDetailQueries.history(client, ID);
    expect(history.queryKey.slice(0, prefix.length)).toEqual([...prefix]);
    expect(history.refetchInterval).toBe(HISTORY_REFETCH_MS);
    expect(history.refetchIntervalInBackground).toBe(false);
  });
});
