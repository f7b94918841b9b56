import { describe, expect, it } from 'vitest';
import { formatDuration, formatPercent, formatUptime, uptimePercent } from './duration';

describe('formatDuration', () => {
  it('uses ms under 1000', () => {
    expect(formatDuration(0)).toBe('0ms');
    expect(formatDuration(999)).toBe('999ms');
    expect(formatDuration(12.6)).toBe('13ms');
  });
  it('uses s under 60000', () => {
    expect(formatDuration(1000)).toBe('1s');
    expect(formatDuration(1500)).toBe('1.5s');
    expect(formatDuration(59_999)).toBe('60s');
  });
  it('uses m under 3600000', () => {
    expect(formatDuration(60_000)).toBe('1m');
    expect(formatDuration(90_000)).toBe('1.5m');
  });
  it('uses h otherwise', () => {
    expect(formatDuration(3_600_000)).toBe('1h');
    expect(formatDuration(5_400_000)).toBe('1.5h');
  });
  it('shows - for missing values', () => {
    expect(formatDuration(undefined)).toBe('-');
    expect(formatDuration(Number.NaN)).toBe('-');
  });
});

describe('percentages and uptime', () => {
  it('shows one decimal', () => {
    expect(formatPercent(99.95)).toBe('100.0%');
    expect(formatPercent(50)).toBe('50.0%');
    expect(formatPercent(undefined)).toBe('-');
  });
  it('computes uptime as passed / (passed + failed)', () => {
    expect(uptimePercent(58, 2)).toBeCloseTo(96.667, 2);
    expect(uptimePercent(0, 0)).toBeUndefined();
    expect(formatUptime({ passed: 58, failed: 2 })).toBe('96.7%');
    expect(formatUptime({ passed: 0, failed: 0 })).toBe('-');
  });
});
