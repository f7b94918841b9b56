/**
 * Configuration of the standalone data API mode (docs/postgrest-mode.md), modelled on PostgREST's
 * own settings: `DATABASE_URL` ≈ `db-uri`, `VIGIL_PGRST_DB_SCHEMAS` ≈ `db-schemas`, and so on.
 * Every value is validated once at start-up; a bad one throws a {@link StandaloneConfigError}
 * whose message is a single line that the entry prints verbatim.
 */

/** A configuration mistake: one line, printed as is, and start-up stops. */
export class StandaloneConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StandaloneConfigError';
  }
}

export interface StandaloneConfig {
  /** DATABASE_URL (required): the existing PostgreSQL database to serve. */
  databaseUrl: string;
  /** PORT (default 3000, as PostgREST's `server-port`). */
  port: number;
  /** VIGIL_HOST (default 127.0.0.1). */
  host: string;
  /** VIGIL_PGRST_DB_SCHEMAS (default `public`): exposed schemas; the first is the default. */
  schemas: string[];
  /** VIGIL_PGRST_DB_EXTRA_SEARCH_PATH (default `public`): appended to each request's search_path. */
  extraSearchPath: string[];
  /** VIGIL_PGRST_DB_ANON_ROLE: the role of requests without a JWT; unset = anonymous is refused. */
  anonRole: string | undefined;
  /** VIGIL_PGRST_JWT_SECRET: the HS256 secret (at least 32 characters, as PostgREST requires). */
  jwtSecret: string | undefined;
  /** VIGIL_PGRST_JWT_JWKS: a JWKS as JSON text, or an https/http URL serving one. */
  jwks: { json: unknown } | { url: URL } | undefined;
  /** VIGIL_PGRST_JWT_AUD: the expected `aud` claim when set (PostgREST's `jwt-aud`). */
  jwtAudience: string | undefined;
  /** VIGIL_PGRST_JWT_ROLE_CLAIM (default `role`): a dotted path in the claims, e.g. `app.role`. */
  roleClaim: string[];
  /** VIGIL_PGRST_DB_MAX_ROWS (default 1000, PostgREST has none; the engine always caps). */
  maxRows: number;
  /** VIGIL_PGRST_STATEMENT_TIMEOUT_MS: `statement_timeout` per request; unset = none. */
  statementTimeoutMs: number | undefined;
  /** VIGIL_BODY_LIMIT: largest request body in bytes (default 1 MiB). */
  bodyLimitBytes: number;
  /** VIGIL_PGRST_DB_TX_END (PostgREST's `db-tx-end`, default `commit`). */
  txEnd: 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';
  /** VIGIL_PGRST_DB_PLAN_ENABLED (PostgREST's `db-plan-enabled`, default false). */
  planEnabled: boolean;
  /**
   * VIGIL_PGRST_DB_PREPARED_STATEMENTS (PostgREST's `db-prepared-statements`, default true):
   * reads parse each statement once per connection. Turn off behind a pooler in transaction mode.
   */
  preparedStatements: boolean;
}

const TX_END = ['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override'] as const;

type Env = Record<string, string | undefined>;

function trimmed(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** A yes/no setting: true/on/yes/1 or false/off/no/0; anything else is refused. */
function flag(env: Env, name: string, fallback: boolean): boolean {
  const value = trimmed(env, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (['true', 'on', 'yes', '1'].includes(value)) return true;
  if (['false', 'off', 'no', '0'].includes(value)) return false;
  throw new StandaloneConfigError(`${name} must be true or false, got "${value.slice(0, 40)}"`);
}

function list(env: Env, name: string, fallback: string[]): string[] {
  const value = trimmed(env, name);
  if (value === undefined) return fallback;
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) throw new StandaloneConfigError(`${name} lists no schema`);
  for (const item of items) {
    if (item.includes('\u0000') || item.length > 63) {
      throw new StandaloneConfigError(`${name}: "${item.slice(0, 80)}" is not a schema name`);
    }
  }
  return [...new Set(items)];
}

function positiveInt(
  env: Env,
  name: string,
  fallback: number | undefined,
  max: number,
  min = 1,
): number | undefined {
  const value = trimmed(env, name);
  if (value === undefined) return fallback;
  if (!/^[0-9]+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new StandaloneConfigError(
      `${name} must be an integer from ${min} to ${max}, got "${value.slice(0, 40)}"`,
    );
  }
  return Number(value);
}

function parseJwks(text: string): StandaloneConfig['jwks'] {
  if (text.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(text) as unknown;
    } catch {
      throw new StandaloneConfigError('VIGIL_PGRST_JWT_JWKS is not valid JSON');
    }
    const keys = (json as { keys?: unknown }).keys;
    if (!Array.isArray(keys)) {
      throw new StandaloneConfigError('VIGIL_PGRST_JWT_JWKS must be a JWKS: {"keys": [...]}');
    }
    return { json };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new StandaloneConfigError('VIGIL_PGRST_JWT_JWKS must be a JWKS JSON object or a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new StandaloneConfigError('VIGIL_PGRST_JWT_JWKS URL must be http or https');
  }
  return { url };
}

function txEnd(value: string | undefined): StandaloneConfig['txEnd'] {
  if (value === undefined) return 'commit';
  const found = TX_END.find((item) => item === value);
  if (found === undefined) {
    throw new StandaloneConfigError(
      `VIGIL_PGRST_DB_TX_END must be one of ${TX_END.join(', ')}, got "${value.slice(0, 40)}"`,
    );
  }
  return found;
}

/** Read and validate the standalone configuration from `env`. */
export function loadStandaloneConfig(env: Env = process.env): StandaloneConfig {
  const databaseUrl = trimmed(env, 'DATABASE_URL');
  if (databaseUrl === undefined) {
    throw new StandaloneConfigError(
      'DATABASE_URL is required: the PostgreSQL database to serve, e.g. postgres://user@host/db',
    );
  }
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new StandaloneConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const jwtSecret = env.VIGIL_PGRST_JWT_SECRET;
  if (jwtSecret !== undefined && jwtSecret !== '' && jwtSecret.length < 32) {
    throw new StandaloneConfigError(
      'VIGIL_PGRST_JWT_SECRET must be at least 32 characters long (as PostgREST requires)',
    );
  }
  const jwksText = trimmed(env, 'VIGIL_PGRST_JWT_JWKS');
  const roleClaimText = trimmed(env, 'VIGIL_PGRST_JWT_ROLE_CLAIM') ?? 'role';
  const roleClaim = roleClaimText.replace(/^\./, '').split('.');
  if (roleClaim.some((part) => part === '')) {
    throw new StandaloneConfigError(
      `VIGIL_PGRST_JWT_ROLE_CLAIM "${roleClaimText}" is not a claim path such as role or app.role`,
    );
  }
  const anonRole = trimmed(env, 'VIGIL_PGRST_DB_ANON_ROLE');
  if (anonRole !== undefined && anonRole.includes('\u0000')) {
    throw new StandaloneConfigError('VIGIL_PGRST_DB_ANON_ROLE is not a role name');
  }
  return {
    databaseUrl,
    // PORT=0 picks a free port (tests).
    port: positiveInt(env, 'PORT', 3000, 65535, 0) ?? 3000,
    host: trimmed(env, 'VIGIL_HOST') ?? '127.0.0.1',
    schemas: list(env, 'VIGIL_PGRST_DB_SCHEMAS', ['public']),
    extraSearchPath: list(env, 'VIGIL_PGRST_DB_EXTRA_SEARCH_PATH', ['public']),
    anonRole,
    jwtSecret: jwtSecret === '' ? undefined : jwtSecret,
    jwks: jwksText === undefined ? undefined : parseJwks(jwksText),
    jwtAudience: trimmed(env, 'VIGIL_PGRST_JWT_AUD'),
    roleClaim,
    maxRows: positiveInt(env, 'VIGIL_PGRST_DB_MAX_ROWS', 1000, 1_000_000) ?? 1000,
    statementTimeoutMs: positiveInt(env, 'VIGIL_PGRST_STATEMENT_TIMEOUT_MS', undefined, 86_400_000),
    bodyLimitBytes:
      positiveInt(env, 'VIGIL_BODY_LIMIT', 1024 * 1024, 1024 * 1024 * 1024) ?? 1048576,
    txEnd: txEnd(trimmed(env, 'VIGIL_PGRST_DB_TX_END')),
    planEnabled: ['true', 'on', 'yes', '1'].includes(
      (trimmed(env, 'VIGIL_PGRST_DB_PLAN_ENABLED') ?? 'false').toLowerCase(),
    ),
    preparedStatements: flag(env, 'VIGIL_PGRST_DB_PREPARED_STATEMENTS', true),
  };
}
