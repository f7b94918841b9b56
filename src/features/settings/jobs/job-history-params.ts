/**
 * URL state of the job history (spec doc 3 §2.7, §9): filters name, resource type and status in
 * the include/exclude encoding (`value:1`, `value:-1`; status defaults to `SUCCESS:-1`), the
 * minimum run duration, the time range (default now-2d), page, page size and sort.
 */
import {
  DEFAULT_JOB_STATUS_FILTER,
  JOB_HISTORY_PAGE_SIZE,
  JOB_SORT_COLUMNS,
  type JobError,
} from '../../../api/job-history';
import { triStateListCodec } from '../../../lib/tri-state-list';
import { enumCodec, numberCodec, param, type TriStateMap } from '../../../lib/url-state';
import { relativeRange, timeRangeCodec } from '../../../ui/time-range/time-range-value';

/** "default time range last 2 days (now-2d)". */
export const DEFAULT_JOB_TIME_RANGE = relativeRange(2, 'd');

/** Run duration choices (ms): any, then "at least …". */
export const JOB_DURATION_OPTIONS = [
  { value: '1000', label: '≥ 1s' },
  { value: '10000', label: '≥ 10s' },
  { value: '30000', label: '≥ 30s' },
  { value: '60000', label: '≥ 1m' },
  { value: '300000', label: '≥ 5m' },
  { value: '900000', label: '≥ 15m' },
  { value: '3600000', label: '≥ 1h' },
] as const;

export function jobHistorySchema(defaultPageSize = JOB_HISTORY_PAGE_SIZE) {
  return {
    name: param(triStateListCodec, {} as TriStateMap),
    resourceType: param(triStateListCodec, {} as TriStateMap),
    status: param(triStateListCodec, DEFAULT_JOB_STATUS_FILTER),
    duration: param(numberCodec({ min: 0, max: 86_400_000, integer: true }), 0),
    range: param(timeRangeCodec, DEFAULT_JOB_TIME_RANGE),
    pageIndex: param(numberCodec({ min: 0, integer: true }), 0),
    pageSize: param(numberCodec({ min: 1, max: 500, integer: true }), defaultPageSize),
    sortBy: param(enumCodec(JOB_SORT_COLUMNS), 'created_at'),
    sortOrder: param(enumCodec(['asc', 'desc'] as const), 'desc'),
  };
}

/** How errors are shown: plain text, a one-column table of texts, or formatted JSON. */
export type JobErrorView =
  | { kind: 'text'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'json'; json: string };

export function jobErrorView(errors: JobError | unknown): JobErrorView {
  if (typeof errors === 'string') return { kind: 'text', text: errors };
  if (Array.isArray(errors) && errors.every((item) => typeof item === 'string')) {
    return { kind: 'list', items: errors as string[] };
  }
  return { kind: 'json', json: JSON.stringify(errors, null, 2) };
}

/** Milliseconds as the duration column shows them: 850ms, 12.3s, 4m 5s, 2h 3m. */
export function formatRunDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '-';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)}s`;
  const totalSeconds = Math.round(ms / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return hours > 0 ? `${hours}h ${minutes}m` : `${minutes}m ${seconds}s`;
}
