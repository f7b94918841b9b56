import { describe, expect, it } from 'vitest';
import {
  DURATION_PRESETS,
  DURATION_TOO_SHORT,
  NANOS_PER_MINUTE,
  durationError,
  formatNanos,
  normalizeDurationText,
  parseDuration,
} from './notifications-duration';

const MIN = NANOS_PER_MINUTE;
const HOUR = 60 * MIN;

describe('notification durations (nanoseconds)', () => {
  it('parses Go-style texts with d, w and y', () => {
    expect(parseDuration('5m')).toBe(5 * MIN);
    expect(parseDuration('1h30m')).toBe(90 * MIN);
    expect(parseDuration('1.5h')).toBe(90 * MIN);
    expect(parseDuration('90s')).toBe(90 * 1e9);
    expect(parseDuration('2d')).toBe(48 * HOUR);
    expect(parseDuration('1w')).toBe(7 * 24 * HOUR);
    expect(parseDuration(' 4H ')).toBe(4 * HOUR);
    expect(parseDuration('500ms')).toBe(500 * 1e6);
    // A bare number is minutes.
    expect(parseDuration('10')).toBe(10 * MIN);
  });

  it('rejects malformed and negative texts', () => {
    for (const text of ['', 'abc', '5x', '-5m', '5m x', 'm', '1h-2m']) {
      expect(parseDuration(text), text).toBeUndefined();
    }
    expect(parseDuration(null)).toBeUndefined();
  });

  it('formats nanoseconds as the shortest text', () => {
    expect(formatNanos(5 * MIN)).toBe('5m');
    expect(formatNanos(90 * MIN)).toBe('1h30m');
    expect(formatNanos(7 * 24 * HOUR)).toBe('7d');
    expect(formatNanos(36 * HOUR)).toBe('1d12h');
    expect(formatNanos(1500 * 1e6)).toBe('1s500ms');
    expect(formatNanos(0)).toBe('');
    expect(formatNanos(null)).toBe('');
    expect(formatNanos(-5)).toBe('');
  });

  it('round-trips every preset', () => {
    for (const preset of DURATION_PRESETS) {
      expect(formatNanos(parseDuration(preset))).toBe(preset);
    }
    expect(normalizeDurationText('240m')).toBe('4h');
    expect(normalizeDurationText('weird')).toBe('weird');
  });

  it("gives 'Duration must be greater than 1 minute' under a minute", () => {
    expect(durationError('30s')).toBe(DURATION_TOO_SHORT);
    expect(durationError('59s', true)).toBe(DURATION_TOO_SHORT);
    expect(durationError('1m')).toBeUndefined();
    expect(durationError('')).toBeUndefined();
    expect(durationError('', true)).toBe('This field is required');
    expect(durationError('soon')).toMatch(/Enter a duration/);
    expect(durationError('100y')).toMatch(/Enter a duration/);
  });
});
