/**
 * `POST /api/logs` (api.md §6, docs/logs.md): read the body, find the component and its log
 * selector, render the selector's templates, and search the component's stream with the selector
 * labels merged with the request's. Every refusal is a 4xx with the contract's
 * `{"error", "message"}` body.
 */
import { isStorableInstant, parseDatemath, parseDuration } from '../catalog/datemath';
import type { Queryable } from '../db/types';
import { isUuid } from '../http/validate';
import {
  readSelectors,
  renderSelectorLabels,
  TemplateError,
  type SelectorComponent,
} from './selectors';
import {
  DEFAULT_LOG_LIMIT,
  LOG_LEVELS,
  MAX_LOG_LIMIT,
  searchLogs,
  VIGIL_STREAM,
  type LogAnswer,
} from './store';

/** Limits on the request (docs/logs.md). */
export const MAX_QUERY_LENGTH = 1000;
export const MAX_LABELS = 50;
export const MAX_LABEL_LENGTH = 256;
export const MAX_NAME_LENGTH = 256;
/** The route's body limit in bytes. */
export const LOGS_BODY_LIMIT = 64 * 1024;

export interface LogsRequest {
  id: string;
  name: string;
  query: string | undefined;
  labels: Record<string, string>;
  start: Date | undefined;
  end: Date | undefined;
  limit: number;
}

/** A refusal: the HTTP status and the contract's body. */
export interface LogsRefusal {
  status: 400 | 404;
  body: { error: string; message?: string };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function bad(error: string, message?: string): LogsRefusal {
  return { status: 400, body: message === undefined ? { error } : { error, message } };
}

/** An instant from datemath (`now-1h`), RFC 3339, or a duration back from now (`15m`). */
export function parseInstant(text: string, now: Date): Date | undefined {
  const duration = parseDuration(text);
  if (duration !== undefined) {
    const at = new Date(now.getTime() - duration);
    return isStorableInstant(at) ? at : undefined;
  }
  return parseDatemath(text, now);
}

/** Read and check the body; a {@link LogsRefusal} says what is wrong. */
export function parseLogsRequest(body: unknown, now = new Date()): LogsRequest | LogsRefusal {
  if (!isRecord(body)) return bad('invalid request body', 'the body must be a JSON object');
  const { id, name, query, labels, start, end, limit } = body;
  if (id === undefined || id === null || id === '') {
    return bad('ID field is required', 'Component ID is required');
  }
  if (typeof id !== 'string') return bad('id must be a string', 'Component ID is required');
  if (!isUuid(id)) {
    return { status: 404, body: { error: 'component not found', message: failedComponent(id) } };
  }
  if (name !== undefined && name !== null && typeof name !== 'string') {
    return bad('name must be a string');
  }
  if (typeof name === 'string' && name.length > MAX_NAME_LENGTH) {
    return bad(`name is longer than ${MAX_NAME_LENGTH} characters`);
  }
  if (query !== undefined && query !== null && typeof query !== 'string') {
    return bad('query must be a string');
  }
  if (typeof query === 'string' && query.length > MAX_QUERY_LENGTH) {
    return bad(`query is longer than ${MAX_QUERY_LENGTH} characters`);
  }
  const pairs: Record<string, string> = {};
  if (labels !== undefined && labels !== null) {
    if (!isRecord(labels)) return bad('labels must be an object of strings');
    const entries = Object.entries(labels);
    if (entries.length > MAX_LABELS) return bad(`labels has more than ${MAX_LABELS} entries`);
    for (const [key, value] of entries) {
      if (typeof value !== 'string') return bad(`label ${JSON.stringify(key)} must be a string`);
      if (key === '' || key.length > MAX_LABEL_LENGTH || value.length > MAX_LABEL_LENGTH) {
        return bad(`label ${JSON.stringify(key.slice(0, 40))} is empty or too long`);
      }
      pairs[key] = value;
    }
  }
  const instants: (Date | undefined)[] = [];
  for (const [field, value] of [
    ['start', start],
    ['end', end],
  ] as const) {
    if (value === undefined || value === null || value === '') {
      instants.push(undefined);
      continue;
    }
    const at = typeof value === 'string' ? parseInstant(value, now) : undefined;
    if (!at) {
      return bad(
        `${field} is invalid`,
        `${field} must be an RFC 3339 time, datemath (now-1h) or a duration (15m)`,
      );
    }
    instants.push(at);
  }
  const [from, to] = instants;
  if (from && to && from.getTime() > to.getTime()) return bad('start is after end');
  let size = DEFAULT_LOG_LIMIT;
  if (limit !== undefined && limit !== null) {
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
      return bad('limit must be a positive integer');
    }
    size = Math.min(limit, MAX_LOG_LIMIT);
  }
  const text = typeof query === 'string' ? query.trim() : '';
  return {
    id,
    name: typeof name === 'string' ? name : '',
    query: text === '' ? undefined : text,
    labels: pairs,
    start: from,
    end: to,
    limit: size,
  };
}

function failedComponent(id: string): string {
  return `Failed to get component[id=${id.slice(0, 100)}]`;
}

/** Answer a checked request: the contract's shape, or a refusal. */
export async function answerLogs(
  db: Queryable,
  request: LogsRequest,
): Promise<{ status: 200; body: LogAnswer } | LogsRefusal> {
  const found = await db.query<SelectorComponent & { log_selectors: unknown }>(
    `SELECT id, name, external_id, type, namespace, labels, log_selectors FROM components
     WHERE id = $1 AND deleted_at IS NULL`,
    [request.id],
  );
  const component = found.rows[0];
  if (!component) {
    return {
      status: 404,
      body: { error: 'component not found', message: failedComponent(request.id) },
    };
  }
  const selectors = readSelectors(component.log_selectors);
  const selector =
    request.name === ''
      ? selectors[0]
      : selectors.find((candidate) => candidate.name === request.name);
  if (!selector) {
    return bad(
      'Log selector was not found',
      `Log selector with the name '${request.name}' was not found. Available names: [${selectors
        .map((candidate) => candidate.name)
        .join(', ')}]`,
    );
  }
  let rendered: Record<string, string>;
  try {
    rendered = renderSelectorLabels(selector, component);
  } catch (error: unknown) {
    if (!(error instanceof TemplateError)) throw error;
    return bad(error.message, 'failed to parse log selector templates.');
  }
  const labels = { ...rendered, ...request.labels };
  if (labels.level !== undefined && !(LOG_LEVELS as readonly string[]).includes(labels.level)) {
    // No line has another level: nothing matches.
    return { status: 200, body: { total: 0, results: [] } };
  }
  const stream = selector.type === VIGIL_STREAM ? VIGIL_STREAM : component.external_id;
  if (!stream) return { status: 200, body: { total: 0, results: [] } };
  const answer = await searchLogs(db, {
    stream,
    labels,
    query: request.query,
    start: request.start,
    end: request.end,
    limit: request.limit,
  });
  return { status: 200, body: answer };
}
