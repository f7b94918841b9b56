import { describe, expect, it } from 'vitest';
import { formatAge, formatTimestamp, millisSince } from './time';

describe('time', () => {
  it('formats timestamps as YYYY-MM-DD HH:mm:ssZ', () => {
    expect(formatTimestamp('2024-10-21T10:00:00Z')).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/,
    );
    expect(formatTimestamp(undefined)).toBe('-');
    expect(formatTimestamp('not a date')).toBe('-');
  });

  it('computes ages', () => {
    const now = Date.parse('2024-10-21T12:00:00Z');
    expect(millisSince('2024-10-21T11:00:00Z', now)).toBe(3_600_000);
    expect(formatAge('2024-10-21T11:59:30Z', now)).toBe('30s');
    expect(formatAge('2024-10-21T09:00:00Z', now)).toBe('3h');
    expect(formatAge('2024-10-18T12:00:00Z', now)).toBe('3d');
  });
});
