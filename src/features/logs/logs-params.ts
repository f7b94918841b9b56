/**
 * The logs page's URL state (spec doc 2 §2 "Logs"): `topologyId` (the component, a uuid),
 * `logsSelector` (a selector name; empty or unknown means the component's first), `query` (the
 * search text, written 500 ms after typing stops) and `start` (the time range, in the shared
 * picker's URL form, default the last 15 minutes). A bad value reads as the default.
 */
import {
  DEFAULT_TIME_RANGE,
  resolveTimeRange,
  timeRangeCodec,
  type TimeRangeValue,
} from '../../ui/time-range';
import { param, type Codec, type ParamValues } from '../../lib/url-state';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A component id: a uuid, lower-cased; anything else reads as '' (no component). */
export const componentIdCodec: Codec<string> = {
  parse: (raw) => (UUID.test(raw.trim()) ? raw.trim().toLowerCase() : undefined),
  serialize: (value) => value,
};

/** Selector names and search text: trimmed to a sane length. */
function boundedText(max: number): Codec<string> {
  return {
    parse: (raw) => (raw.length <= max ? raw : undefined),
    serialize: (value) => value,
  };
}

export const LOGS_QUERY_MAX_LENGTH = 500;

export const logsUrlSchema = {
  topologyId: param(componentIdCodec, ''),
  logsSelector: param(boundedText(200), ''),
  query: param(boundedText(LOGS_QUERY_MAX_LENGTH), ''),
  start: param<TimeRangeValue>(timeRangeCodec, DEFAULT_TIME_RANGE),
};
export type LogsUrlValues = ParamValues<typeof logsUrlSchema>;

/** The selector to search: the URL's when the component has it, else the first, else ''. */
export function effectiveSelector(chosen: string, available: readonly string[]): string {
  if (chosen && available.includes(chosen)) return chosen;
  return available[0] ?? '';
}

/** The range as the instants sent to `POST /logs` (resolved at the time of the request). */
export function logsRangeInstants(
  range: TimeRangeValue,
  now: number = Date.now(),
): { start: string; end: string } {
  const resolved = resolveTimeRange(range, { now });
  return { start: resolved.from.toISOString(), end: resolved.to.toISOString() };
}

/** Whether new lines can still arrive in the range (following makes sense). */
export function rangeReachesNow(range: TimeRangeValue, now: number = Date.now()): boolean {
  if (range.kind === 'relative') return true;
  return resolveTimeRange(range, { now }).to.getTime() >= now - 1000;
}
