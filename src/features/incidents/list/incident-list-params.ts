/**
 * The incident list's URL state (spec doc 2 §2 "Incidents": "Filters live in the query string"):
 * type, severity, status (default `open`; `all` shows every status), owner (a person id),
 * component (a component id), search, and the table's sort and page. A bad value reads as the
 * default, so a hand-edited or stale link never breaks the page; defaults are left out of the URL.
 */
import {
  DEFAULT_INCIDENT_SORT,
  INCIDENT_SEARCH_MAX_LENGTH,
  INCIDENT_SORT_COLUMNS,
  type IncidentListParams,
} from '../../../api/incident-list';
import {
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  type IncidentSeverity,
  type IncidentStatus,
  type IncidentType,
} from '../../../api/incident-model';
import {
  enumCodec,
  numberCodec,
  param,
  readParams,
  writeParams,
  type Codec,
  type ParamValues,
} from '../../../lib/url-state';

/** "Default status filter is open." */
export const DEFAULT_INCIDENT_STATUS_FILTER: IncidentStatus = 'open';
/** "Search debounce 400 ms (incidents, …)". */
export const INCIDENT_SEARCH_DEBOUNCE_MS = 400;
/**
 * The pause in typing after which the list reads the search ahead: 100 ms before the debounce
 * writes it, time enough for the list's request (30–60 ms), and long enough that the gaps of
 * ordinary typing (or keys delivered late by a loaded machine) do not each read a half-typed word.
 */
export const INCIDENT_SEARCH_SETTLE_MS = 300;
export const INCIDENT_PAGE_SIZES = [25, 50, 100, 200] as const;
export const DEFAULT_INCIDENT_PAGE_SIZE = 50;

/** A value of a fixed list matched without regard to case (`Critical`, `TECHNICALDEBT`); '' is All. */
function oneOf<T extends string>(values: readonly T[]): Codec<T | ''> {
  return {
    parse: (raw) => {
      const text = raw.trim().toLowerCase().replace(/_/g, '');
      if (text === '' || text === 'all') return '';
      return values.find((value) => value.toLowerCase() === text);
    },
    serialize: (value) => value,
  };
}

/** A status, or `all` for every status (the default, `open`, is left out of the URL). */
const statusCodec: Codec<IncidentStatus | 'all'> = {
  parse: (raw) => {
    const text = raw.trim().toLowerCase();
    if (text === 'all') return 'all';
    return (INCIDENT_STATUSES as readonly string[]).includes(text)
      ? (text as IncidentStatus)
      : undefined;
  },
  serialize: (value) => value,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidCodec: Codec<string> = {
  parse: (raw) => {
    const text = raw.trim();
    if (text === '' || text.toLowerCase() === 'all') return '';
    return UUID.test(text) ? text.toLowerCase() : undefined;
  },
  serialize: (value) => value,
};

const searchCodec: Codec<string> = {
  parse: (raw) => raw.trim().slice(0, INCIDENT_SEARCH_MAX_LENGTH),
  serialize: (value) => value,
};

function oneOfNumbers(values: readonly number[]): Codec<number> {
  return {
    parse: (raw) => {
      const value = Number(raw);
      return raw.trim() !== '' && values.includes(value) ? value : undefined;
    },
    serialize: (value) => String(value),
  };
}

export const incidentListUrlSchema = {
  type: param(oneOf(INCIDENT_TYPES), '' as IncidentType | ''),
  severity: param(oneOf(INCIDENT_SEVERITIES), '' as IncidentSeverity | ''),
  status: param(statusCodec, DEFAULT_INCIDENT_STATUS_FILTER as IncidentStatus | 'all'),
  owner: param(uuidCodec, ''),
  component: param(uuidCodec, ''),
  search: param(searchCodec, ''),
  sortBy: param(enumCodec(INCIDENT_SORT_COLUMNS), DEFAULT_INCIDENT_SORT.sortBy),
  sortOrder: param(enumCodec(['asc', 'desc'] as const), DEFAULT_INCIDENT_SORT.sortOrder),
  pageIndex: param(numberCodec({ min: 0, integer: true }), 0),
  pageSize: param(oneOfNumbers(INCIDENT_PAGE_SIZES), DEFAULT_INCIDENT_PAGE_SIZE),
};
export type IncidentListUrlValues = ParamValues<typeof incidentListUrlSchema>;

export function parseIncidentListParams(search: string | URLSearchParams): IncidentListUrlValues {
  return readParams(search, incidentListUrlSchema);
}

export function writeIncidentListParams(
  search: string | URLSearchParams,
  patch: Partial<IncidentListUrlValues>,
): string {
  return writeParams(search, incidentListUrlSchema, patch);
}

/** Whether any filter differs from its default (for 'Clear filters'). */
export function hasIncidentFilters(values: IncidentListUrlValues): boolean {
  return (
    values.type !== '' ||
    values.severity !== '' ||
    values.status !== DEFAULT_INCIDENT_STATUS_FILTER ||
    values.owner !== '' ||
    values.component !== '' ||
    values.search !== ''
  );
}

/** The patch of 'Clear filters': every filter back to its default, first page. */
export const CLEARED_INCIDENT_FILTERS: Partial<IncidentListUrlValues> = {
  type: '',
  severity: '',
  status: DEFAULT_INCIDENT_STATUS_FILTER,
  owner: '',
  component: '',
  search: '',
  pageIndex: 0,
};

/** The list request of the URL state (`all` is omitted by the query). */
export function incidentListParams(values: IncidentListUrlValues): IncidentListParams {
  return {
    search: values.search,
    severity: values.severity,
    status: values.status,
    type: values.type,
    owner: values.owner,
    component: values.component,
    sortBy: values.sortBy,
    sortOrder: values.sortOrder,
    pageIndex: values.pageIndex,
    pageSize: values.pageSize,
  };
}
