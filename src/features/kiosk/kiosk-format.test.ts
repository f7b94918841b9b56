import { describe, expect, it } from 'vitest';
import { formatCountdown, formatUpdatedAgo } from './kiosk-format';

describe('kiosk texts', () => {
  it('formats countdowns in seconds, minutes and hours, rounding up', () => {
    expect(formatCountdown(-500)).toBe('0s');
    expect(formatCountdown(0)).toBe('0s');
    expect(formatCountdown(1)).toBe('1s');
    expect(formatCountdown(29_001)).toBe('30s');
    expect(formatCountdown(59_000)).toBe('59s');
    expect(formatCountdown(65_000)).toBe('1m 05s');
    expect(formatCountdown(3_600_000 + 2 * 60_000)).toBe('1h 02m');
  });

  it('says how old the data is', () => {
    const now = 1_700_000_000_000;
    expect(formatUpdatedAgo(now - 2_000, now)).toBe('just now');
    expect(formatUpdatedAgo(now - 12_000, now)).toBe('12s ago');
    expect(formatUpdatedAgo(now - 4 * 60_000, now)).toBe('4m ago');
    expect(formatUpdatedAgo(now - 3 * 3_600_000, now)).toBe('3h ago');
  });
});
