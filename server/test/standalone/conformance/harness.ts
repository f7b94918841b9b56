/**
 * The PostgREST conformance suite's harness (issue 17 §3): a throw-away PostgreSQL 15, the
 * conformance fixture (its own schema `conf`, not Mission Control's) loaded from `fixture/*.sql`
 * in name order, and the standalone mode (`npm run start:postgrest`'s server) over it, reached by
 * real HTTP. Each area's test file starts one with `startConformance()` in its `beforeAll`.
 *
 * Roles, as in PostgREST's tutorial: `authenticator` (the server's login, NOINHERIT) can become
 * `web_anon` (the anonymous role: reads) or `app_user` (JWT role: reads and writes).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import pg from 'pg';
import { loadStandaloneConfig } from '../../../src/standalone/config';
import { startStandalone, type RunningStandalone } from '../../../src/standalone/main';
import {
  postgresAvailable,
  startPostgres,
  type PostgresServer,
} from '../../helpers/postgres-server';

export { postgresAvailable };

export const CONFORMANCE_SECRET = 'a-conformance-secret-of-at-least-32-chars';
const FIXTURE_DIR = fileURLToPath(new URL('./fixture/', import.meta.url));

/** The fixture's SQL files in name order (00-base.sql first). */
export function fixtureSql(): string {
  return readdirSync(FIXTURE_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => readFileSync(`${FIXTURE_DIR}${name}`, 'utf8'))
    .join('\n');
}

export interface Conformance {
  /** `http://127.0.0.1:<port>` of the standalone server. */
  base: string;
  /** A superuser connection to the same database (for checks behind the API's back). */
  admin: pg.Client;
  /** A bearer token for `app_user` (a writer). */
  writer: string;
  /** fetch against the server; `as: 'writer'` adds the writer's token. */
  call(path: string, init?: RequestInit & { as?: 'anon' | 'writer' }): Promise<Response>;
  /** The JSON body and status of a call. */
  json<T = unknown>(
    path: string,
    init?: RequestInit & { as?: 'anon' | 'writer' },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  stop(): Promise<void>;
}

/** Starts PostgreSQL, loads the fixture, starts the standalone server (schemas `conf`, `conf2`). */
export async function startConformance(env: Record<string, string> = {}): Promise<Conformance> {
  const server: PostgresServer = await startPostgres();
  const admin = new pg.Client({ connectionString: server.connectionString });
  let running: RunningStandalone | undefined;
  try {
    await admin.connect();
    await admin.query(fixtureSql());
    running = await startStandalone(
      loadStandaloneConfig({
        DATABASE_URL: server.connectionString.replace('postgres@', 'authenticator@'),
        PORT: '0',
        VIGIL_PGRST_DB_SCHEMAS: 'conf, conf2',
        VIGIL_PGRST_DB_ANON_ROLE: 'web_anon',
        VIGIL_PGRST_JWT_SECRET: CONFORMANCE_SECRET,
        ...env,
      }),
    );
  } catch (error) {
    await admin.end().catch(() => undefined);
    await server.stop();
    throw error;
  }
  const started = running;
  const base = `http://127.0.0.1:${started.port}`;
  const writer = await new SignJWT({ role: 'app_user', sub: 'writer' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(CONFORMANCE_SECRET));
  const call = (path: string, init: RequestInit & { as?: 'anon' | 'writer' } = {}) => {
    const { as, headers, ...rest } = init;
    const merged = new Headers(headers);
    if (as === 'writer') merged.set('authorization', `Bearer ${writer}`);
    return fetch(`${base}${path}`, { ...rest, headers: merged });
  };
  return {
    base,
    admin,
    writer,
    call,
    async json<T>(path: string, init: RequestInit & { as?: 'anon' | 'writer' } = {}) {
      const response = await call(path, init);
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: (text === '' ? undefined : JSON.parse(text)) as T,
      };
    },
    async stop() {
      await started.close();
      await admin.end();
      await server.stop();
    },
  };
}
