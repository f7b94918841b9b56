import { describe, expect, it } from 'vitest';
import {
  DURATION_ALL,
  DURATION_CUSTOM,
  historyPageCount,
  minDurationFor,
  parseDurationFilter,
} from './check-history-filters';

describe('parseDurationFilter', () => {
  it('accepts milliseconds and seconds only', () => {
    expect(parseDurationFilter('250ms')).toBe(250);
    expect(parseDurationFilter('2s')).toBe(2000);
    expect(parseDurationFilter(' 1.5s ')).toBe(1500);
    expect(parseDurationFilter('0ms')).toBe(0);
  });

  it('rejects other units and free text', () => {
    for (const text of ['1m', '1h', 'abc', '250', '', 's', '-5ms', '1 s', '2S', '1e3ms']) {
      expect(parseDurationFilter(text)).toBeUndefined();
    }
  });
});

describe('minDurationFor', () => {
  it('maps the select choice to milliseconds', () => {
    expect(minDurationFor(DURATION_ALL, 999)).toBeUndefined();
    expect(minDurationFor('100ms', undefined)).toBe(100);
    expect(minDurationFor('30s', undefined)).toBe(30_000);
    expect(minDurationFor(DURATION_CUSTOM, 250)).toBe(250);
    expect(minDurationFor(DURATION_CUSTOM, undefined)).toBeUndefined();
  });
});

describe('historyPageCount', () => {
  it('uses the counted total', () => {
    expect(historyPageCount(120, 0, 50, 50)).toBe(3);
    expect(historyPageCount(0, 0, 50, 0)).toBe(1);
  });

  it('allows one more page while pages are full when the total is unknown', () => {
    expect(historyPageCount(undefined, 0, 50, 50)).toBe(2);
    expect(historyPageCount(undefined, 3, 50, 12)).toBe(4);
  });
});
