import { describe, expect, it } from 'vitest';
import { readParams, writeParams } from '../../lib/url-state';
import { DEFAULT_TIME_RANGE, relativeRange } from '../../ui/time-range';
import { formatLogTime, levelOfWord, lineLevel, toLogRows, visibleLabels } from './log-rows';
import {
  effectiveSelector,
  logsRangeInstants,
  logsUrlSchema,
  rangeReachesNow,
} from './logs-params';

const ID = '018f2c3a-1111-4222-8333-444455556666';

describe('logs URL state', () => {
  it('reads every parameter of a shared link', () => {
    expect(
      readParams(
        `?topologyId=${ID.toUpperCase()}&logsSelector=app&query=timeout&start=1h`,
        logsUrlSchema,
      ),
    ).toEqual({
      topologyId: ID,
      logsSelector: 'app',
      query: 'timeout',
      start: relativeRange(1, 'h'),
    });
  });

  it('falls back to the defaults on bad values', () => {
    expect(
      readParams(
        `?topologyId=not-a-uuid&logsSelector=${'x'.repeat(201)}&query=${'q'.repeat(501)}&start=banana`,
        logsUrlSchema,
      ),
    ).toEqual({ topologyId: '', logsSelector: '', query: '', start: DEFAULT_TIME_RANGE });
  });

  it('writes non-default values only', () => {
    expect(
      writeParams('', logsUrlSchema, {
        topologyId: ID,
        logsSelector: '',
        query: 'a b',
        start: DEFAULT_TIME_RANGE,
      }),
    ).toBe(`topologyId=${ID}&query=a+b`);
    expect(writeParams('', logsUrlSchema, { start: relativeRange(6, 'h') })).toBe('start=6h');
  });
});

describe('effectiveSelector', () => {
  it('keeps a known selector and otherwise picks the first', () => {
    expect(effectiveSelector('b', ['a', 'b'])).toBe('b');
    expect(effectiveSelector('', ['a', 'b'])).toBe('a');
    expect(effectiveSelector('zzz', ['a', 'b'])).toBe('a');
    expect(effectiveSelector('a', [])).toBe('');
  });
});

describe('ranges', () => {
  it('resolves a relative range against the clock', () => {
    const now = Date.UTC(2024, 0, 1, 12, 0, 0);
    expect(logsRangeInstants(relativeRange(15, 'm'), now)).toEqual({
      start: '2024-01-01T11:45:00.000Z',
      end: '2024-01-01T12:00:00.000Z',
    });
  });

  it('follows only ranges that reach now', () => {
    const now = Date.UTC(2024, 0, 1, 12, 0, 0);
    expect(rangeReachesNow(relativeRange(15, 'm'), now)).toBe(true);
    expect(
      rangeReachesNow(
        { kind: 'absolute', from: '2023-01-01T00:00:00.000Z', to: '2023-01-02T00:00:00.000Z' },
        now,
      ),
    ).toBe(false);
  });
});

describe('log rows', () => {
  it('orders lines oldest first with stable keys for repeats', () => {
    const rows = toLogRows([
      { timestamp: '2024-01-01T00:00:02Z', message: 'b' },
      { timestamp: '2024-01-01T00:00:01Z', message: 'a' },
      { timestamp: '2024-01-01T00:00:02Z', message: 'b' },
      { timestamp: 'garbage', message: 'c' },
    ]);
    expect(rows.map((row) => row.message)).toEqual(['c', 'a', 'b', 'b']);
    expect(new Set(rows.map((row) => row.key)).size).toBe(4);
    expect(toLogRows([{ timestamp: '2024-01-01T00:00:01Z', message: 'a' }])[0]?.key).toBe(
      rows[1]?.key,
    );
  });

  it('reads the level from labels, key=value or a word near the start', () => {
    expect(levelOfWord('WARNING')).toBe('warn');
    expect(levelOfWord('nope')).toBeUndefined();
    expect(lineLevel({ level: 'error' }, 'all fine')).toBe('error');
    expect(lineLevel({ severity: 'Info' }, 'ERROR but labelled info')).toBe('info');
    expect(lineLevel({}, 'ts=1 level=warn msg="slow"')).toBe('warn');
    expect(lineLevel({}, '\u001b[31mERROR\u001b[0m failed')).toBe('error');
    expect(lineLevel({}, '[DEBUG] cache hit')).toBe('debug');
    expect(lineLevel({}, 'terrorist errors are not levels')).toBeUndefined();
    expect(lineLevel(null, 'GET / 200')).toBeUndefined();
  });

  it('formats times to the millisecond and hides the level label', () => {
    const time = new Date(2024, 0, 2, 3, 4, 5, 6).getTime();
    expect(formatLogTime(time, 'x')).toBe('2024-01-02 03:04:05.006');
    expect(formatLogTime(Number.NaN, 'raw')).toBe('raw');
    expect(visibleLabels({ pod: 'a', level: 'info', app: 'b' })).toEqual([
      ['app', 'b'],
      ['pod', 'a'],
    ]);
  });
});
