import { describe, expect, it } from 'vitest';
import type { IncidentHistoryRow, ResponderRow, TeamOption } from '../../../api/incident-detail';
import type { IncidentDetail } from '../../../api/incident-model';
import {
  TEXTS,
  defaultDodScript,
  definitionOfDone,
  evidencesOutsideDefinitionOfDone,
  formatDuration,
  historyText,
  integrationOptions,
  linkedComponentIds,
  responderLink,
  responderProperties,
  responderTimeline,
  rootHypothesisId,
  teamResponderDefaults,
  teamResponderTypes,
  timeToAcknowledge,
  validateResponderFields,
} from './workspace-model';

const INCIDENT: IncidentDetail = {
  id: 'i1',
  title: 'Checkout errors',
  hypotheses: [
    {
      id: 'h2',
      incident_id: 'i1',
      parent_id: 'h1',
      type: 'factor',
      title: 'Bad deploy',
      evidences: [
        {
          id: 'e2',
          hypothesis_id: 'h2',
          type: 'topology',
          component_id: 'c1',
          created_at: '2026-01-01T00:02:00Z',
        },
        {
          id: 'e3',
          hypothesis_id: 'h2',
          type: 'check',
          check_id: 'k1',
          definition_of_done: true,
          created_at: '2026-01-01T00:01:00Z',
        },
      ],
    },
    {
      id: 'h1',
      incident_id: 'i1',
      type: 'root',
      title: 'Checkout errors',
      evidences: [
        {
          id: 'e1',
          hypothesis_id: 'h1',
          type: 'config',
          component_id: 'c1',
          description: 'values.yaml',
        },
        { id: 'e4', hypothesis_id: 'h1', type: 'topology', component_id: 'c2' },
      ],
    },
  ],
};

const RESPONDER: ResponderRow = {
  id: 'r1',
  incident_id: 'i1',
  type: 'jira',
  external_id: 'OPS-12',
  properties: { responderType: 'jira' },
  created_at: '2026-01-01T10:00:00Z',
  acknowledged: '2026-01-01T10:05:30Z',
  team: {
    id: 't1',
    name: 'SRE',
    spec: { responder_clients: { jira: { linkUrl: 'https://jira.example.com/browse/${ID}' } } },
  },
};

describe('evidence of the incident', () => {
  it('splits the definition of done from the rest and finds the root hypothesis', () => {
    expect(definitionOfDone(INCIDENT).map((e) => e.id)).toEqual(['e3']);
    expect(evidencesOutsideDefinitionOfDone(INCIDENT).map((e) => e.id)).toEqual(['e2', 'e1', 'e4']);
    expect(definitionOfDone(INCIDENT)[0]?.hypothesisTitle).toBe('Bad deploy');
    expect(rootHypothesisId(INCIDENT)).toBe('h1');
    expect(rootHypothesisId({ id: 'x', title: 'x', hypotheses: [] })).toBeUndefined();
  });

  it('lists each linked component once', () => {
    expect(linkedComponentIds(INCIDENT)).toEqual(['c1', 'c2']);
  });

  it('defaults the script by subject (spec doc 2 §5)', () => {
    expect(defaultDodScript({ id: 'a', hypothesis_id: 'h', type: 'check', check_id: 'k' })).toBe(
      'check.status == "healthy" && duration(check.age) > duration("5m")',
    );
    expect(defaultDodScript({ id: 'a', hypothesis_id: 'h', type: 'config_analysis' })).toBe(
      'analysis.status == "resolved"',
    );
    expect(defaultDodScript({ id: 'a', hypothesis_id: 'h', type: 'topology' })).toBe(
      'component.status == "healthy"',
    );
    expect(defaultDodScript({ id: 'a', hypothesis_id: 'h', type: 'comment' })).toBe('');
  });
});

describe('responder timeline', () => {
  it('marks the first missing step current and the rest pending', () => {
    expect(responderTimeline(RESPONDER).map((s) => [s.label, s.state])).toEqual([
      ['Created', 'done'],
      ['Acknowledged', 'done'],
      ['Resolved', 'current'],
      ['Closed', 'pending'],
    ]);
    expect(
      responderTimeline({ ...RESPONDER, acknowledged: null, resolved: '2026-01-02T00:00:00Z' }).map(
        (s) => s.state,
      ),
    ).toEqual(['done', 'current', 'done', 'pending']);
  });

  it('times the acknowledgement only once acknowledged', () => {
    expect(timeToAcknowledge(RESPONDER)).toBe(330_000);
    expect(formatDuration(330_000)).toBe('5m 30s');
    expect(formatDuration(3_900_000)).toBe('1h 5m');
    expect(timeToAcknowledge({ ...RESPONDER, acknowledged: null })).toBeUndefined();
  });

  it('links to the external ticket through the team client linkUrl', () => {
    expect(responderLink(RESPONDER)).toBe('https://jira.example.com/browse/OPS-12');
    expect(responderLink({ ...RESPONDER, external_id: null })).toBeUndefined();
    const unsafe: ResponderRow = {
      ...RESPONDER,
      team: {
        id: 't',
        name: 't',
        spec: { responder_clients: { jira: { linkUrl: 'javascript:${ID}' } } },
      },
    };
    expect(responderLink(unsafe)).toBeUndefined();
  });
});

describe('add-responder wizard', () => {
  const team: TeamOption = {
    id: 't1',
    name: 'SRE',
    spec: {
      responder_clients: {
        ms_planner: { defaults: { priority: 'urgent' } },
        email: { values: { to: 'sre@example.com' } },
        jira: null,
      },
    },
  };

  it('offers the configured client types in the spec order and fills defaults', () => {
    expect(teamResponderTypes(team)).toEqual(['email', 'ms_planner']);
    expect(teamResponderTypes({ id: 'x', name: 'x', spec: {} })).toEqual([]);
    expect(teamResponderDefaults(team, 'ms_planner')).toEqual({ priority: 'urgent' });
    expect(teamResponderDefaults(team, 'email')).toEqual({ to: 'sre@example.com' });
  });

  it('requires every field of the type with "Please provide valid value"', () => {
    expect(validateResponderFields('jira', { project: 'OPS', summary: ' ' })).toEqual({
      issueType: TEXTS.invalidValue,
      priority: TEXTS.invalidValue,
      summary: TEXTS.invalidValue,
      description: TEXTS.invalidValue,
    });
    expect(validateResponderFields('email', { to: 'nope', subject: 's', body: 'b' })).toEqual({
      to: TEXTS.invalidValue,
    });
    expect(
      validateResponderFields('vmware', {
        product: 'p',
        category: 'c',
        description: 'd',
        body: 'b',
      }),
    ).toEqual({});
    expect(
      responderProperties('ca', { category: ' Net ', description: 'd', body: 'b', x: 'y' }),
    ).toEqual({ responderType: 'ca', category: 'Net', description: 'd', body: 'b' });
  });

  it('reads Jira / Planner options from the instance config, keyed by parent where nested', () => {
    const config = {
      analysis: {
        data: {
          projects: [{ key: 'OPS', name: 'Operations' }],
          issueTypes: { OPS: ['Incident', 'Bug'] },
          priorities: [{ id: '1', name: 'Highest' }],
        },
      },
    };
    expect(integrationOptions(config, 'projects')).toEqual([{ value: 'OPS', label: 'Operations' }]);
    expect(integrationOptions(config, 'issueTypes', 'OPS')).toEqual([
      { value: 'Incident', label: 'Incident' },
      { value: 'Bug', label: 'Bug' },
    ]);
    expect(integrationOptions(config, 'priorities')).toEqual([{ value: '1', label: 'Highest' }]);
    expect(integrationOptions(undefined, 'plans')).toEqual([]);
  });
});

describe('change log sentences', () => {
  const base: IncidentHistoryRow = { id: 'x', created_by: { id: 'p', name: 'Ada' } };
  it('writes every event type of spec doc 2 §4 readably', () => {
    const cases: [IncidentHistoryRow, string][] = [
      [{ ...base, type: 'incident.created' }, 'created the incident'],
      [
        { ...base, type: 'incident.status_updated', description: 'mitigated' },
        'changed the status to Mitigated',
      ],
      [
        {
          ...base,
          type: 'responder.created',
          responder: { id: 'r', team: { id: 't', name: 'SRE' } },
        },
        'added SRE as a responder',
      ],
      [
        {
          ...base,
          type: 'evidence.created',
          evidence: {
            id: 'e',
            type: 'check',
            description: 'api 5xx',
            checks: { id: 'k', name: 'api-health' },
          },
        },
        'added check evidence "api 5xx" (api-health)',
      ],
      [
        {
          ...base,
          type: 'evidence.done_definition_added',
          evidence: { id: 'e', type: 'comment', description: 'Rate < 1%' },
        },
        'added comment evidence "Rate < 1%" to the definition of done',
      ],
      [
        {
          ...base,
          type: 'responder.commented',
          comment: { id: 'c', comment: '@[Farid Haddad](user:59660357) rolling back' },
        },
        'commented "@Farid Haddad rolling back"',
      ],
      [
        { ...base, type: 'hypothesis.created', hypothesis: { id: 'h', title: 'Bad deploy' } },
        'created the hypothesis "Bad deploy"',
      ],
      [
        {
          ...base,
          type: 'hypothesis.status_updated',
          description: 'proven',
          hypothesis: { id: 'h', title: '' },
        },
        'marked the hypothesis (no title) as Proven',
      ],
      [{ ...base, type: 'something.else', description: 'x' }, 'something.else: x'],
    ];
    for (const [entry, text] of cases) expect(historyText(entry)).toBe(text);
  });
});
