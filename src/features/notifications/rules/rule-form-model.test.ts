import { describe, expect, it } from 'vitest';
import type { NotificationRule } from '../../../api/notifications';
import {
  EVENTS_REQUIRED,
  PROPERTIES_INVALID,
  RECIPIENT_REQUIRED,
  SERVICE_CONNECTION_REQUIRED,
  draftFromRule,
  emptyDraft,
  isRuleEditable,
  ruleWriteOf,
  validateRule,
  type RuleDraft,
} from './rule-form-model';

const MIN = 60_000_000_000;

function draft(patch: Partial<RuleDraft> = {}): RuleDraft {
  return {
    ...emptyDraft(),
    name: 'check-alerts',
    events: ['check.failed'],
    personId: 'p1',
    ...patch,
  };
}

describe('notification rule form', () => {
  it('needs a name, at least one event and a recipient', () => {
    const errors = validateRule(emptyDraft());
    expect(errors.name).toBe('This field is required');
    expect(errors.events).toBe(EVENTS_REQUIRED);
    expect(errors.recipients).toBe(RECIPIENT_REQUIRED);
    expect(validateRule(draft())).toEqual({});
    expect(validateRule(draft({ name: 'bad name!' })).name).toBeDefined();
  });

  it('checks durations against the 1 minute minimum', () => {
    const errors = validateRule(draft({ repeatInterval: '30s', waitFor: '10s' }));
    expect(errors.repeatInterval).toBe('Duration must be greater than 1 minute');
    expect(errors.waitFor).toBe('Duration must be greater than 1 minute');
    expect(validateRule(draft({ repeatInterval: '1m', waitFor: '5m' }))).toEqual({});
  });

  it('needs a connection for each custom service and a JSON object for properties', () => {
    expect(validateRule(draft({ recipient: 'others' })).recipients).toBe(RECIPIENT_REQUIRED);
    expect(
      validateRule(draft({ recipient: 'others', services: [{ name: 'x', connection: '' }] }))
        .recipients,
    ).toBe(SERVICE_CONNECTION_REQUIRED);
    expect(validateRule(draft({ properties: '[1]' })).properties).toBe(PROPERTIES_INVALID);
    expect(validateRule(draft({ properties: '{' })).properties).toBe(PROPERTIES_INVALID);
    expect(validateRule(draft({ properties: '{"a":"b"}' })).properties).toBeUndefined();
  });

  it('writes only the chosen recipient, the interval as text and wait-for in nanoseconds', () => {
    const body = ruleWriteOf(
      draft({
        recipient: 'others',
        personId: 'p1',
        teamId: 't1',
        services: [{ name: ' hook ', connection: 'connection://default/hook' }],
        repeatInterval: '240m',
        waitFor: '5m',
        templateMode: 'default',
        template: 'ignored',
        properties: '{"a": "b", "n": 1}',
      }),
    );
    expect(body).toMatchObject({
      person_id: null,
      team_id: null,
      custom_services: [{ name: 'hook', connection: 'connection://default/hook' }],
      repeat_interval: '4h',
      wait_for: 5 * MIN,
      template: null,
      properties: { a: 'b', n: '1' },
    });
    const team = ruleWriteOf(draft({ recipient: 'team', teamId: 't1', repeatInterval: '' }));
    expect(team).toMatchObject({ person_id: null, team_id: 't1', custom_services: null });
    expect(team.repeat_interval).toBeNull();
    expect(team.wait_for).toBeNull();
  });

  it('reads a stored rule back into the same draft', () => {
    const rule = {
      id: 'r1',
      name: 'pager',
      namespace: 'default',
      title: 'T',
      events: ['check.failed'],
      filter: "check.type == 'http'",
      template: 'custom body',
      properties: { a: 'b' },
      person_id: null,
      team_id: 't1',
      custom_services: null,
      repeat_interval: '30m',
      wait_for: 5 * MIN,
      source: 'UI',
      error: null,
      created_at: '',
      updated_at: '',
      created_by: null,
      person: null,
      team: null,
    } satisfies NotificationRule;
    const back = draftFromRule(rule);
    expect(back).toMatchObject({
      recipient: 'team',
      teamId: 't1',
      repeatInterval: '30m',
      waitFor: '5m',
      templateMode: 'custom',
    });
    expect(ruleWriteOf(back)).toMatchObject({
      team_id: 't1',
      repeat_interval: '30m',
      wait_for: 5 * MIN,
      template: 'custom body',
      properties: { a: 'b' },
    });
  });

  it('is editable only when the source is UI or empty', () => {
    expect(isRuleEditable('UI')).toBe(true);
    expect(isRuleEditable(null)).toBe(true);
    expect(isRuleEditable('')).toBe(true);
    expect(isRuleEditable('KubernetesCRD')).toBe(false);
  });
});
