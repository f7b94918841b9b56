import { describe, expect, it } from 'vitest';
import {
  FROM_BEFORE_UNTIL,
  draftFromSilence,
  fromLocalInput,
  newSilenceDraft,
  silenceState,
  silenceWriteOf,
  toLocalInput,
  validateSilence,
} from './silence-form-model';

const NOW = new Date(2026, 10, 25, 10, 30).getTime();

describe('silence form', () => {
  it('starts now for two hours, with a resource from the query', () => {
    const draft = newSilenceDraft('?check_id=c1', NOW);
    expect(draft).toMatchObject({ kind: 'check', resourceId: 'c1', recursive: false });
    expect(draft.from).toBe('2026-11-25T10:30');
    expect(draft.until).toBe('2026-11-25T12:30');
    expect(newSilenceDraft('', NOW)).toMatchObject({ kind: 'config', resourceId: '' });
  });

  it('round-trips datetime-local text', () => {
    expect(toLocalInput(fromLocalInput('2026-01-02T03:04')!)).toBe('2026-01-02T03:04');
    expect(fromLocalInput('yesterday')).toBeUndefined();
    expect(toLocalInput('nope')).toBe('');
  });

  it('needs a resource, both times and from before until', () => {
    const empty = { ...newSilenceDraft('', NOW), from: '', until: '' };
    expect(validateSilence(empty)).toMatchObject({
      resourceId: 'This field is required',
      from: 'This field is required',
      until: 'This field is required',
    });
    const backwards = { ...newSilenceDraft('?config_id=x', NOW), until: '2026-11-25T09:00' };
    expect(validateSilence(backwards).until).toBe(FROM_BEFORE_UNTIL);
    expect(validateSilence(newSilenceDraft('?config_id=x', NOW))).toEqual({});
    expect(
      validateSilence({ ...newSilenceDraft('?config_id=x', NOW), reason: 'x'.repeat(1001) }).reason,
    ).toBeDefined();
  });

  it('writes exactly one resource id and RFC 3339 times', () => {
    const body = silenceWriteOf({ ...newSilenceDraft('?component_id=k', NOW), reason: ' maint ' });
    expect(body).toMatchObject({
      component_id: 'k',
      config_id: null,
      check_id: null,
      canary_id: null,
      description: 'maint',
      recursive: false,
    });
    expect(body.from).toBe(new Date(NOW).toISOString());
    expect(body.until).toBe(new Date(NOW + 2 * 3_600_000).toISOString());
  });

  it('reads a stored silence and tells its state', () => {
    const silence = {
      id: 's',
      namespace: '',
      description: 'r',
      from: new Date(NOW - 1000).toISOString(),
      until: new Date(NOW + 60_000).toISOString(),
      recursive: true,
      config_id: null,
      check_id: null,
      canary_id: 'can',
      component_id: null,
      source: 'UI',
      created_by: null,
      created_at: '',
      updated_at: '',
    };
    expect(draftFromSilence(silence)).toMatchObject({
      kind: 'canary',
      resourceId: 'can',
      recursive: true,
    });
    expect(silenceState(silence, NOW)).toBe('active');
    expect(silenceState(silence, NOW + 120_000)).toBe('expired');
    expect(silenceState(silence, NOW - 5000)).toBe('upcoming');
  });
});
