import { describe, expect, it } from 'vitest';
import {
  REFRESH_OPTIONS,
  effectiveRefreshOption,
  isRefreshOptionDisabled,
  parseRefreshInterval,
  refreshIntervalMs,
  refreshOptionLabel,
  type RefreshOption,
} from './refresh-options';

const HOUR = 3_600_000;
const disabledAt = (rangeMs?: number) =>
  REFRESH_OPTIONS.filter((option) => isRefreshOptionDisabled(option, rangeMs));

describe('refresh options', () => {
  it('offers the spec intervals', () => {
    expect(REFRESH_OPTIONS).toEqual(['none', '15s', '30s', '60s', '2m', '3m', '5m', '10m', '15m']);
    expect(REFRESH_OPTIONS.map(refreshIntervalMs)).toEqual([
      null,
      15_000,
      30_000,
      60_000,
      120_000,
      180_000,
      300_000,
      600_000,
      900_000,
    ]);
    expect(refreshOptionLabel('none')).toBe('Off');
    expect(refreshOptionLabel('2m')).toBe('2m');
  });

  it('disables 15s and 30s from 1 hour, and 2m and 3m from 3 hours', () => {
    expect(disabledAt(undefined)).toEqual([]);
    expect(disabledAt(HOUR - 1)).toEqual([]);
    expect(disabledAt(HOUR)).toEqual(['15s', '30s']);
    expect(disabledAt(3 * HOUR - 1)).toEqual(['15s', '30s']);
    expect(disabledAt(3 * HOUR)).toEqual(['15s', '30s', '2m', '3m']);
    expect(disabledAt(5 * 365 * 24 * HOUR)).toEqual(['15s', '30s', '2m', '3m']);
  });

  it('applies the next longer allowed interval when the range disables the choice', () => {
    const cases: [RefreshOption, number, RefreshOption][] = [
      ['15s', 15 * 60_000, '15s'],
      ['15s', HOUR, '60s'],
      ['30s', 24 * HOUR, '60s'],
      ['2m', HOUR, '2m'],
      ['2m', 3 * HOUR, '5m'],
      ['3m', 6 * HOUR, '5m'],
      ['none', 6 * HOUR, 'none'],
      ['10m', 6 * HOUR, '10m'],
    ];
    for (const [option, rangeMs, expected] of cases) {
      expect(effectiveRefreshOption(option, rangeMs)).toBe(expected);
    }
  });

  it('parses refresh rates in s, m, h, d and w', () => {
    expect(parseRefreshInterval('90s')).toBe(90_000);
    expect(parseRefreshInterval('2m')).toBe(120_000);
    expect(parseRefreshInterval('1h')).toBe(HOUR);
    expect(parseRefreshInterval('1d')).toBe(24 * HOUR);
    expect(parseRefreshInterval('1w')).toBe(7 * 24 * HOUR);
    for (const bad of ['', 'none', '0s', '5ms', '1M', '1y', '-1s', '1.5m', 'abc']) {
      expect(parseRefreshInterval(bad)).toBeUndefined();
    }
  });
});
