import { describe, expect, it } from 'vitest';
import { defaultCheckTimeRange } from './check-time-range';

const now = Date.parse('2024-10-21T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

describe('defaultCheckTimeRange', () => {
  it('chooses the range from the time since the last run (contract §5.10)', () => {
    expect(defaultCheckTimeRange(minutesAgo(5), now)).toBe('1h');
    expect(defaultCheckTimeRange(minutesAgo(60), now)).toBe('3h');
    expect(defaultCheckTimeRange(minutesAgo(359), now)).toBe('6h');
    expect(defaultCheckTimeRange(minutesAgo(1439), now)).toBe('1d');
    expect(defaultCheckTimeRange(minutesAgo(4320), now)).toBe('1w');
    expect(defaultCheckTimeRange(minutesAgo(43_199), now)).toBe('1mo');
    expect(defaultCheckTimeRange(minutesAgo(259_199), now)).toBe('6mo');
    expect(defaultCheckTimeRange(minutesAgo(1_576_799), now)).toBe('3y');
    expect(defaultCheckTimeRange(minutesAgo(2_000_000), now)).toBe('5y');
  });

  it('falls back to 1h when the last run is unknown or in the future', () => {
    expect(defaultCheckTimeRange(undefined, now)).toBe('1h');
    expect(defaultCheckTimeRange('not a date', now)).toBe('1h');
    expect(defaultCheckTimeRange(minutesAgo(-30), now)).toBe('1h');
  });
});
