import { describe, expect, it } from 'vitest';
import { checkIdAttribute, checkTimeRangeAttribute } from './check-detail-attributes';
import { checkDetailLink, healthStatusOf } from './check-detail';

describe('checkIdAttribute', () => {
  const spec = checkIdAttribute();
  it('requires an id-like value and blocks otherwise', () => {
    expect(spec.blocking).toBe(true);
    expect(spec.parse(' 0b5e9a52-0001 ')).toEqual({ value: '0b5e9a52-0001' });
    expect(spec.parse(null).problem).toContain('is required');
    expect(spec.parse('  ').problem).toContain('is required');
    expect(spec.parse('a b').problem).toBe('"a b" is not a check id (letters, digits, - _ . :).');
  });
});

describe('checkTimeRangeAttribute', () => {
  const spec = checkTimeRangeAttribute();
  it('accepts relative keys, leaves the default to the widget, and reports bad values', () => {
    expect(spec.parse('6mo')).toEqual({ value: '6mo' });
    expect(spec.parse('2M')).toEqual({ value: '2M' });
    expect(spec.parse(null)).toEqual({ value: undefined });
    expect(spec.parse('yesterday')).toMatchObject({
      value: undefined,
      problem: expect.stringContaining('relative time range'),
    });
    expect(spec.blocking).toBe(false);
  });
});

describe('healthStatusOf', () => {
  it('follows the summary rule: healthy passes, any other status fails, none is unknown', () => {
    expect(healthStatusOf('healthy')).toBe('healthy');
    expect(healthStatusOf('unhealthy')).toBe('unhealthy');
    expect(healthStatusOf('warning')).toBe('unhealthy');
    expect(healthStatusOf(undefined)).toBe('unknown');
  });
});

describe('checkDetailLink', () => {
  it('opens the check on the console dashboard with its range', () => {
    expect(checkDetailLink('https://vigil.example.com/', 'a b', '1h')).toBe(
      'https://vigil.example.com/health?checkId=a+b&timeRange=1h',
    );
    expect(checkDetailLink('https://vigil.example.com/ops', 'c1', '6mo')).toBe(
      'https://vigil.example.com/ops/health?checkId=c1&timeRange=6mo',
    );
  });
});
