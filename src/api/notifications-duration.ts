/**
 * Durations of notification rules (spec doc 3 §5, §9; schema.md §7): the duration field parses
 * Go-style text (`90s`, `1h30m`, with the extra units `d`, `w`, `y` of api.md §0.5) into
 * nanoseconds, formats nanoseconds back into the shortest such text, and checks the spec's
 * minimum ("a value under 1 minute gives 'Duration must be greater than 1 minute'").
 *
 * On the wire `wait_for` is a bigint of nanoseconds and `repeat_interval` is text (`4h`): the
 * form keeps both as nanoseconds and writes the interval as {@link formatNanos} text.
 */

export const NANOS_PER_MS = 1_000_000;
export const NANOS_PER_SECOND = 1_000_000_000;
export const NANOS_PER_MINUTE = 60 * NANOS_PER_SECOND;

const UNIT_NANOS: Readonly<Record<string, number>> = {
  ns: 1,
  us: 1_000,
  µs: 1_000,
  ms: NANOS_PER_MS,
  s: NANOS_PER_SECOND,
  m: NANOS_PER_MINUTE,
  h: 60 * NANOS_PER_MINUTE,
  d: 24 * 60 * NANOS_PER_MINUTE,
  w: 7 * 24 * 60 * NANOS_PER_MINUTE,
  y: 365 * 24 * 60 * NANOS_PER_MINUTE,
};

/** Units used when formatting, largest first (no `y`, `w`: `7d` reads better than `1w`). */
const FORMAT_UNITS = ['d', 'h', 'm', 's', 'ms'] as const;

/** "Presets 3m, 5m, 10m, 15m, 30m, 1h, 4h, 8h, 1d, 3d, 7d." */
export const DURATION_PRESETS = [
  '3m',
  '5m',
  '10m',
  '15m',
  '30m',
  '1h',
  '4h',
  '8h',
  '1d',
  '3d',
  '7d',
] as const;

/** "Minimum duration 1 minute." */
export const MIN_DURATION_NANOS = NANOS_PER_MINUTE;
export const DURATION_TOO_SHORT = 'Duration must be greater than 1 minute';
export const DURATION_INVALID = 'Enter a duration such as 30m, 4h or 1d';
/** The longest duration the form accepts (a bigint of nanoseconds holds ~292 years). */
export const MAX_DURATION_NANOS = 10 * UNIT_NANOS.y!;

const PART = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h|d|w|y)/gy;

/**
 * Nanoseconds of a duration text (`1h30m`, `90s`, `1.5h`, `2d`); a bare number is taken as
 * minutes. Undefined for empty, malformed or negative text.
 */
export function parseDuration(text: string | null | undefined): number | undefined {
  const value = (text ?? '').trim().toLowerCase().replace(/\s+/g, '');
  if (value === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * NANOS_PER_MINUTE);
  PART.lastIndex = 0;
  let total = 0;
  let consumed = 0;
  for (let match = PART.exec(value); match; match = PART.exec(value)) {
    const amount = Number(match[1]);
    const unit = UNIT_NANOS[match[2] ?? ''];
    if (!Number.isFinite(amount) || unit === undefined) return undefined;
    total += amount * unit;
    consumed = PART.lastIndex;
  }
  if (consumed !== value.length || consumed === 0) return undefined;
  return Math.round(total);
}

/**
 * The shortest text of a number of nanoseconds (`5m`, `1h30m`, `7d`, `1d12h`); `''` for none.
 * Whole units only, down to milliseconds.
 */
export function formatNanos(nanos: number | null | undefined): string {
  if (nanos === null || nanos === undefined || !Number.isFinite(nanos) || nanos <= 0) return '';
  let rest = Math.round(nanos / NANOS_PER_MS) * NANOS_PER_MS;
  if (rest === 0) return `${Math.round(nanos)}ns`;
  let text = '';
  for (const unit of FORMAT_UNITS) {
    const size = UNIT_NANOS[unit]!;
    const count = Math.floor(rest / size);
    if (count > 0) {
      text += `${count}${unit}`;
      rest -= count * size;
    }
  }
  return text;
}

/** A stored `repeat_interval` text in its canonical form (`240m` → `4h`); unparsable text as is. */
export function normalizeDurationText(text: string | null | undefined): string {
  const nanos = parseDuration(text);
  return nanos === undefined ? (text ?? '') : formatNanos(nanos);
}

/**
 * The field's error for a text, or undefined when it is acceptable. Empty is fine unless
 * `required`; anything shorter than a minute gives the spec's message.
 */
export function durationError(text: string, required = false): string | undefined {
  if (text.trim() === '') return required ? 'This field is required' : undefined;
  const nanos = parseDuration(text);
  if (nanos === undefined) return DURATION_INVALID;
  if (nanos < MIN_DURATION_NANOS) return DURATION_TOO_SHORT;
  if (nanos > MAX_DURATION_NANOS) return DURATION_INVALID;
  return undefined;
}
