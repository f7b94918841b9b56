import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import {
  createIncident,
  NEW_INCIDENT_MESSAGES,
  newIncidentForm,
  validateNewIncident,
  type NewIncidentForm,
} from './incident-create';

const ME = '9f1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';
const INCIDENT = '018f0a3e-1111-7000-8000-000000000001';
const HYPOTHESIS = '018f0a3e-2222-7000-8000-000000000002';
const CONFIG = '018f0a3e-3333-7000-8000-000000000003';
const COMPONENT = '018f0a3e-4444-7000-8000-000000000004';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A client over a fake fetch that answers each request with the next response. */
function fakeClient(...responses: { status?: number; body?: unknown }[]) {
  const calls: Call[] = [];
  let index = 0;
  const fetch = vi.fn<typeof globalThis.fetch>((input, init) => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    });
    const response = responses[Math.min(index, responses.length - 1)] ?? {};
    index += 1;
    return Promise.resolve(
      new Response(JSON.stringify(response.body ?? []), {
        status: response.status ?? 201,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  return { calls, client: createApiClient({ baseUrl: '/api', fetch }) };
}

const form: NewIncidentForm = {
  title: '  Checkout is slow  ',
  description: ' p95 over 2 s ',
  severity: 'high',
  type: 'performance',
  status: 'open',
};

const incidentRow = { id: INCIDENT, incident_id: 'INC-42', title: 'Checkout is slow' };
const hypothesisRow = { id: HYPOTHESIS, incident_id: INCIDENT, type: 'root', title: 'x' };

describe('newIncidentForm and validateNewIncident', () => {
  it('starts with the spec defaults: availability, low, open', () => {
    expect(newIncidentForm()).toEqual({
      title: '',
      description: '',
      type: 'availability',
      severity: 'low',
      status: 'open',
    });
  });

  it('asks for a title, a severity, a type and a status, each by field', () => {
    expect(
      validateNewIncident({ title: '  ', description: '', severity: '', type: '', status: '' }),
    ).toEqual({
      title: NEW_INCIDENT_MESSAGES.titleRequired,
      severity: NEW_INCIDENT_MESSAGES.severityRequired,
      type: NEW_INCIDENT_MESSAGES.typeRequired,
      status: NEW_INCIDENT_MESSAGES.statusRequired,
    });
    expect(validateNewIncident(form)).toEqual({});
  });

  it('accepts only the enum values and bounded texts', () => {
    const bad = {
      ...form,
      title: 'x'.repeat(501),
      description: 'y'.repeat(10_001),
      severity: 'info',
      type: 'outage',
      status: 'done',
    } as unknown as NewIncidentForm;
    expect(validateNewIncident(bad)).toEqual({
      title: NEW_INCIDENT_MESSAGES.titleTooLong,
      description: NEW_INCIDENT_MESSAGES.descriptionTooLong,
      severity: NEW_INCIDENT_MESSAGES.severityInvalid,
      type: NEW_INCIDENT_MESSAGES.typeInvalid,
      status: NEW_INCIDENT_MESSAGES.statusInvalid,
    });
  });
});

describe('createIncident', () => {
  it('posts the incident, then its root hypothesis (postgrest.md §8.5 create)', async () => {
    const { calls, client } = fakeClient({ body: [incidentRow] }, { body: [hypothesisRow] });
    const result = await createIncident(client, { form, userId: ME });
    expect(result).toEqual({ incident: incidentRow, hypothesis: hypothesisRow });
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/db/incidents?select=*' });
    expect(calls[0]?.headers.Prefer).toBe('return=representation');
    expect(calls[0]?.body).toEqual({
      title: 'Checkout is slow',
      description: 'p95 over 2 s',
      severity: 'high',
      type: 'performance',
      status: 'open',
      created_at: 'now()',
      updated_at: 'now()',
      created_by: ME,
      commander_id: ME,
      communicator_id: ME,
    });
    expect(calls[1]).toMatchObject({ method: 'POST', url: '/api/db/hypotheses' });
    expect(calls[1]?.headers.Prefer).toBe('return=representation');
    expect(calls[1]?.body).toEqual({
      created_by: ME,
      incident_id: INCIDENT,
      type: 'root',
      title: 'Checkout is slow',
      status: 'possible',
    });
  });

  it('launched from a config, adds a config evidence with the lines', async () => {
    const evidenceRow = { id: 'e1', type: 'config' };
    const { calls, client } = fakeClient(
      { body: [incidentRow] },
      { body: [hypothesisRow] },
      { body: [evidenceRow] },
    );
    const result = await createIncident(client, {
      form,
      userId: ME,
      subject: {
        kind: 'config',
        configId: CONFIG,
        lines: ['spec:', '  replicas: 1'],
        selectedLines: { '1': '  replicas: 1' },
        description: ' Deployment api ',
      },
    });
    expect(result.evidence).toEqual(evidenceRow);
    expect(calls[2]).toMatchObject({ method: 'POST', url: '/api/db/evidences' });
    expect(calls[2]?.body).toEqual({
      hypothesis_id: HYPOTHESIS,
      type: 'config',
      description: 'Deployment api',
      created_by: ME,
      config_id: CONFIG,
      evidence: { lines: ['spec:', '  replicas: 1'], selected_lines: { '1': '  replicas: 1' } },
    });
  });

  it('launched from a component, adds a topology evidence', async () => {
    const { calls, client } = fakeClient(
      { body: [incidentRow] },
      { body: [hypothesisRow] },
      { body: [{ id: 'e2' }] },
    );
    await createIncident(client, {
      form,
      userId: ME,
      subject: { kind: 'component', componentId: COMPONENT, description: 'api is unhealthy' },
    });
    expect(calls[2]?.body).toEqual({
      hypothesis_id: HYPOTHESIS,
      type: 'topology',
      description: 'api is unhealthy',
      created_by: ME,
      component_id: COMPONENT,
    });
  });

  it('launched from a check, adds a check evidence with its history window', async () => {
    const { calls, client } = fakeClient(
      { body: [incidentRow] },
      { body: [hypothesisRow] },
      { body: [{ id: 'e3' }] },
    );
    const check = '0190aaaa-0000-7000-8000-00000000c4ec';
    await createIncident(client, {
      form,
      userId: ME,
      subject: { kind: 'check', checkId: check, start: '6h', description: 'Health check api' },
    });
    expect(calls[2]?.body).toEqual({
      hypothesis_id: HYPOTHESIS,
      type: 'check',
      description: 'Health check api',
      created_by: ME,
      check_id: check,
      evidence: { check_id: check, includeMessages: true, start: '6h' },
    });
  });

  it('throws when the incident is refused and sends nothing after it', async () => {
    const { calls, client } = fakeClient({
      status: 403,
      body: { message: 'permission denied for table incidents' },
    });
    await expect(createIncident(client, { form, userId: ME })).rejects.toThrow(
      'permission denied for table incidents',
    );
    expect(calls).toHaveLength(1);
  });

  it('hands back the incident when a later step fails (logged, no user message)', async () => {
    const { calls, client } = fakeClient(
      { body: [incidentRow] },
      { status: 400, body: { message: 'bad hypothesis' } },
    );
    const result = await createIncident(client, {
      form,
      userId: ME,
      subject: { kind: 'component', componentId: COMPONENT, description: 'x' },
    });
    expect(result.incident).toEqual(incidentRow);
    expect(result.hypothesis).toBeUndefined();
    expect(String(result.followUpError)).toContain('bad hypothesis');
    expect(calls).toHaveLength(2);
  });
});
