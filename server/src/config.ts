/**
 * Server configuration from the environment. Every value is validated once at start-up; a bad
 * value throws a {@link ConfigError} whose message is a single line that main prints verbatim.
 */
import { parseSecretKey } from './secrets/keyring';

export type AuthMode = 'basic' | 'none' | 'oidc';

/** `VIGIL_AUTH=oidc` (docs/hosted-oidc.md): the hosted provider whose bearer tokens are accepted. */
export interface OidcServerConfig {
  /** VIGIL_OIDC_ISSUER: the issuer URL, exactly as in the tokens' `iss`. */
  issuer: string;
  /** VIGIL_OIDC_AUDIENCE: the expected `aud` (the console's client id). */
  audience: string;
  /** VIGIL_OIDC_ORGANIZATION: the organisation this backend serves (optional). */
  organization: string | undefined;
  /** VIGIL_OIDC_ORGANIZATIONS_CLAIM: the claim listing the organisations (default `organizations`). */
  organizationsClaim: string;
}

export type SeedMode = 'demo' | 'none' | 'large';

export interface ServerConfig {
  port: number;
  /** The address to listen on (VIGIL_HOST; default 127.0.0.1, `0.0.0.0` in containers). */
  host: string;
  /** Largest request body accepted on any route, in bytes (VIGIL_BODY_LIMIT; default 1 MiB). */
  bodyLimitBytes: number;
  /** PGlite data directory (ignored when `databaseUrl` is set). */
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * VIGIL_DB_PREPARED_STATEMENTS (`true` unless `false`): on PostgreSQL, /api/db reads parse each
   * statement once per connection. `false` behind a pooler in transaction mode (PgBouncer).
   */
  preparedStatements: boolean;
  auth: AuthMode;
  healthOnly: boolean;
  seed: SeedMode;
  staticDir: string;
  /** The built widgets, served at /widgets/. */
  widgetsDir: string;
  /** The widget host pages, served at /examples/. */
  examplesDir: string;
  corsOrigins: string[];
  /** A JSON file or inline JSON object of server-local properties (api.md §9.1). */
  properties: string | undefined;
  docsUrl: string;
  /** Lifetime of a login session. */
  sessionTtlMs: number;
  /** `/db` row cap per request, with or without `limit` (postgrest.md §5.4; default 2000). */
  maxRows: number;
  /**
   * `statement_timeout` of each `/db` request in milliseconds; undefined = none. Default 30 s on
   * PostgreSQL; off on PGlite, which runs in-process and cannot cancel a statement.
   */
  statementTimeoutMs: number | undefined;
  /**
   * Whether the health-check scheduler runs (VIGIL_RUNNER=on|off, default on). Off, checks run
   * only through `POST /api/canary/run/check/{id}`. Tests get off (see {@link testConfig}).
   */
  runner: boolean;
  /** Checks run at the same time, at most (VIGIL_RUNNER_CONCURRENCY, default 4). */
  runnerConcurrency: number;
  /** Time limit of one check run in milliseconds (VIGIL_RUNNER_TIMEOUT_MS, default 30 s). */
  runnerTimeoutMs: number;
  /**
   * The server's own base URL for `$(self.url)` in check specs (VIGIL_SELF_URL); undefined =
   * `http://127.0.0.1:<the port it listens on>`, resolved when the server listens.
   */
  selfUrl: string | undefined;
  /**
   * The console's address as people open it (VIGIL_PUBLIC_URL, else VIGIL_SELF_URL), for links
   * in the sign-in mails; undefined: links only on a loopback address (docs/identity.md).
   */
  publicUrl: string | undefined;
  /**
   * The key that encrypts secrets at rest (VIGIL_SECRET_KEY: 32 bytes as 64 hex digits or
   * base64); undefined = a key generated once and kept in the database (docs/security.md).
   */
  secretKey: Buffer | undefined;
  /** Set exactly when `auth` is `oidc`. */
  oidc?: OidcServerConfig | undefined;
  /**
   * Where the identity flows send mail (VIGIL_SMTP_URL, `smtp://[user:pass@]host:port/?from=…`);
   * undefined = the verification and recovery links are printed in the server log instead.
   */
  smtpUrl: string | undefined;
  /**
   * Privileged settings (password, second factors) need a sign-in this recent
   * (`VIGIL_PRIVILEGED_SESSION_MAX_AGE_MS`, 15 minutes; Kratos's privileged_session_max_age).
   */
  privilegedSessionMaxAgeMs: number;
  /** How long an identity flow may be used (`VIGIL_FLOW_LIFESPAN_MS`, an hour; Kratos's lifespan). */
  flowLifespanMs: number;
}

/** A configuration mistake: `message` is one line naming the variable and what is expected. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

function nonEmpty(env: Env, key: string): string | undefined {
  const value = env[key]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function oneOf<T extends string>(env: Env, key: string, allowed: readonly T[], fallback: T): T {
  const value = nonEmpty(env, key);
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new ConfigError(
    `${key} must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)})`,
  );
}

function port(env: Env): number {
  const value = nonEmpty(env, 'PORT');
  if (value === undefined) return 8080;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 65535) {
    throw new ConfigError(`PORT must be an integer from 1 to 65535 (got ${JSON.stringify(value)})`);
  }
  return Number(value);
}

function host(env: Env): string {
  const value = nonEmpty(env, 'VIGIL_HOST');
  if (value === undefined) return '127.0.0.1';
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(value);
  const validIpv4 = ipv4 !== null && ipv4.slice(1).every((part) => Number(part) <= 255);
  const ipv6 = /^[0-9a-fA-F:]+$/.test(value) && value.includes(':');
  const hostname =
    /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/.test(
      value,
    );
  if (validIpv4 || ipv6 || (ipv4 === null && hostname)) return value;
  throw new ConfigError(
    `VIGIL_HOST must be an IP address or host name such as 127.0.0.1 or 0.0.0.0 (got ${JSON.stringify(value)})`,
  );
}

/** A size in bytes, with an optional k/m suffix (kibibytes, mebibytes). */
function byteSize(env: Env, key: string, min: number, max: number, fallback: number): number {
  const value = nonEmpty(env, key);
  if (value === undefined) return fallback;
  const match = /^(\d{1,12})\s*([kKmM]i?[bB]?|[bB])?$/.exec(value);
  const unit = match?.[2]?.[0]?.toLowerCase();
  const bytes = match
    ? Number(match[1]) * (unit === 'k' ? 1024 : unit === 'm' ? 1024 * 1024 : 1)
    : NaN;
  if (!Number.isFinite(bytes) || bytes < min || bytes > max) {
    throw new ConfigError(
      `${key} must be a size from ${min} bytes to ${max / 1024 / 1024} MiB, such as 1048576, 512k or 4m (got ${JSON.stringify(value)})`,
    );
  }
  return bytes;
}

function databaseUrl(env: Env): string | undefined {
  const value = nonEmpty(env, 'DATABASE_URL');
  if (value === undefined) return undefined;
  if (!/^postgres(ql)?:\/\//.test(value)) {
    // Never echo the value: a connection string may carry a password.
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  return value;
}

function corsOrigins(env: Env): string[] {
  const value = nonEmpty(env, 'VIGIL_CORS_ORIGINS');
  if (value === undefined) return [];
  const origins = value
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      throw new ConfigError(
        `VIGIL_CORS_ORIGINS entries must be origins like https://example.com (got ${JSON.stringify(origin)})`,
      );
    }
    if (parsed.origin !== origin.replace(/\/$/, '')) {
      throw new ConfigError(
        `VIGIL_CORS_ORIGINS entries must be bare origins without a path (got ${JSON.stringify(origin)})`,
      );
    }
  }
  return origins.map((origin) => origin.replace(/\/$/, ''));
}

function positiveInteger(env: Env, key: string, max: number): number | undefined {
  const value = nonEmpty(env, key);
  if (value === undefined) return undefined;
  if (!/^\d{1,10}$/.test(value) || Number(value) > max) {
    throw new ConfigError(
      `${key} must be an integer from 0 to ${max} (got ${JSON.stringify(value)})`,
    );
  }
  return Number(value);
}

function maxRows(env: Env): number {
  const value = positiveInteger(env, 'VIGIL_MAX_ROWS', 1_000_000);
  if (value === 0) throw new ConfigError('VIGIL_MAX_ROWS must be at least 1 (got "0")');
  return value ?? 2000;
}

function statementTimeoutMs(env: Env, postgres: boolean): number | undefined {
  const value = positiveInteger(env, 'VIGIL_STATEMENT_TIMEOUT_MS', 3_600_000);
  if (value === undefined) return postgres ? 30_000 : undefined;
  return value === 0 ? undefined : value;
}

function boundedInteger(env: Env, key: string, min: number, max: number, fallback: number): number {
  const value = nonEmpty(env, key);
  if (value === undefined) return fallback;
  if (!/^\d{1,10}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new ConfigError(
      `${key} must be an integer from ${min} to ${max} (got ${JSON.stringify(value)})`,
    );
  }
  return Number(value);
}

function selfUrl(env: Env, key = 'VIGIL_SELF_URL'): string | undefined {
  const value = nonEmpty(env, key);
  if (value === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(
      `${key} must be a URL like http://127.0.0.1:8080 (got ${JSON.stringify(value)})`,
    );
  }
  if (!['http:', 'https:'].includes(parsed.protocol) || parsed.search || parsed.hash) {
    throw new ConfigError(
      `${key} must be an http(s) URL without query or fragment (got ${JSON.stringify(value)})`,
    );
  }
  return value.replace(/\/+$/, '');
}

function secretKey(env: Env): Buffer | undefined {
  const value = nonEmpty(env, 'VIGIL_SECRET_KEY');
  if (value === undefined) return undefined;
  const key = parseSecretKey(value);
  // Never echo the value: it is the key.
  if (!key) {
    throw new ConfigError(
      `VIGIL_SECRET_KEY must be 32 bytes as 64 hex digits or base64 (got ${value.length} characters)`,
    );
  }
  return key;
}

function smtpUrl(env: Env): string | undefined {
  const value = nonEmpty(env, 'VIGIL_SMTP_URL');
  if (value === undefined) return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(value);
  } catch {
    parsed = undefined;
  }
  // Never echo the value: it may carry the SMTP password.
  if (!parsed || !/^smtps?:$/.test(parsed.protocol) || !parsed.hostname) {
    throw new ConfigError(
      'VIGIL_SMTP_URL must be an smtp:// or smtps:// URL such as smtp://mail.example.com:587/?from=vigil@example.com',
    );
  }
  return value;
}

function oidcConfig(env: Env): OidcServerConfig | undefined {
  if (nonEmpty(env, 'VIGIL_AUTH') !== 'oidc') return undefined;
  const issuer = nonEmpty(env, 'VIGIL_OIDC_ISSUER');
  if (issuer === undefined) {
    throw new ConfigError('VIGIL_OIDC_ISSUER is required when VIGIL_AUTH=oidc (the issuer URL)');
  }
  let parsed: URL;
  try {
    parsed = new URL(issuer);
  } catch {
    throw new ConfigError(
      `VIGIL_OIDC_ISSUER must be a URL like https://id.example.com (got ${JSON.stringify(issuer)})`,
    );
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && loopback)) {
    throw new ConfigError(
      `VIGIL_OIDC_ISSUER must be an https URL (http only on localhost) (got ${JSON.stringify(issuer)})`,
    );
  }
  const audience = nonEmpty(env, 'VIGIL_OIDC_AUDIENCE');
  if (audience === undefined) {
    throw new ConfigError('VIGIL_OIDC_AUDIENCE is required when VIGIL_AUTH=oidc (the client id)');
  }
  const claim = nonEmpty(env, 'VIGIL_OIDC_ORGANIZATIONS_CLAIM') ?? 'organizations';
  if (!/^[\w.:/-]{1,200}$/.test(claim)) {
    throw new ConfigError(
      `VIGIL_OIDC_ORGANIZATIONS_CLAIM must be a claim name (got ${JSON.stringify(claim)})`,
    );
  }
  return {
    issuer,
    audience,
    organization: nonEmpty(env, 'VIGIL_OIDC_ORGANIZATION'),
    organizationsClaim: claim,
  };
}

/** Read and validate the configuration; throws {@link ConfigError} on the first bad value. */
export function loadConfig(env: Env = process.env): ServerConfig {
  return {
    port: port(env),
    host: host(env),
    bodyLimitBytes: byteSize(env, 'VIGIL_BODY_LIMIT', 1024, 64 * 1024 * 1024, 1024 * 1024),
    dataDir: nonEmpty(env, 'VIGIL_DATA_DIR') ?? '.vigil/data',
    databaseUrl: databaseUrl(env),
    preparedStatements:
      oneOf(env, 'VIGIL_DB_PREPARED_STATEMENTS', ['true', 'false'] as const, 'true') === 'true',
    auth: oneOf(env, 'VIGIL_AUTH', ['basic', 'none', 'oidc'] as const, 'basic'),
    oidc: oidcConfig(env),
    healthOnly: oneOf(env, 'VIGIL_HEALTH_ONLY', ['true', 'false'] as const, 'false') === 'true',
    seed: oneOf(env, 'VIGIL_SEED', ['demo', 'none', 'large'] as const, 'demo'),
    staticDir: nonEmpty(env, 'VIGIL_STATIC_DIR') ?? 'dist/console',
    widgetsDir: nonEmpty(env, 'VIGIL_WIDGETS_DIR') ?? 'dist/widgets',
    examplesDir: nonEmpty(env, 'VIGIL_EXAMPLES_DIR') ?? 'dist-examples',
    corsOrigins: corsOrigins(env),
    properties: nonEmpty(env, 'VIGIL_PROPERTIES'),
    docsUrl: nonEmpty(env, 'VIGIL_DOCS_URL') ?? 'https://docs.flanksource.com',
    sessionTtlMs: 24 * 60 * 60 * 1000,
    maxRows: maxRows(env),
    statementTimeoutMs: statementTimeoutMs(env, databaseUrl(env) !== undefined),
    runner: oneOf(env, 'VIGIL_RUNNER', ['on', 'off'] as const, 'on') === 'on',
    runnerConcurrency: boundedInteger(env, 'VIGIL_RUNNER_CONCURRENCY', 1, 64, 4),
    runnerTimeoutMs: boundedInteger(env, 'VIGIL_RUNNER_TIMEOUT_MS', 100, 600_000, 30_000),
    selfUrl: selfUrl(env),
    publicUrl: selfUrl(env, 'VIGIL_PUBLIC_URL') ?? selfUrl(env),
    secretKey: secretKey(env),
    smtpUrl: smtpUrl(env),
    privilegedSessionMaxAgeMs: boundedInteger(
      env,
      'VIGIL_PRIVILEGED_SESSION_MAX_AGE_MS',
      1000,
      86_400_000,
      15 * 60 * 1000,
    ),
    flowLifespanMs: boundedInteger(env, 'VIGIL_FLOW_LIFESPAN_MS', 1000, 86_400_000, 60 * 60 * 1000),
  };
}

/**
 * A configuration for tests: defaults with overrides, without touching process.env. The
 * scheduler is off so that suites are not disturbed; a test that wants it passes `runner: true`.
 */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return { ...loadConfig({}), seed: 'none', runner: false, ...overrides };
}
