/**
 * Datemath and durations (api.md §0.5): `now`, `now-2d`, `now+1h`, `now/d`, `now-1d/d` and RFC 3339
 * timestamps; durations like `15m`, `1h`, `3d`, `1w`, `1y` (also Go-style chains such as `1h30m`).
 */
const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  y: 365 * 86_400_000,
};

/**
 * The longest duration: Go's time.Duration holds at most 2^63 - 1 ns (about 292 years), so Mission
 * Control refuses longer ones too. It also keeps `now() - interval` inside PostgreSQL's range.
 */
export const MAX_DURATION_MS = 9_223_372_036_854;

/** Milliseconds of a duration, or undefined when it is not one (or longer than the maximum). */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^(\d+(\.\d+)?(ms|s|m|h|d|w|y))+$/.test(trimmed)) return undefined;
  let total = 0;
  for (const part of trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w|y)/g)) {
    total += Number(part[1]) * (UNIT_MS[part[2] ?? ''] ?? 0);
  }
  return Number.isFinite(total) && total <= MAX_DURATION_MS ? total : undefined;
}

/**
 * Whether an instant can be bound as a PostgreSQL timestamptz from its ISO text: years 1 to 9999
 * (JavaScript accepts year 0 and negative or six-digit years, which PostgreSQL refuses as text).
 */
export function isStorableInstant(date: Date): boolean {
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && year >= 1 && year <= 9999;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/;

function roundDown(date: Date, unit: string): Date | undefined {
  const copy = new Date(date.getTime());
  switch (unit) {
    case 'y':
      copy.setUTCMonth(0, 1);
      copy.setUTCHours(0, 0, 0, 0);
      return copy;
    case 'M':
      copy.setUTCDate(1);
      copy.setUTCHours(0, 0, 0, 0);
      return copy;
    case 'w': {
      copy.setUTCHours(0, 0, 0, 0);
      const day = (copy.getUTCDay() + 6) % 7; // weeks start on Monday
      copy.setUTCDate(copy.getUTCDate() - day);
      return copy;
    }
    case 'd':
      copy.setUTCHours(0, 0, 0, 0);
      return copy;
    case 'h':
      copy.setUTCMinutes(0, 0, 0);
      return copy;
    case 'm':
      copy.setUTCSeconds(0, 0);
      return copy;
    case 's':
      copy.setUTCMilliseconds(0);
      return copy;
    default:
      return undefined;
  }
}

/** The instant a datemath expression names, or undefined when it is not one. */
export function parseDatemath(text: string, now: Date = new Date()): Date | undefined {
  const trimmed = text.trim();
  if (RFC3339.test(trimmed)) {
    const date = new Date(trimmed);
    return isStorableInstant(date) ? date : undefined;
  }
  const match = /^now((?:[+-]\d+(?:ms|s|m|h|d|w|M|y))*)(?:\/(y|M|w|d|h|m|s))?$/.exec(trimmed);
  if (!match) return undefined;
  let at = new Date(now.getTime());
  for (const step of (match[1] ?? '').matchAll(/([+-])(\d+)(ms|s|m|h|d|w|M|y)/g)) {
    const sign = step[1] === '-' ? -1 : 1;
    const amount = Number(step[2]) * sign;
    if (step[3] === 'M') at.setUTCMonth(at.getUTCMonth() + amount);
    else if (step[3] === 'y') at.setUTCFullYear(at.getUTCFullYear() + amount);
    else at = new Date(at.getTime() + amount * (UNIT_MS[step[3] ?? ''] ?? 0));
  }
  if (match[2]) {
    const rounded = roundDown(at, match[2]);
    if (!rounded) return undefined;
    at = rounded;
  }
  return isStorableInstant(at) ? at : undefined;
}
