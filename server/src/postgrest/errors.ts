/**
 * PostgREST-shaped errors. Every failure the engine reports becomes a {@link PgrstError} with the
 * HTTP status and the JSON body of contract/postgrest.md §1; database errors are mapped by SQLSTATE
 * so that a client mistake never surfaces as a 500.
 */

/** An error the engine answers with PostgREST's `{code, message, details, hint}` body. */
export class PgrstError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Text, or PGRST201's list of candidate relationships (sent as a JSON array). */
    readonly details: string | readonly Record<string, string>[] | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
    this.name = 'PgrstError';
  }

  /** Response headers the error asks for (`RAISE SQLSTATE 'PGRST'`'s DETAIL `headers`). */
  responseHeaders: Record<string, string> = {};
}

const RAISE_MESSAGE_HINT =
  "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.";
const RAISE_DETAIL_HINT =
  "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";

function raiseParseError(details: string, hint: string): PgrstError {
  return new PgrstError(
    500,
    'PGRST121',
    `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
    details,
    hint,
  );
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PostgREST's full response control: `RAISE SQLSTATE 'PGRST' USING MESSAGE = '{"code": …,
 * "message": …}', DETAIL = '{"status": 402, "headers": {…}}'` answers that status, body and
 * headers; a MESSAGE or DETAIL that is not such JSON is 500 PGRST121.
 */
function raisedError(message: string, detail: unknown): PgrstError {
  const body = parseJsonObject(message);
  const optional = (value: unknown) =>
    value === undefined || value === null || typeof value === 'string';
  if (
    body === undefined ||
    typeof body.code !== 'string' ||
    typeof body.message !== 'string' ||
    !optional(body.details) ||
    !optional(body.hint)
  ) {
    return raiseParseError(
      `Invalid JSON value for MESSAGE: '${message.slice(0, 500)}'`,
      RAISE_MESSAGE_HINT,
    );
  }
  if (typeof detail !== 'string' || detail === '') {
    return raiseParseError('DETAIL is missing in the RAISE statement', RAISE_DETAIL_HINT);
  }
  const response = parseJsonObject(detail);
  const status = response?.status;
  const headers = response?.headers;
  if (
    response === undefined ||
    typeof status !== 'number' ||
    !Number.isInteger(status) ||
    status < 100 ||
    status > 599 ||
    typeof headers !== 'object' ||
    headers === null ||
    Array.isArray(headers) ||
    !Object.values(headers).every((value) => typeof value === 'string')
  ) {
    return raiseParseError(
      `Invalid JSON value for DETAIL: '${detail.slice(0, 500)}'`,
      RAISE_DETAIL_HINT,
    );
  }
  const error = new PgrstError(
    status,
    body.code,
    body.message,
    (body.details as string | null | undefined) ?? null,
    (body.hint as string | null | undefined) ?? null,
  );
  error.responseHeaders = { ...(headers as Record<string, string>) };
  return error;
}

/** A request that cannot be parsed (bad operator, bad select, bad order…): 400 PGRST100. */
export function parseError(message: string, details: string | null = null): PgrstError {
  return new PgrstError(400, 'PGRST100', message, details);
}

/** PGRST204: a write names a column (`columns=` or a body key) the relation does not have. */
export function columnNotFound(relation: string, column: string): PgrstError {
  return new PgrstError(
    400,
    'PGRST204',
    `Could not find the '${column.slice(0, 100)}' column of '${relation}' in the schema cache`,
  );
}

/** A column that does not exist on the relation: 400 42703, as PostgreSQL would report it. */
export function unknownColumn(relation: string, column: string): PgrstError {
  return new PgrstError(400, '42703', `column ${relation}.${column} does not exist`);
}

/** A relation (or function) absent from the schema cache: 404 42P01. */
export function unknownRelation(name: string): PgrstError {
  return new PgrstError(404, '42P01', `relation "${name}" does not exist`);
}

interface DbErrorShape {
  code: string;
  message: string;
  detail?: unknown;
  hint?: unknown;
}

function isDbError(error: unknown): error is DbErrorShape {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code) &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The HTTP status for a SQLSTATE, PostgREST 12's table (docs: references/errors, "HTTP Status
 * Codes"). Two deliberate differences: 57014 (the statement timeout, a server-side limit) is 504
 * here (README: VIGIL_STATEMENT_TIMEOUT_MS), where PostgREST answers 500; and an upsert whose body
 * names one row twice (21000, "ON CONFLICT DO UPDATE command cannot affect row a second time")
 * is the client's mistake, 400 here, where PostgREST answers 500.
 */
export function statusForSqlState(code: string, message = ''): number {
  switch (code) {
    case '23503': // foreign_key_violation
    case '23505': // unique_violation
      return 409;
    case '25006': // read_only_sql_transaction
      return 405;
    case '21000': // cardinality_violation: a client error for pg-safeupdate's refusal and for
      // an upsert body that names one row twice; else (a scalar subquery's rows) the server's
      return message.endsWith('requires a WHERE clause') ||
        message.startsWith('ON CONFLICT DO UPDATE command cannot affect row a second time')
        ? 400
        : 500;
    case '53400': // configuration limit exceeded
      return 500;
    case '57014': // query_canceled: the statement timeout
      return 504;
    case '57P01': // admin shutdown
      return 503;
    case 'P0001': // RAISE without a code
      return 400;
    case '42883': // undefined_function
      return message.startsWith('function xmlagg(') ? 406 : 404;
    case '42P01': // undefined_table
      return 404;
    case '42P17': // infinite recursion
      return 500;
    case '42501': // insufficient_privilege: 401 for the anonymous role (the engine decides)
      return 403;
    default:
      break;
  }
  const klass = code.slice(0, 2);
  switch (klass) {
    case '08': // connection exception
    case '53': // insufficient resources
      return 503;
    case '0L': // invalid grantor
    case '0P': // invalid role specification
    case '28': // invalid authorization specification
      return 403;
    case '09': // triggered action exception
    case '25': // invalid transaction state
    case '2D': // invalid transaction termination
    case '38': // external routine exception
    case '39': // external routine invocation
    case '3B': // savepoint exception
    case '40': // transaction rollback
    case '54': // program limit exceeded
    case '55': // object not in prerequisite state
    case '57': // operator intervention
    case '58': // system error
    case 'F0': // configuration file error
    case 'HV': // foreign data wrapper error
    case 'P0': // PL/pgSQL error other than P0001
    case 'XX': // internal error
      return 500;
    case 'PT': {
      // RAISE SQLSTATE 'PT404': the status is the code's digits.
      const status = Number(code.slice(2));
      return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
    }
    default:
      return 400;
  }
}

/** Convert anything thrown while running a request into a PostgREST-shaped error. */
export function toPgrstError(error: unknown): PgrstError {
  if (error instanceof PgrstError) return error;
  if (isDbError(error) && error.code === 'PGRST') return raisedError(error.message, error.detail);
  if (isDbError(error)) {
    return new PgrstError(
      statusForSqlState(error.code, error.message),
      error.code,
      error.message,
      textOrNull(error.detail),
      textOrNull(error.hint),
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new PgrstError(500, 'PGRST000', message);
}

/** The JSON body of an error response. */
export function errorBody(error: PgrstError): string {
  return JSON.stringify({
    code: error.code,
    message: error.message,
    details: error.details,
    hint: error.hint,
  });
}
