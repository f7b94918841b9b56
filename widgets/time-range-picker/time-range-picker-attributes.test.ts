import { describe, expect, it } from 'vitest';
import { parseAttributes } from '../runtime/attributes';
import {
  timeRangeAttribute,
  timeRangePickerAttributes,
  timeZoneAttribute,
  weekStartsOnAttribute,
} from './time-range-picker-attributes';

describe('timeRangeAttribute', () => {
  const spec = timeRangeAttribute();
  it('reads the console URL format and falls back to the last 15 minutes', () => {
    expect(spec.parse('6h').value).toEqual({
      kind: 'relative',
      amount: 6,
      unit: 'h',
      direction: 'past',
    });
    expect(spec.parse('yesterday').value).toEqual({ kind: 'quick', key: 'yesterday' });
    expect(spec.parse('20240131T090000Z_20240131T170000Z').value).toEqual({
      kind: 'absolute',
      from: '2024-01-31T09:00:00.000Z',
      to: '2024-01-31T17:00:00.000Z',
    });
    expect(spec.parse(null)).toEqual({ value: expect.objectContaining({ amount: 15, unit: 'm' }) });
    const bad = spec.parse('soonish');
    expect(bad.value).toMatchObject({ amount: 15, unit: 'm' });
    expect(bad.problem).toMatch(/^is "soonish", not a time range/);
    expect(spec.blocking).toBe(false);
  });
});

describe('timeZoneAttribute', () => {
  const spec = timeZoneAttribute();
  it('accepts IANA zones and falls back to the reader’s zone', () => {
    expect(spec.parse('Europe/Paris')).toEqual({ value: 'Europe/Paris' });
    expect(spec.parse('UTC')).toEqual({ value: 'UTC' });
    expect(spec.parse(null)).toEqual({ value: undefined });
    expect(spec.parse('Mars/Olympus')).toMatchObject({
      value: undefined,
      problem: expect.stringContaining('IANA'),
    });
  });
});

describe('weekStartsOnAttribute', () => {
  const spec = weekStartsOnAttribute();
  it('reads monday / sunday (and 1 / 0), Monday by default', () => {
    expect(spec.parse(null).value).toBe(1);
    expect(spec.parse('sunday').value).toBe(0);
    expect(spec.parse('Monday').value).toBe(1);
    expect(spec.parse('0').value).toBe(0);
    expect(spec.parse('friday')).toMatchObject({ value: 1, problem: expect.any(String) });
  });
});

describe('timeRangePickerAttributes', () => {
  it('never blocks the picker, even for a bad api-base it does not use', () => {
    const raw: Record<string, string> = {
      value: 'x',
      'time-zone': 'Nowhere/Land',
      'week-starts-on': 'x',
      'api-base': 'javascript:alert(1)',
    };
    const { problems } = parseAttributes(timeRangePickerAttributes, (name) => raw[name] ?? null);
    expect(problems.map((problem) => problem.attribute).sort()).toEqual([
      'api-base',
      'time-zone',
      'value',
      'week-starts-on',
    ]);
    expect(problems.every((problem) => !problem.blocking)).toBe(true);
  });
});
