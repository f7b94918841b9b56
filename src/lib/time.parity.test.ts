/**
 * src/lib/time.ts follows dayjs's rules without dayjs (decision 0014): this test holds the two
 * side by side over a wide range of inputs and in time zones with half-hour offsets and daylight
 * saving, so a difference in parsing, the relative-time thresholds or the timestamp format fails.
 */
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { afterAll, describe, expect, it } from 'vitest';
import { formatRelative, formatTimestamp, isValidDate, millisSince } from './time';

dayjs.extend(relativeTime);

const ZONES = ['UTC', 'Europe/Berlin', 'America/St_Johns', 'Asia/Kolkata', 'Australia/Lord_Howe'];
const originalZone = process.env.TZ;

/** A deterministic spread of offsets: every second up to two minutes, then growing steps. */
function offsets(): number[] {
  const out: number[] = [];
  for (let s = 0; s <= 120; s += 1) out.push(s * 1000);
  let step = 1000;
  for (let ms = 120_000; ms < 40 * 365 * 86_400_000; ms += step) {
    out.push(ms);
    step = Math.ceil(step * 1.07);
  }
  return out;
}

const BASES = [
  '2024-10-21T12:00:00Z',
  '2024-03-31T00:30:00Z',
  '2024-02-29T23:59:59.999Z',
  '2023-01-31T10:00:00Z',
  '2025-12-31T23:00:00Z',
].map((text) => Date.parse(text));

const STRINGS = [
  '2024-10-21T10:00:00Z',
  '2024-10-21T10:00:00+02:00',
  '2024-10-21T10:00:00.123456',
  '2024-10-21 10:00',
  '2024-10-21',
  '2024/10/21',
  '20241021',
  '2024-1-5 3:4:5',
  '2024-02-30',
  '2024-10-21t10:00:00z',
  'Mon, 21 Oct 2024 10:00:00 GMT',
  'not a date',
  '',
  '2024',
  '2024-13-45',
];

afterAll(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

describe.each(ZONES)('time.ts agrees with dayjs in %s', (zone) => {
  it('relative times, past and future, from seconds to decades', () => {
    process.env.TZ = zone;
    const mismatches: string[] = [];
    for (const base of BASES) {
      for (const offset of offsets()) {
        for (const value of [base - offset, base + offset]) {
          const ours = formatRelative(value, base);
          const theirs = dayjs(value).from(dayjs(base));
          if (ours !== theirs) mismatches.push(`${value} from ${base}: ${ours} ≠ ${theirs}`);
        }
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('parsing, validity, the timestamp format and elapsed milliseconds', () => {
    process.env.TZ = zone;
    const base = BASES[0]!;
    for (const input of [...STRINGS, 0, 1e12, -1e12, new Date(BASES[1]!), new Date(NaN)]) {
      const valid = input !== '' && dayjs(input).isValid();
      expect(isValidDate(input), String(input)).toBe(valid);
      expect(formatTimestamp(input), String(input)).toBe(
        valid ? dayjs(input).format('YYYY-MM-DD HH:mm:ssZ') : '-',
      );
      expect(millisSince(input, base), String(input)).toBe(
        valid ? dayjs(base).diff(dayjs(input)) : undefined,
      );
      if (valid) expect(formatRelative(input, base)).toBe(dayjs(input).from(dayjs(base)));
    }
  });
});
