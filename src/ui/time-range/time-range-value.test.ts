import { afterEach, describe, expect, it, vi } from 'vitest';
import { readParams, writeParams, param } from '../../lib/url-state';
import {
  DEFAULT_TIME_RANGE,
  QUICK_RANGES,
  RELATIVE_RANGE_OPTIONS,
  absoluteRange,
  describeTimeRange,
  formatTimeRange,
  parseInstant,
  parseTimeRange,
  quickRange,
  relativeRange,
  resolveTimeRange,
  timeRangeCodec,
  timeRangeDurationMs,
  tryParseTimeRange,
  type QuickRangeKey,
  type TimeRangeValue,
} from './time-range-value';

const iso = (value: Date) => value.toISOString();

function resolveQuick(key: QuickRangeKey, now: string, timeZone: string, weekStartsOn?: 0 | 1) {
  const { from, to } = resolveTimeRange(quickRange(key), {
    now: Date.parse(now),
    timeZone,
    weekStartsOn,
  });
  return [iso(from), iso(to)];
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('time range URL format', () => {
  it('defaults to the second relative option, the last 15 minutes', () => {
    expect(formatTimeRange(DEFAULT_TIME_RANGE)).toBe(RELATIVE_RANGE_OPTIONS[1]);
    expect(formatTimeRange(DEFAULT_TIME_RANGE)).toBe('15m');
  });

  it('round-trips every relative option, past and future', () => {
    for (const option of RELATIVE_RANGE_OPTIONS) {
      const past = tryParseTimeRange(option);
      expect(past).toMatchObject({ kind: 'relative', direction: 'past' });
      expect(formatTimeRange(past!)).toBe(option);
      const future = {
        ...(past as Extract<TimeRangeValue, { kind: 'relative' }>),
        direction: 'future' as const,
      };
      expect(formatTimeRange(future)).toBe(`next-${option}`);
      expect(tryParseTimeRange(formatTimeRange(future))).toEqual(future);
    }
  });

  it('keeps months (M) and minutes (m) apart', () => {
    expect(tryParseTimeRange('6M')).toEqual(relativeRange(6, 'M'));
    expect(tryParseTimeRange('6m')).toEqual(relativeRange(6, 'm'));
    expect(tryParseTimeRange('500ms')).toEqual(relativeRange(500, 'ms'));
  });

  it('accepts the other spellings and writes the canonical one', () => {
    expect(formatTimeRange(tryParseTimeRange('now-2d')!)).toBe('2d');
    expect(formatTimeRange(tryParseTimeRange('1mo')!)).toBe('1M');
    expect(formatTimeRange(tryParseTimeRange('now+1h')!)).toBe('next-1h');
    // A literal "+" in a query string arrives as a space.
    expect(formatTimeRange(tryParseTimeRange('now 1h')!)).toBe('next-1h');
    expect(formatTimeRange(tryParseTimeRange(' 1h ')!)).toBe('1h');
  });

  it('round-trips every quick range by its key', () => {
    for (const { key } of QUICK_RANGES) {
      expect(tryParseTimeRange(key)).toEqual(quickRange(key));
      expect(formatTimeRange(quickRange(key))).toBe(key);
    }
  });

  it('writes absolute ranges as compact UTC instants and reads them back', () => {
    const value = absoluteRange('2024-01-31T23:59:00Z', '2024-02-01T08:00:00.250Z')!;
    const text = formatTimeRange(value);
    expect(text).toBe('20240131T235900Z_20240201T080000.250Z');
    expect(encodeURIComponent(text)).toBe(text);
    expect(tryParseTimeRange(text)).toEqual(value);
    expect(value.from).toBe('2024-01-31T23:59:00.000Z');
  });

  it('reads ISO 8601 with an offset and epoch milliseconds', () => {
    const value = tryParseTimeRange('2024-01-31T10:00:00+01:00_2024-01-31T12:00Z');
    expect(value).toEqual({
      kind: 'absolute',
      from: '2024-01-31T09:00:00.000Z',
      to: '2024-01-31T12:00:00.000Z',
    });
    // "+01:00" with its "+" decoded to a space.
    expect(tryParseTimeRange('2024-01-31T10:00:00 01:00_2024-01-31T12:00Z')).toEqual(value);
    expect(tryParseTimeRange('1706695200000_1706702400000')).toEqual({
      kind: 'absolute',
      from: '2024-01-31T10:00:00.000Z',
      to: '2024-01-31T12:00:00.000Z',
    });
  });

  it.each([
    '',
    '   ',
    'abc',
    '0m',
    '-5m',
    '05m',
    '1x',
    '1H',
    'Today',
    'last-15m',
    'next15m',
    '1.5h',
    '999y',
    '99999999999m',
    '20240230T000000Z_20240301T000000Z',
    '20240101T250000Z_20240102T000000Z',
    '2024-01-01T00:00_2024-01-02T00:00',
    '20240102T000000Z_20240101T000000Z',
    '20240101T000000Z_20240101T000000Z',
    '20240101T000000Z_',
    '1h_2h',
    '20240101T000000Z_20240102T000000Z_20240103T000000Z',
    '2024-01-01T00:00Z_2024-01-02T00:00+25:00',
  ])('rejects %j', (raw) => {
    expect(tryParseTimeRange(raw)).toBeUndefined();
  });

  it('falls back to the default (or the given fallback) for bad values, and logs them', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseTimeRange('nonsense')).toEqual(DEFAULT_TIME_RANGE);
    expect(warn).toHaveBeenCalledWith('Invalid relative time range', 'nonsense');
    expect(parseTimeRange('20240102T000000Z_20240101T000000Z')).toEqual(DEFAULT_TIME_RANGE);
    expect(warn).toHaveBeenLastCalledWith(
      'Invalid absolute time range',
      '20240102T000000Z_20240101T000000Z',
    );
    expect(parseTimeRange(null, relativeRange(1, 'h'))).toEqual(relativeRange(1, 'h'));
    expect(parseTimeRange('yesterday')).toEqual(quickRange('yesterday'));
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('works as a url-state codec: bad values read as the default, the default is omitted', () => {
    const schema = { timeRange: param(timeRangeCodec, DEFAULT_TIME_RANGE as TimeRangeValue) };
    expect(readParams('?timeRange=bogus', schema).timeRange).toEqual(DEFAULT_TIME_RANGE);
    expect(readParams('?timeRange=6M', schema).timeRange).toEqual(relativeRange(6, 'M'));
    expect(writeParams('', schema, { timeRange: relativeRange(15, 'm') })).toBe('');
    const absolute = absoluteRange('2024-01-01T00:00:00Z', '2024-01-02T00:00:00Z')!;
    const search = writeParams('', schema, { timeRange: absolute });
    expect(search).toBe('timeRange=20240101T000000Z_20240102T000000Z');
    expect(readParams(search, schema).timeRange).toEqual(absolute);
  });

  it('parses single instants strictly', () => {
    expect(parseInstant('20240229T120000Z')).toBe(Date.parse('2024-02-29T12:00:00Z'));
    expect(parseInstant('20230229T120000Z')).toBeUndefined();
    expect(parseInstant('2024-06-01T12:00:00-05:30')).toBe(Date.parse('2024-06-01T17:30:00Z'));
  });
});

describe('absoluteRange', () => {
  it('needs two valid instants with from strictly before to', () => {
    expect(absoluteRange(1000, 2000)).toEqual({
      kind: 'absolute',
      from: '1970-01-01T00:00:01.000Z',
      to: '1970-01-01T00:00:02.000Z',
    });
    expect(absoluteRange(2000, 1000)).toBeUndefined();
    expect(absoluteRange(1000, 1000)).toBeUndefined();
    expect(absoluteRange(Number.NaN, 1000)).toBeUndefined();
    expect(absoluteRange('garbage', '2024-01-01T00:00:00Z')).toBeUndefined();
  });
});

describe('resolveTimeRange', () => {
  const now = Date.parse('2024-03-31T10:00:00Z'); // 12:00 CEST, hours after the spring change

  it('ends past relative ranges now and starts future ones now', () => {
    expect(resolveTimeRange(relativeRange(1, 'h'), { now, timeZone: 'UTC' })).toEqual({
      from: new Date(now - 3_600_000),
      to: new Date(now),
    });
    expect(resolveTimeRange(relativeRange(15, 'm', 'future'), { now, timeZone: 'UTC' })).toEqual({
      from: new Date(now),
      to: new Date(now + 900_000),
    });
  });

  it('counts days and months on the calendar of the zone (across a DST change)', () => {
    const { from } = resolveTimeRange(relativeRange(2, 'd'), { now, timeZone: 'Europe/Berlin' });
    // 12:00 two days ago was still CET (+01:00): 47 hours, not 48.
    expect(iso(from)).toBe('2024-03-29T11:00:00.000Z');
    const sixMonths = resolveTimeRange(relativeRange(6, 'M'), { now, timeZone: 'Europe/Berlin' });
    expect(iso(sixMonths.from)).toBe('2023-09-30T10:00:00.000Z');
    // Hours are exact durations.
    expect(timeRangeDurationMs(relativeRange(24, 'h'), { now, timeZone: 'Europe/Berlin' })).toBe(
      86_400_000,
    );
  });

  it('clamps month arithmetic to the end of the month', () => {
    const { from } = resolveTimeRange(relativeRange(1, 'M'), {
      now: Date.parse('2024-03-31T12:00:00Z'),
      timeZone: 'UTC',
    });
    expect(iso(from)).toBe('2024-02-29T12:00:00.000Z');
  });

  it('resolves quick ranges in the zone, not in UTC (month boundary, New York)', () => {
    // 22:30 on Thursday 29 February in New York is already 1 March in UTC.
    const at = '2024-03-01T03:30:00.000Z';
    const zone = 'America/New_York';
    expect(resolveQuick('today', at, zone)).toEqual([
      '2024-02-29T05:00:00.000Z',
      '2024-03-01T04:59:59.999Z',
    ]);
    expect(resolveQuick('today-so-far', at, zone)).toEqual(['2024-02-29T05:00:00.000Z', at]);
    expect(resolveQuick('yesterday', at, zone)).toEqual([
      '2024-02-28T05:00:00.000Z',
      '2024-02-29T04:59:59.999Z',
    ]);
    expect(resolveQuick('this-month-so-far', at, zone)).toEqual(['2024-02-01T05:00:00.000Z', at]);
    expect(resolveQuick('this-month', at, zone)).toEqual([
      '2024-02-01T05:00:00.000Z',
      '2024-03-01T04:59:59.999Z',
    ]);
    expect(resolveQuick('last-month', at, zone)).toEqual([
      '2024-01-01T05:00:00.000Z',
      '2024-02-01T04:59:59.999Z',
    ]);
    expect(resolveQuick('this-week-so-far', at, zone)).toEqual(['2024-02-26T05:00:00.000Z', at]);
  });

  it('resolves week ranges across a week boundary (Tokyo, Monday 01:00 local, Sunday in UTC)', () => {
    const at = '2024-03-03T16:00:00.000Z';
    const zone = 'Asia/Tokyo';
    expect(resolveQuick('this-week-so-far', at, zone)).toEqual(['2024-03-03T15:00:00.000Z', at]);
    expect(resolveQuick('this-week', at, zone)).toEqual([
      '2024-03-03T15:00:00.000Z',
      '2024-03-10T14:59:59.999Z',
    ]);
    expect(resolveQuick('last-week', at, zone)).toEqual([
      '2024-02-25T15:00:00.000Z',
      '2024-03-03T14:59:59.999Z',
    ]);
    // Weeks starting on Sunday: this week began yesterday.
    expect(resolveQuick('this-week-so-far', at, zone, 0)).toEqual(['2024-03-02T15:00:00.000Z', at]);
    expect(resolveQuick('yesterday', at, zone)).toEqual([
      '2024-03-02T15:00:00.000Z',
      '2024-03-03T14:59:59.999Z',
    ]);
  });

  it('handles a month whose days change offset (Berlin, 1 April just after midnight)', () => {
    const at = '2024-03-31T22:30:00.000Z'; // 00:30 CEST on 1 April
    const zone = 'Europe/Berlin';
    expect(resolveQuick('this-month-so-far', at, zone)).toEqual(['2024-03-31T22:00:00.000Z', at]);
    expect(resolveQuick('last-month', at, zone)).toEqual([
      '2024-02-29T23:00:00.000Z',
      '2024-03-31T21:59:59.999Z',
    ]);
    expect(
      timeRangeDurationMs(quickRange('last-month'), { now: Date.parse(at), timeZone: zone }),
    ).toBe(31 * 86_400_000 - 3_600_000 - 1);
    expect(resolveQuick('this-year', at, zone)).toEqual([
      '2023-12-31T23:00:00.000Z',
      '2024-12-31T22:59:59.999Z',
    ]);
    expect(resolveQuick('last-year', at, zone)).toEqual([
      '2022-12-31T23:00:00.000Z',
      '2023-12-31T22:59:59.999Z',
    ]);
  });

  describe('in the local zone (TZ set for the process)', () => {
    const saved = process.env.TZ;
    afterEach(() => {
      process.env.TZ = saved;
      vi.useRealTimers();
    });

    it('uses the browser zone and the current clock by default', () => {
      process.env.TZ = 'Pacific/Auckland';
      vi.useFakeTimers({ now: Date.parse('2024-06-30T13:00:00Z') }); // 01:00 NZST Monday 1 July
      expect(resolveTimeRange(quickRange('yesterday'))).toEqual({
        from: new Date('2024-06-29T12:00:00.000Z'),
        to: new Date('2024-06-30T11:59:59.999Z'),
      });
      expect(resolveTimeRange(quickRange('this-month-so-far'))).toEqual({
        from: new Date('2024-06-30T12:00:00.000Z'),
        to: new Date('2024-06-30T13:00:00.000Z'),
      });
    });
  });

  it('returns absolute ranges as they are', () => {
    const value = absoluteRange('2024-01-01T00:00:00Z', '2024-01-02T00:00:00Z')!;
    expect(resolveTimeRange(value)).toEqual({
      from: new Date('2024-01-01T00:00:00Z'),
      to: new Date('2024-01-02T00:00:00Z'),
    });
  });
});

describe('describeTimeRange', () => {
  it('labels each kind', () => {
    expect(describeTimeRange(relativeRange(15, 'm'))).toBe('Last 15 minutes');
    expect(describeTimeRange(relativeRange(1, 'h', 'future'))).toBe('Next 1 hour');
    expect(describeTimeRange(relativeRange(6, 'M'))).toBe('Last 6 months');
    expect(describeTimeRange(quickRange('this-week-so-far'))).toBe('This week so far');
    const value = absoluteRange('2024-01-31T08:00:00Z', '2024-01-31T16:30:00Z')!;
    expect(describeTimeRange(value, { timeZone: 'Europe/Berlin' })).toBe(
      '2024-01-31 09:00 to 2024-01-31 17:30',
    );
  });
});
