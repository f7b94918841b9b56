/** Attributes of `<vigil-time-range-picker>` (see widgets/README.md). */
import {
  DEFAULT_TIME_RANGE,
  formatTimeRange,
  tryParseTimeRange,
  type TimeRangeValue,
} from '../../src/ui/time-range/time-range-value';
import {
  booleanAttribute,
  stringAttribute,
  urlAttribute,
  type AttributeSpec,
} from '../runtime/attributes';

const DEFAULT_TEXT = formatTimeRange(DEFAULT_TIME_RANGE);

/**
 * A range in the console's URL format (`15m`, `next-1h`, `yesterday`, `<from>_<to>`…). A bad value
 * falls back to the default (the last 15 minutes), like a bad `timeRange` in a console URL: the
 * picker stays usable and shows a note naming the attribute.
 */
export function timeRangeAttribute(): AttributeSpec<TimeRangeValue> {
  return {
    blocking: false,
    parse: (raw) => {
      if (raw === null || raw.trim() === '') return { value: DEFAULT_TIME_RANGE };
      const value = tryParseTimeRange(raw);
      if (value) return { value };
      return {
        value: DEFAULT_TIME_RANGE,
        // Not starting with the value: "Attribute value value …" would read badly.
        problem:
          `is "${raw}", not a time range; expected e.g. 15m, 6h, next-1h, today, last-week or ` +
          `20240131T090000Z_20240131T170000Z; using ${DEFAULT_TEXT}.`,
      };
    },
  };
}

/** Whether the runtime knows an IANA time zone (`Intl` throws a RangeError otherwise). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone; absent or unknown means the reader's own zone. */
export function timeZoneAttribute(): AttributeSpec<string | undefined> {
  return {
    blocking: false,
    parse: (raw) => {
      const value = raw?.trim();
      if (!value) return { value: undefined };
      if (isKnownTimeZone(value)) return { value };
      return {
        value: undefined,
        problem: `"${raw}" is not a known IANA time zone (e.g. Europe/Paris, UTC); using the browser's.`,
      };
    },
  };
}

const WEEK_STARTS: Record<string, 0 | 1> = { monday: 1, '1': 1, sunday: 0, '0': 0 };

/** `monday` (default, ISO 8601) or `sunday`; `1` and `0` are accepted too. */
export function weekStartsOnAttribute(): AttributeSpec<0 | 1> {
  return {
    blocking: false,
    parse: (raw) => {
      if (raw === null || raw.trim() === '') return { value: 1 };
      const value = WEEK_STARTS[raw.trim().toLowerCase()];
      if (value !== undefined) return { value };
      return { value: 1, problem: `"${raw}" is not monday or sunday; using monday.` };
    },
  };
}

export const timeRangePickerAttributes = {
  /** The selected range, URL format; set again by the element when the user picks one. */
  value: timeRangeAttribute(),
  /** IANA zone of calendar ranges, typed times and labels (default: the browser's). */
  timeZone: timeZoneAttribute(),
  /** First day of the week in the calendar and in week ranges. */
  weekStartsOn: weekStartsOnAttribute(),
  /** Offer past ranges only (no "Next …" options). */
  noFuture: booleanAttribute(),
  /** Accessible name of the control (default "Time range"). */
  label: stringAttribute('Time range'),
  /** The picker sends no requests: a bad `api-base` must not block it. */
  apiBase: urlAttribute({ defaultValue: '/api', blocking: false }),
};
