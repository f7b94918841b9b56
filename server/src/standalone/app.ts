/**
 * The standalone data API (docs/postgrest-mode.md): PostgREST's URL space at the root
 * (`/<relation>`, `/rpc/<function>`) over an existing database, one engine per exposed schema.
 * Authorisation is PostgreSQL's: every request runs in a transaction as the role of its JWT (or
 * the anonymous role) with `request.jwt.claims`, `request.method`, `request.path` and
 * `request.headers` and `request.cookies` set, so grants and row-level security decide. Nothing here writes to the
 * database except the requests themselves.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { createEngine, type Engine } from '../postgrest/engine';
import { errorBody, toPgrstError } from '../postgrest/errors';
import { quoteIdent } from '../postgrest/schema-cache';
import type { DbMethod, DbRequest } from '../postgrest/types';
import type { Db } from '../db/types';
import { createAuthenticator, isAuthFailure } from './auth';
import { openApiCaches, openApiDocument } from './openapi';
import type { StandaloneConfig } from './config';

const JSON_TYPE = 'application/json; charset=utf-8';
const OPENAPI_TYPE = 'application/openapi+json; charset=utf-8';

/** Whether an Accept header takes the OpenAPI document (PostgREST: openapi+json, json, any). */
function acceptsOpenApi(accept: string): boolean {
  return accept.split(',').some((part) => {
    const type = (part.split(';')[0] ?? '').trim().toLowerCase();
    return ['', '*/*', 'application/*', 'application/json', 'application/openapi+json'].includes(
      type,
    );
  });
}
const METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT']);

/** The standalone app and its engines. */
export interface StandaloneApp {
  app: Hono;
  /** Re-introspect every exposed schema (PostgREST's schema cache reload). */
  reload(): Promise<void>;
}

function pgrstError(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
  details: string | null = null,
  hint: string | null = null,
): Response {
  return new Response(JSON.stringify({ code, details, hint, message }), {
    status,
    headers: { 'content-type': JSON_TYPE, ...headers },
  });
}

function lowerCaseHeaders(c: Context): Record<string, string> {
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return headers;
}

/**
 * `request.cookies` as PostgREST sets it: the `Cookie` header's `name=value` pairs as a JSON
 * object (values as sent; the first of a repeated name wins).
 */
function cookiesOf(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name !== '' && !Object.hasOwn(cookies, name)) cookies[name] = part.slice(eq + 1).trim();
  }
  return cookies;
}

/** Build the app over `db` (introspects every exposed schema once). */
export async function createStandaloneApp(
  db: Db,
  config: StandaloneConfig,
): Promise<StandaloneApp> {
  const engines = new Map<string, Engine>();
  for (const schema of config.schemas) {
    engines.set(
      schema,
      await createEngine({
        db,
        schema,
        maxRows: config.maxRows,
        txEnd: config.txEnd,
        planEnabled: config.planEnabled,
        // PostgREST's db-aggregates-enabled: always on in this mode.
        aggregatesEnabled: true,
        // PostgREST 12's media type handlers (domains named after media types).
        mediaHandlers: true,
        ...(config.statementTimeoutMs === undefined
          ? {}
          : { statementTimeoutMs: config.statementTimeoutMs }),
      }),
    );
  }
  const authenticate = createAuthenticator(config);
  const defaultSchema = config.schemas[0] ?? 'public';
  const multiple = config.schemas.length > 1;

  const app = new Hono();
  // PostgREST answers any origin unless `server-cors-allowed-origins` is set.
  app.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: [
        'Authorization',
        'Content-Type',
        'Accept',
        'Accept-Profile',
        'Content-Profile',
        'Prefer',
        'Range',
        'Range-Unit',
        'apikey',
        'x-client-info',
      ],
      exposeHeaders: ['Content-Encoding', 'Content-Location', 'Content-Range', 'Content-Type'],
      maxAge: 86400,
    }),
  );
  app.use(
    '*',
    bodyLimit({
      maxSize: config.bodyLimitBytes,
      onError: () => pgrstError(413, 'PGRST000', 'The request body is too large'),
    }),
  );

  /** The schema of a request from its profile header, or the PGRST106 refusal. */
  const profile = (c: Context): string | Response => {
    const method = c.req.method;
    const read = method === 'GET' || method === 'HEAD';
    const requested = (read ? c.req.header('accept-profile') : c.req.header('content-profile'))
      ?.trim()
      .replace(/^"(.*)"$/, '$1');
    if (requested === undefined || requested === '') return defaultSchema;
    if (engines.has(requested)) return requested;
    return pgrstError(
      406,
      'PGRST106',
      `The schema must be one of the following: ${config.schemas.join(', ')}`,
    );
  };

  // The root: PostgREST's OpenAPI (Swagger 2.0) description of what the role may use.
  const openApi = openApiCaches(db);
  app.on(['GET', 'HEAD'], '/', async (c) => {
    const schema = profile(c);
    if (schema instanceof Response) return schema;
    const accept = c.req.header('accept') ?? '*/*';
    if (!acceptsOpenApi(accept)) {
      return pgrstError(
        406,
        'PGRST107',
        `None of these media types are available: ${accept.slice(0, 200)}`,
      );
    }
    const identity = await authenticate(c.req.header('authorization'));
    if (isAuthFailure(identity)) {
      return pgrstError(identity.status, identity.code, identity.message, identity.headers);
    }
    const url = new URL(c.req.url);
    let document;
    try {
      document = await openApiDocument(db, await openApi.get(schema), identity.role, {
        host: url.host,
        scheme: url.protocol === 'https:' ? 'https' : 'http',
      });
    } catch (error: unknown) {
      // A token's role that does not exist is PostgreSQL's error, as on any other path.
      const failure = toPgrstError(error);
      return new Response(errorBody(failure), {
        status: failure.status,
        headers: { 'content-type': JSON_TYPE },
      });
    }
    const headers: Record<string, string> = { 'content-type': OPENAPI_TYPE };
    if (multiple) headers['content-profile'] = schema;
    return new Response(c.req.method === 'HEAD' ? null : JSON.stringify(document), {
      status: 200,
      headers,
    });
  });

  app.all('/:path{.+}', async (c) => {
    const method = c.req.method;
    if (!METHODS.has(method)) {
      return pgrstError(405, 'PGRST117', `Unsupported HTTP method: ${method.slice(0, 20)}`, {
        allow: 'GET, HEAD, POST, PATCH, DELETE, OPTIONS',
      });
    }
    const schema = profile(c);
    if (schema instanceof Response) return schema;
    const engine = engines.get(schema);
    if (engine === undefined) return pgrstError(500, 'PGRST000', 'no engine for the schema');

    const identity = await authenticate(c.req.header('authorization'));
    if (isAuthFailure(identity)) {
      return pgrstError(identity.status, identity.code, identity.message, identity.headers);
    }

    const url = new URL(c.req.url);
    const question = c.req.url.indexOf('?');
    const rawQuery = question === -1 ? '' : c.req.url.slice(question + 1).replace(/#.*$/, '');
    const headers = lowerCaseHeaders(c);
    const read = method === 'GET' || method === 'HEAD';
    // A binary body (an RPC's single unnamed bytea parameter) is kept as bytes.
    const binary =
      !read &&
      (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ===
        'application/octet-stream';
    const bytes = binary ? new Uint8Array(await c.req.arrayBuffer()) : undefined;
    const body = read
      ? undefined
      : bytes !== undefined
        ? Buffer.from(bytes).toString('latin1')
        : await c.req.text();
    const searchPath = [schema, ...config.extraSearchPath.filter((item) => item !== schema)]
      .map(quoteIdent)
      .join(', ');
    const request: DbRequest = {
      method: method as DbMethod,
      path: url.pathname.replace(/^\/+/, ''),
      rawQuery,
      headers,
      body: body === '' ? undefined : body,
      ...(bytes === undefined || bytes.length === 0 ? {} : { bodyBytes: bytes }),
    };
    const response = await engine.handle(request, () => undefined, {
      role: identity.role,
      anonymous: identity.anonymous,
      settings: [
        ['search_path', searchPath],
        ['request.jwt.claims', JSON.stringify(identity.claims)],
        ['request.method', method],
        ['request.path', url.pathname],
        // PostgREST leaves the Cookie header out of request.headers: it is request.cookies.
        [
          'request.headers',
          JSON.stringify(
            Object.fromEntries(Object.entries(headers).filter(([n]) => n !== 'cookie')),
          ),
        ],
        ['request.cookies', JSON.stringify(cookiesOf(headers.cookie))],
        // Emptied per transaction: a session-level value (set_config(…, false)) of an earlier
        // request on the same connection never answers this one.
        ['response.headers', ''],
        ['response.status', ''],
      ],
    });
    const out: Record<string, string> = { ...response.headers };
    if (multiple) out['content-profile'] = schema;
    if (response.status === 401 && identity.anonymous) out['www-authenticate'] = 'Bearer';
    const payload = response.bytes ?? (response.body === '' ? null : response.body);
    return new Response(method === 'HEAD' ? null : payload, {
      status: response.status,
      headers: out,
    });
  });

  return {
    app,
    async reload() {
      for (const engine of engines.values()) await engine.reload();
      openApi.clear();
    },
  };
}
