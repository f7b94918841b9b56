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
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
    this.name = 'PgrstError';
  }
}

/** A request that cannot be parsed (bad operator, bad select, bad order…): 400 PGRST100. */
export function parseError(message: string, details: string | null = null): PgrstError {
  return new PgrstError(400, 'PGRST100', message, details);
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
 * The HTTP status for a SQLSTATE. Only conditions the client cannot cause (the server ran out of
 * resources, lost its connection, hit an internal error) stay in the 5xx range.
 */
export function statusForSqlState(code: string): number {
  switch (code) {
    case '23505': // unique_violation
    case '23503': // foreign_key_violation
    case '40001': // serialization_failure: retrying may succeed
    case '40P01': // deadlock_detected
      return 409;
    case '42P01': // undefined_table
      return 404;
    case '42501': // insufficient_privilege
      return 403;
    case '57014': // query_canceled: the statement timeout, a server-side limit
      return 504;
    case '25006': // read_only_sql_transaction
    case '55000': // object_not_in_prerequisite_state: e.g. deleting from a UNION view
      return 405;
    default:
      break;
  }
  const klass = code.slice(0, 2);
  switch (klass) {
    case '22': // data exception: invalid input for a type, out of range, bad datetime…
    case '23': // integrity constraint violation (not null, check, exclusion)
    case '42': // syntax error or access rule violation (bad cast type, ambiguous operator…)
    case '54': // program limit exceeded (statement too complex, too many arguments)
    case '2F': // SQL routine exception raised by a called function
    case 'P0': // PL/pgSQL raise_exception from a called function
    case '0L': // invalid grantor
    case '0P': // invalid role specification
    case '44': // WITH CHECK OPTION violation
      return 400;
    case '0A': // feature not supported, e.g. writing to a view that cannot be updated
      return 405;
    case '53': // insufficient resources
    case '08': // connection exception
      return 503;
    default:
      return 500;
  }
}

/** Convert anything thrown while running a request into a PostgREST-shaped error. */
export function toPgrstError(error: unknown): PgrstError {
  if (error instanceof PgrstError) return error;
  if (isDbError(error)) {
    return new PgrstError(
      statusForSqlState(error.code),
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
