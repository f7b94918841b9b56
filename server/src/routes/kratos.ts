/**
 * The Ory Kratos public browser-flow subset of api.md §13, over Vigil's own accounts (`basic`
 * mode): session whoami, the password login flow, the logout flow and flow errors. Other flow
 * kinds (registration, recovery, verification, settings) are not offered and answer 404.
 */
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { KratosFlow, KratosSession, KratosUiNode, KratosUiText } from '../../../src/api/types';
import type { ServerConfig } from '../config';
import type { Db } from '../db/types';
import {
  DUMMY_PASSWORD_HASH,
  randomToken,
  safeEqual,
  sha256Hex,
  verifyPassword,
} from '../auth/crypto';
import {
  LOGIN_ACCOUNT_RULE,
  LOGIN_ADDRESS_RULE,
  clientAddress,
  describeWait,
  hitRate,
  peekRate,
  resetRate,
} from '../auth/rate-limit';
import { isSafeReturnTo } from '../auth/return-to';
import {
  SESSION_COOKIE,
  createSession,
  deleteSessionByLogoutToken,
  findSession,
  rotateLogoutToken,
  type SessionRow,
} from '../auth/sessions';
import type { AppEnv } from '../http/env';
import { isUuid } from '../http/validate';
import { revokeKubeconfigTokens } from './kubeconfig';

/** The CSRF cookie a login flow is bound to. */
export const CSRF_COOKIE = 'vigil_csrf';

const FLOW_TTL_MS = 60 * 60 * 1000;

/** Kratos' message ids and texts that the console knows (spec doc 3 §8). */
export const KRATOS_MESSAGES = {
  invalidCredentials: {
    id: 4000006,
    text: 'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
    type: 'error',
  },
  noStrategy: {
    id: 4010002,
    text: 'Could not find a strategy to log you in with. Did you fill out the form correctly?',
    type: 'error',
  },
} as const satisfies Record<string, KratosUiText>;

interface KratosError {
  id?: string;
  code: number;
  status: string;
  reason?: string;
  message: string;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
};

function kratosError(
  c: Context<AppEnv>,
  code: 400 | 401 | 403 | 404 | 410 | 422 | 429,
  message: string,
  extra: Partial<KratosError> = {},
  details?: Record<string, unknown>,
): Response {
  const error: KratosError = { code, status: STATUS_TEXT[code] ?? 'Error', message, ...extra };
  return c.json({ error: details ? { ...error, details } : error }, code);
}

function wantsJson(c: Context<AppEnv>): boolean {
  const accept = c.req.header('accept') ?? '';
  const type = c.req.header('content-type') ?? '';
  return accept.includes('application/json') || type.includes('application/json');
}

function isHttps(c: Context<AppEnv>): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
}

/** The mount prefix the request came through (`/api/kratos` or its `/api/.ory` alias). */
function prefixOf(c: Context<AppEnv>): string {
  return c.req.path.startsWith('/api/.ory') ? '/api/.ory' : '/api/kratos';
}

interface FlowRow {
  id: string;
  type: string;
  csrf_token_hash: string;
  request_url: string;
  return_to: string | null;
  refresh: boolean;
  state: string;
  identifier: string | null;
  messages: KratosUiText[];
  /** The session the flow's CSRF token is bound to (null: issued without one). */
  session_id: string | null;
  issued_at: Date;
  expires_at: Date;
  live: boolean;
}

function input(
  group: string,
  name: string,
  type: string,
  extra: Partial<KratosUiNode['attributes']> = {},
  label?: KratosUiText,
  messages: KratosUiText[] = [],
): KratosUiNode {
  return {
    type: 'input',
    group,
    attributes: { name, type, required: true, disabled: false, node_type: 'input', ...extra },
    messages,
    meta: label ? { label } : {},
  };
}

interface NodeMessages {
  identifier?: KratosUiText[];
  password?: KratosUiText[];
}

function renderFlow(
  c: Context<AppEnv>,
  flow: FlowRow,
  csrfToken: string,
  nodeMessages: NodeMessages = {},
): KratosFlow & Record<string, unknown> {
  const origin = new URL(c.req.url).origin;
  return {
    id: flow.id,
    type: 'browser',
    expires_at: new Date(flow.expires_at).toISOString(),
    issued_at: new Date(flow.issued_at).toISOString(),
    request_url: flow.request_url,
    ...(flow.return_to ? { return_to: flow.return_to } : {}),
    refresh: flow.refresh,
    requested_aal: 'aal1',
    state: flow.state,
    ui: {
      action: `${origin}${prefixOf(c)}/self-service/login?flow=${flow.id}`,
      method: 'POST',
      nodes: [
        input('default', 'csrf_token', 'hidden', { value: csrfToken }),
        input(
          'default',
          'identifier',
          'text',
          { value: flow.identifier ?? '', autocomplete: 'username' },
          { id: 1070004, text: 'Email or username', type: 'info' },
          nodeMessages.identifier,
        ),
        input(
          'password',
          'password',
          'password',
          { autocomplete: 'current-password' },
          { id: 1070001, text: 'Password', type: 'info' },
          nodeMessages.password,
        ),
        input(
          'password',
          'method',
          'submit',
          { value: 'password', required: false },
          {
            id: 1010001,
            text: 'Sign in',
            type: 'info',
          },
        ),
      ],
      ...(flow.messages.length > 0 ? { messages: flow.messages } : {}),
    },
  };
}

async function loadFlow(db: Db, id: string): Promise<FlowRow | undefined> {
  if (!isUuid(id)) return undefined;
  const result = await db.query<FlowRow>(
    `SELECT id, type, csrf_token_hash, request_url, return_to, refresh, state, identifier, messages,
       session_id, issued_at, expires_at, expires_at > now() AS live
     FROM vigil_flows WHERE id = $1 AND type = 'login'`,
    [id],
  );
  return result.rows[0];
}

async function sessionBody(
  db: Db,
  session: SessionRow,
): Promise<KratosSession & Record<string, unknown>> {
  const result = await db.query<{
    id: string;
    traits: Record<string, unknown> | null;
    state: string | null;
    created_at: Date | null;
    updated_at: Date | null;
  }>('SELECT id, traits, state, created_at, updated_at FROM identities WHERE id = $1', [
    session.identity_id,
  ]);
  const identity = result.rows[0];
  const authenticatedAt = new Date(session.authenticated_at).toISOString();
  return {
    id: session.id.slice(0, 32),
    active: true,
    expires_at: new Date(session.expires_at).toISOString(),
    authenticated_at: authenticatedAt,
    authenticator_assurance_level: 'aal1',
    authentication_methods: [{ method: 'password', aal: 'aal1', completed_at: authenticatedAt }],
    issued_at: new Date(session.issued_at).toISOString(),
    identity: {
      ...{ schema_id: 'default' },
      id: session.identity_id,
      state: identity?.state ?? 'active',
      traits: identity?.traits ?? {},
      ...(identity?.created_at ? { created_at: new Date(identity.created_at).toISOString() } : {}),
      ...(identity?.updated_at ? { updated_at: new Date(identity.updated_at).toISOString() } : {}),
    },
  };
}

async function currentSession(db: Db, c: Context<AppEnv>): Promise<SessionRow | undefined> {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token) return undefined;
  const session = await findSession(db, token);
  return session === 'expired' ? undefined : session;
}

/**
 * The CSRF token of this browser for a new flow. A cookie the browser brings is kept only when
 * this server issued it for the same session (a live flow carries its hash and session): a token
 * planted by another page (cookie tossing from a sibling port or subdomain) is never adopted, and
 * a token issued before sign-in is not reused after it. Otherwise a fresh token is set.
 */
async function csrfCookie(
  db: Db,
  c: Context<AppEnv>,
  sessionId: string | undefined,
): Promise<string> {
  const existing = getCookie(c, CSRF_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{32,64}$/.test(existing)) {
    const issued = await db.query(
      `SELECT 1 FROM vigil_flows
       WHERE csrf_token_hash = $1 AND expires_at > now() AND session_id IS NOT DISTINCT FROM $2
       LIMIT 1`,
      [sha256Hex(existing), sessionId ?? null],
    );
    if (issued.rows.length > 0) return existing;
  }
  const token = randomToken();
  setCookie(c, CSRF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    path: '/',
  });
  return token;
}

type LoginBody = Record<string, unknown>;

async function readBody(c: Context<AppEnv>): Promise<LoginBody | undefined> {
  const type = c.req.header('content-type') ?? '';
  const text = await c.req.text();
  if (type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as LoginBody)
      : undefined;
  } catch {
    return undefined;
  }
}

function field(body: LoginBody, name: string): string {
  const value = body[name];
  return typeof value === 'string' ? value : '';
}

const CSRF_VIOLATION = {
  id: 'security_csrf_violation',
  reason:
    'Please retry the flow and optionally clear your cookies. The request was rejected to protect you from Cross-Site-Request-Forgery (CSRF) which could cause account takeover, leaking personal information, and other serious security issues.',
};

/** Routes of the identity-flow subset, mounted at `/api/kratos` and `/api/.ory`. */
export function kratosRoutes(db: Db, config: ServerConfig): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/sessions/whoami', async (c) => {
    const session = await currentSession(db, c);
    if (!session) {
      return kratosError(c, 401, 'The request could not be authorized', {
        id: 'session_inactive',
        reason: 'No valid session credentials found in the request.',
      });
    }
    return c.json(await sessionBody(db, session));
  });

  app.get('/self-service/login/browser', async (c) => {
    const returnTo = c.req.query('return_to');
    if (returnTo !== undefined && returnTo !== '' && !isSafeReturnTo(returnTo)) {
      return kratosError(c, 400, 'The return_to address is not allowed.', {
        id: 'self_service_flow_return_to_forbidden',
        reason: `Requested return_to URL "${returnTo}" is not allowed.`,
      });
    }
    const refresh = c.req.query('refresh') === 'true';
    const session = await currentSession(db, c);
    if (session && !refresh) {
      if (!wantsJson(c)) return c.redirect(returnTo || '/', 303);
      return kratosError(c, 400, 'A valid session was detected and thus login is not possible.', {
        id: 'session_already_available',
        reason:
          'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?',
      });
    }
    const csrf = await csrfCookie(db, c, session?.id);
    const inserted = await db.query<FlowRow>(
      `INSERT INTO vigil_flows (type, csrf_token_hash, request_url, return_to, refresh, expires_at, session_id)
       VALUES ('login', $1, $2, $3, $4, now() + ($5::bigint * interval '1 millisecond'), $6)
       RETURNING id, type, csrf_token_hash, request_url, return_to, refresh, state, identifier, messages,
         session_id, issued_at, expires_at, true AS live`,
      [sha256Hex(csrf), c.req.url, returnTo || null, refresh, FLOW_TTL_MS, session?.id ?? null],
    );
    const flow = inserted.rows[0];
    if (!flow) throw new Error('flow insert returned no row');
    if (!wantsJson(c)) return c.redirect(`/login?flow=${flow.id}`, 303);
    return c.json(renderFlow(c, flow, csrf));
  });

  app.get('/self-service/login/flows', async (c) => {
    const flow = await loadFlow(db, c.req.query('id') ?? '');
    if (!flow)
      return kratosError(c, 404, 'The requested resource could not be found', {
        reason: 'The login flow does not exist.',
      });
    if (!flow.live) {
      return kratosError(c, 410, 'Your interaction expired, please fill out the form again.', {
        id: 'self_service_flow_expired',
        reason: 'The self-service flow expired, please start a new one.',
      });
    }
    const csrf = getCookie(c, CSRF_COOKIE);
    const viewer = await currentSession(db, c);
    if (
      !csrf ||
      !safeEqual(sha256Hex(csrf), flow.csrf_token_hash) ||
      (flow.session_id ?? null) !== (viewer?.id ?? null)
    ) {
      return kratosError(
        c,
        403,
        'A security violation was detected, please fill out the form again.',
        CSRF_VIOLATION,
      );
    }
    return c.json(renderFlow(c, flow, csrf));
  });

  app.post('/self-service/login', async (c) => {
    const flow = await loadFlow(db, c.req.query('flow') ?? '');
    if (!flow)
      return kratosError(c, 404, 'The requested resource could not be found', {
        reason: 'The login flow does not exist.',
      });
    if (!flow.live) {
      return kratosError(
        c,
        410,
        'Your interaction expired, please fill out the form again.',
        {
          id: 'self_service_flow_expired',
          reason: 'The self-service flow expired, please start a new one.',
        },
        { redirect_to: `${new URL(c.req.url).origin}${prefixOf(c)}/self-service/login/browser` },
      );
    }
    const body = await readBody(c);
    if (!body) {
      return kratosError(c, 400, 'The request was malformed or contained invalid parameters', {
        reason: 'Unable to parse the request body as JSON.',
      });
    }
    const csrf = getCookie(c, CSRF_COOKIE);
    const submitted = field(body, 'csrf_token');
    const viewer = await currentSession(db, c);
    if (
      !csrf ||
      !submitted ||
      !safeEqual(csrf, submitted) ||
      !safeEqual(sha256Hex(csrf), flow.csrf_token_hash) ||
      (flow.session_id ?? null) !== (viewer?.id ?? null)
    ) {
      return kratosError(
        c,
        403,
        'A security violation was detected, please fill out the form again.',
        CSRF_VIOLATION,
      );
    }
    if (!flow.refresh && viewer) {
      return kratosError(c, 400, 'A valid session was detected and thus login is not possible.', {
        id: 'session_already_available',
        reason:
          'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?',
      });
    }
    const identifier = field(body, 'identifier').trim();
    const password = field(body, 'password');
    const retry = async (
      messages: KratosUiText[],
      nodeMessages: NodeMessages = {},
    ): Promise<Response> => {
      const updated = await db.query<FlowRow>(
        `UPDATE vigil_flows SET identifier = $2, messages = $3::jsonb WHERE id = $1
         RETURNING id, type, csrf_token_hash, request_url, return_to, refresh, state, identifier, messages,
           session_id, issued_at, expires_at, true AS live`,
        [flow.id, identifier, JSON.stringify(messages)],
      );
      return c.json(renderFlow(c, updated.rows[0] ?? flow, csrf, nodeMessages), 400);
    };
    if (field(body, 'method') !== 'password') return retry([KRATOS_MESSAGES.noStrategy]);
    if (!identifier || !password) {
      const missing = (name: string): KratosUiText[] => [
        { id: 4000002, text: `Property ${name} is missing.`, type: 'error' },
      ];
      return retry([], {
        ...(identifier ? {} : { identifier: missing('identifier') }),
        ...(password ? {} : { password: missing('password') }),
      });
    }
    // Abuse limits (docs/security.md): failed sign-ins count against the client's address and the
    // account; once either limit is reached the password is not even checked.
    const tooMany = (retryAfterSeconds: number): Response => {
      c.header('Retry-After', String(retryAfterSeconds));
      return kratosError(
        c,
        429,
        `Too many sign-in attempts. Try again in ${describeWait(retryAfterSeconds)}.`,
        {
          id: 'self_service_flow_rate_limited',
          reason: 'Too many sign-in attempts from this address or for this account.',
        },
      );
    };
    const addressKey = clientAddress(c);
    const accountKey = identifier.toLowerCase();
    const [address, failures] = await Promise.all([
      peekRate(db, LOGIN_ADDRESS_RULE, addressKey),
      peekRate(db, LOGIN_ACCOUNT_RULE, accountKey),
    ]);
    if (address.exhausted || failures.exhausted) {
      return tooMany(
        Math.max(
          address.exhausted ? address.retryAfterSeconds : 0,
          failures.exhausted ? failures.retryAfterSeconds : 0,
        ),
      );
    }

    const account = await db.query<{ identity_id: string; password_hash: string }>(
      `SELECT a.identity_id, a.password_hash
       FROM vigil_accounts a JOIN identities i ON i.id = a.identity_id
       JOIN people p ON p.id = a.identity_id AND p.deleted_at IS NULL
       WHERE i.state = 'active' AND (lower(a.username) = lower($1) OR lower(i.traits ->> 'email') = lower($1))
       LIMIT 1`,
      [identifier],
    );
    const row = account.rows[0];
    // Hash even for unknown users so timing does not reveal which identifiers exist.
    const valid = await verifyPassword(password, row?.password_hash ?? DUMMY_PASSWORD_HASH);
    if (!row || !valid) {
      await hitRate(db, LOGIN_ACCOUNT_RULE, accountKey);
      await hitRate(db, LOGIN_ADDRESS_RULE, addressKey);
      return retry([KRATOS_MESSAGES.invalidCredentials]);
    }
    await resetRate(db, LOGIN_ACCOUNT_RULE, accountKey);

    const session = await createSession(db, row.identity_id, config.sessionTtlMs);
    await db.query('DELETE FROM vigil_flows WHERE id = $1', [flow.id]);
    // The pre-sign-in CSRF token is done with: flows in the new session get one bound to it.
    deleteCookie(c, CSRF_COOKIE, { path: '/', secure: isHttps(c) });
    setCookie(c, SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: isHttps(c),
      path: '/',
      expires: session.expiresAt,
    });
    if (!wantsJson(c)) return c.redirect(flow.return_to ?? '/', 303);
    const found = await findSession(db, session.token);
    if (!found || found === 'expired') throw new Error('session vanished right after login');
    return c.json({ session: await sessionBody(db, found), continue_with: [] });
  });

  app.get('/self-service/logout/browser', async (c) => {
    const session = await currentSession(db, c);
    if (!session) {
      return kratosError(c, 401, 'The request could not be authorized', {
        id: 'session_inactive',
        reason: 'No active session was found in this request.',
      });
    }
    const returnTo = c.req.query('return_to');
    const token = await rotateLogoutToken(db, session.id);
    const query = new URLSearchParams({ token });
    if (returnTo && isSafeReturnTo(returnTo)) query.set('return_to', returnTo);
    return c.json({
      logout_url: `${new URL(c.req.url).origin}${prefixOf(c)}/self-service/logout?${query.toString()}`,
      logout_token: token,
    });
  });

  app.get('/self-service/logout', async (c) => {
    const token = c.req.query('token') ?? '';
    const ended = token ? await deleteSessionByLogoutToken(db, token) : false;
    if (ended) await revokeKubeconfigTokens(db, ended); // docs/security.md "Kubeconfig tokens"
    deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isHttps(c) });
    const returnTo = c.req.query('return_to');
    if (!wantsJson(c))
      return c.redirect(returnTo && isSafeReturnTo(returnTo) ? returnTo : '/', 303);
    if (!ended) {
      return kratosError(c, 401, 'The request could not be authorized', {
        reason: 'The provided logout token is invalid or has expired.',
      });
    }
    return c.body(null, 204);
  });

  app.get('/self-service/errors', (c) =>
    // Vigil's flows report errors inline, so no error id is ever issued: every id is unknown.
    kratosError(c, 404, 'The requested resource could not be found', {
      reason: 'The flow error does not exist.',
    }),
  );

  return app;
}
