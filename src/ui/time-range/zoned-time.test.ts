import { describe, expect, it } from 'vitest';
import {
  addMonths,
  formatWallClock,
  fromWallClock,
  isValidTimeZone,
  parseWallClock,
  startOfWeekDate,
  timeZoneAbbreviation,
  toWallClock,
} from './zoned-time';

const wall = (text: string) => {
  const [date = '', time = '00:00'] = text.split(' ');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return {
    year: year!,
    month: month!,
    day: day!,
    hour: hour!,
    minute: minute!,
    second: 0,
    millisecond: 0,
  };
};

describe('zoned time', () => {
  it('reads and writes wall clocks in a zone', () => {
    const instant = Date.parse('2024-07-01T12:34:56.789Z');
    expect(toWallClock(instant, 'America/New_York')).toEqual({
      year: 2024,
      month: 7,
      day: 1,
      hour: 8,
      minute: 34,
      second: 56,
      millisecond: 789,
    });
    expect(fromWallClock(toWallClock(instant, 'America/New_York'), 'America/New_York')).toBe(
      instant,
    );
  });

  it('moves a time in the spring-forward gap past the gap', () => {
    // 02:30 does not exist in Berlin on 31 March 2024; clocks read 03:30 CEST.
    expect(new Date(fromWallClock(wall('2024-03-31 02:30'), 'Europe/Berlin')).toISOString()).toBe(
      '2024-03-31T01:30:00.000Z',
    );
  });

  it('takes the earlier instant in the autumn overlap', () => {
    expect(new Date(fromWallClock(wall('2024-10-27 02:30'), 'Europe/Berlin')).toISOString()).toBe(
      '2024-10-27T00:30:00.000Z',
    );
  });

  it('rolls overflowing fields over', () => {
    expect(new Date(fromWallClock(wall('2024-01-32 00:00'), 'UTC')).toISOString()).toBe(
      '2024-02-01T00:00:00.000Z',
    );
  });

  it('parses typed dates in the zone and rejects impossible ones', () => {
    expect(parseWallClock('2024-01-31 09:00', 'Europe/Berlin')).toBe(
      Date.parse('2024-01-31T08:00:00Z'),
    );
    expect(parseWallClock('2024-01-31T09:00:30', 'UTC')).toBe(Date.parse('2024-01-31T09:00:30Z'));
    expect(parseWallClock('2024-01-31', 'UTC')).toBe(Date.parse('2024-01-31T00:00:00Z'));
    for (const bad of [
      '',
      '2024-02-30 00:00',
      '2024-13-01',
      '2024-01-01 24:00',
      '31/01/2024',
      'x',
    ]) {
      expect(parseWallClock(bad, 'UTC')).toBeUndefined();
    }
  });

  it('formats with seconds only when there are some', () => {
    const zone = 'Asia/Kolkata';
    expect(formatWallClock(Date.parse('2024-01-31T03:30:00Z'), zone)).toBe('2024-01-31 09:00');
    expect(formatWallClock(Date.parse('2024-01-31T03:30:05Z'), zone)).toBe('2024-01-31 09:00:05');
    const text = formatWallClock(Date.parse('2024-01-31T03:30:05.120Z'), zone);
    expect(text).toBe('2024-01-31 09:00:05.120');
    expect(parseWallClock(text, zone)).toBe(Date.parse('2024-01-31T03:30:05.120Z'));
  });

  it('does calendar arithmetic on plain dates', () => {
    expect(addMonths({ year: 2024, month: 1, day: 31 }, 1)).toEqual({
      year: 2024,
      month: 2,
      day: 29,
    });
    expect(addMonths({ year: 2024, month: 1, day: 15 }, -1)).toEqual({
      year: 2023,
      month: 12,
      day: 15,
    });
    // Sunday 3 March 2024.
    expect(startOfWeekDate({ year: 2024, month: 3, day: 3 }, 1)).toEqual({
      year: 2024,
      month: 2,
      day: 26,
    });
    expect(startOfWeekDate({ year: 2024, month: 3, day: 3 }, 0)).toEqual({
      year: 2024,
      month: 3,
      day: 3,
    });
  });

  it('names zones', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(
      timeZoneAbbreviation(Date.parse('2024-01-15T00:00:00Z'), 'America/New_York', 'en-US'),
    ).toBe('EST');
    expect(
      timeZoneAbbreviation(Date.parse('2024-07-15T00:00:00Z'), 'America/New_York', 'en-US'),
    ).toBe('EDT');
  });
});
