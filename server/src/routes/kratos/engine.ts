/**
 * The flow engine of the Kratos browser-flow subset (docs/identity.md): one `vigil_flows` table
 * for every flow kind, the CSRF cookie bound to the session a flow was issued in, the 1-hour
 * expiry, the 404 / 410 / 403 answers, request bodies, nodes and the rendering of a flow.
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type {
  KratosFlow,
  KratosSession,
  KratosUiNode,
  KratosUiText,
} from '../../../../src/api/types';
import type { ServerConfig } from '../../config';
import type { Db, Queryable } from '../../db/types';
import type { Mailer } from '../../auth/mailer';
import { randomToken, safeEqual, sha256Hex } from '../../auth/crypto';
import { isSafeReturnTo } from '../../auth/return-to';
import { apiPrefixOf } from '../../http/root-paths';
import {
  SESSION_COOKIE,
  findSession,
  type FoundSession,
  type SessionRow,
} from '../../auth/sessions';
import type { Secrets } from '../../secrets/keyring';
import type { AppEnv } from '../../http/env';
import { isUuid } from '../../http/validate';

/** The CSRF cookie a flow is bound to. */
export const CSRF_COOKIE = 'vigil_csrf';
/** Every flow expires an hour after it starts. */

export type FlowKind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';
export const FLOW_KINDS: readonly FlowKind[] = [
  'login',
  'registration',
  'recovery',
  'verification',
  'settings',
];
/** The console page of each flow kind. */
export const FLOW_PAGES: Record<FlowKind, string> = {
  login: '/login',
  registration: '/registration',
  recovery: '/recovery',
  verification: '/verification',
  settings: '/profile-settings',
};

/** What the routes of every flow share. */
export interface FlowDeps {
  db: Db;
  config: ServerConfig;
  secrets: Secrets;
  mailer: Mailer;
  /** Server-local properties (VIGIL_PROPERTIES), shadowing the properties table. */
  properties: ReadonlyMap<string, string>;
}

export type Ctx = Context<AppEnv>;

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
  duplicate: {
    id: 4000007,
    text: 'An account with the same identifier (email, phone, username, ...) exists already.',
    type: 'error',
  },
  settingsSaved: { id: 1050001, text: 'Your changes have been saved!', type: 'success' },
  recoverySent: {
    id: 1060003,
    text: 'An email containing a recovery code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    type: 'info',
  },
  verificationSent: {
    id: 1080003,
    text: 'An email containing a verification code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    type: 'info',
  },
  verified: { id: 1080002, text: 'You successfully verified your email address.', type: 'success' },
  recoveryCodeInvalid: {
    id: 4060006,
    text: 'The recovery code is invalid or has already been used. Please try again.',
    type: 'error',
  },
  verificationCodeInvalid: {
    id: 4070006,
    text: 'The verification code is invalid or has already been used. Please try again.',
    type: 'error',
  },
  codeAttemptsExhausted: {
    id: 4000036,
    text: 'The request was submitted too often. Please request another code.',
    type: 'error',
  },
  totpInvalid: {
    id: 4000008,
    text: 'The provided authentication code is invalid, please try again.',
    type: 'error',
  },
  lookupInvalid: { id: 4000016, text: 'The backup recovery code is not valid.', type: 'error' },
  lookupUsed: {
    id: 4000012,
    text: 'This backup recovery code has already been used.',
    type: 'error',
  },
  webauthnInvalid: {
    id: 4000015,
    text: 'The security key could not be verified, please try again.',
    type: 'error',
  },
  noWebauthnKey: {
    id: 4000015,
    text: 'Unable to find the security key to remove.',
    type: 'error',
  },
} as const satisfies Record<string, KratosUiText>;

export function missing(name: string): KratosUiText[] {
  return [{ id: 4000002, text: `Property ${name} is missing.`, type: 'error' }];
}

export function invalid(text: string): KratosUiText[] {
  return [{ id: 4000001, text, type: 'error' }];
}

type ErrorCode = 400 | 401 | 403 | 404 | 410 | 422 | 429;

const STATUS_TEXT: Record<ErrorCode, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
};

interface KratosErrorExtra {
  id?: string;
  reason?: string;
}

/** A Kratos error body `{error: {id?, code, status, reason?, message, details?}, …top}`. */
export function kratosError(
  c: Ctx,
  code: ErrorCode,
  message: string,
  extra: KratosErrorExtra = {},
  details?: Record<string, unknown>,
  top: Record<string, unknown> = {},
): Response {
  const error = { code, status: STATUS_TEXT[code], message, ...extra };
  return c.json({ error: details ? { ...error, details } : error, ...top }, code);
}

/** 403/422 with `redirect_browser_to` in the error's details and at the top (Kratos does both). */
export function redirectError(
  c: Ctx,
  code: 401 | 403 | 422,
  id: string,
  message: string,
  reason: string,
  to: string,
): Response {
  return kratosError(
    c,
    code,
    message,
    { id, reason },
    { redirect_browser_to: to },
    {
      redirect_browser_to: to,
    },
  );
}

/** The browser goes on to `to`: a redirect for a page, 422 with `redirect_browser_to` for JSON. */
export function continueAt(c: Ctx, to: string, reason: string): Response {
  if (!wantsJson(c)) return c.redirect(to, 303);
  return redirectError(
    c,
    422,
    'browser_location_change_required',
    'browser location change required',
    reason,
    to,
  );
}

export function sessionInactive(c: Ctx): Response {
  return kratosError(c, 401, 'The request could not be authorized', {
    id: 'session_inactive',
    reason: 'No valid session credentials found in the request.',
  });
}

export function sessionAlreadyAvailable(c: Ctx, what = 'login'): Response {
  return kratosError(c, 400, `A valid session was detected and thus ${what} is not possible.`, {
    id: 'session_already_available',
    reason: `A valid session was detected and thus ${what} is not possible. Did you forget to set \`?refresh=true\`?`,
  });
}

/** The aal2 login page for `returnTo` (docs/identity.md "Sessions and assurance"). */
export function aal2Location(returnTo: string | undefined): string {
  const query = new URLSearchParams({ aal: 'aal2' });
  if (returnTo && isSafeReturnTo(returnTo)) query.set('return_to', returnTo);
  return `/login?${query.toString()}`;
}

export function aal2Required(c: Ctx, returnTo: string | undefined): Response {
  return redirectError(
    c,
    403,
    'session_aal2_required',
    'Session does not fulfill the requested Authenticator Assurance Level',
    'An active session was found but it does not fulfill the Authenticator Assurance Level, implying that the session must (e.g.) authenticate the second factor.',
    aal2Location(returnTo),
  );
}

export function wantsJson(c: Ctx): boolean {
  const accept = c.req.header('accept') ?? '';
  const type = c.req.header('content-type') ?? '';
  return accept.includes('application/json') || type.includes('application/json');
}

export function isHttps(c: Ctx): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
}

/**
 * The mount prefix the request came through: `/api/kratos` or its `/api/.ory` alias, or the same
 * without `/api` when a Mission Control client called the root path (server/src/http/root-paths.ts).
 */
export function prefixOf(c: Ctx): string {
  const area = c.req.path.startsWith('/api/.ory') ? '/.ory' : '/kratos';
  return `${apiPrefixOf(c.req.raw)}${area}`;
}

export function originOf(c: Ctx): string {
  return new URL(c.req.url).origin;
}

// ---- flows ----

export interface FlowData {
  /** recovery / verification: the address a code was sent to. */
  address?: string;
  code_hash?: string;
  code_expires_at?: string;
  /** settings: the pending TOTP secret (encrypted). */
  totp_secret?: string;
  /** settings: recovery codes generated but not yet confirmed (hashes). */
  lookup_pending?: string[];
  /** settings / aal2 login: the WebAuthn options on the flow (JSON), whose challenge is checked. */
  webauthn_options?: string;
  /** settings: the traits last submitted (kept for a re-render). */
  traits?: Record<string, unknown>;
}

export interface FlowRow {
  id: string;
  type: FlowKind;
  csrf_token_hash: string;
  request_url: string;
  return_to: string | null;
  refresh: boolean;
  state: string;
  identifier: string | null;
  messages: KratosUiText[];
  /** The session the flow's CSRF token is bound to (null: issued without one). */
  session_id: string | null;
  /** The identity the flow concerns (settings, aal2/refresh login, a code flow's account). */
  identity_id: string | null;
  data: FlowData;
  requested_aal: 'aal1' | 'aal2';
  attempts: number;
  issued_at: Date;
  expires_at: Date;
  live: boolean;
}

export const FLOW_COLUMNS = `id, type, csrf_token_hash, request_url, return_to, refresh, state, identifier,
  messages, session_id, identity_id::text, data, requested_aal, attempts, issued_at, expires_at,
  expires_at > now() AS live`;

export async function loadFlow(
  db: Queryable,
  kind: FlowKind,
  id: string,
): Promise<FlowRow | undefined> {
  if (!isUuid(id)) return undefined;
  const result = await db.query<FlowRow>(
    `SELECT ${FLOW_COLUMNS} FROM vigil_flows WHERE id = $1 AND type = $2`,
    [id, kind],
  );
  return result.rows[0];
}

export interface NewFlow {
  kind: FlowKind;
  csrf: string;
  returnTo?: string | undefined;
  refresh?: boolean;
  sessionId?: string | undefined;
  identityId?: string | undefined;
  state: string;
  data?: FlowData;
  requestedAal?: 'aal1' | 'aal2';
  identifier?: string | undefined;
  messages?: KratosUiText[];
  /** How long the flow may be used (`VIGIL_FLOW_LIFESPAN_MS`, an hour by default). */
  lifespanMs: number;
}

export async function insertFlow(db: Queryable, c: Ctx, flow: NewFlow): Promise<FlowRow> {
  const inserted = await db.query<FlowRow>(
    `INSERT INTO vigil_flows (type, csrf_token_hash, request_url, return_to, refresh, expires_at,
       session_id, identity_id, state, data, requested_aal, identifier, messages)
     VALUES ($1, $2, $3, $4, $5, now() + ($6::bigint * interval '1 millisecond'), $7, $8, $9,
       $10::jsonb, $11, $12, $13::jsonb)
     RETURNING ${FLOW_COLUMNS}`,
    [
      flow.kind,
      sha256Hex(flow.csrf),
      c.req.url.slice(0, 2048),
      flow.returnTo || null,
      flow.refresh ?? false,
      flow.lifespanMs,
      flow.sessionId ?? null,
      flow.identityId ?? null,
      flow.state,
      JSON.stringify(flow.data ?? {}),
      flow.requestedAal ?? 'aal1',
      flow.identifier ?? null,
      JSON.stringify(flow.messages ?? []),
    ],
  );
  const row = inserted.rows[0];
  if (!row) throw new Error('flow insert returned no row');
  return row;
}

export interface FlowUpdate {
  state?: string;
  messages?: KratosUiText[];
  data?: FlowData;
  identityId?: string | null;
  identifier?: string | null;
  attempts?: number;
}

export async function updateFlow(
  db: Queryable,
  flow: FlowRow,
  update: FlowUpdate,
): Promise<FlowRow> {
  const result = await db.query<FlowRow>(
    `UPDATE vigil_flows SET state = $2, messages = $3::jsonb, data = $4::jsonb, identity_id = $5,
       identifier = $6, attempts = $7
     WHERE id = $1 RETURNING ${FLOW_COLUMNS}`,
    [
      flow.id,
      update.state ?? flow.state,
      JSON.stringify(update.messages ?? []),
      JSON.stringify(update.data ?? flow.data),
      update.identityId === undefined ? flow.identity_id : update.identityId,
      update.identifier === undefined ? flow.identifier : update.identifier,
      update.attempts ?? flow.attempts,
    ],
  );
  return result.rows[0] ?? flow;
}

export async function deleteFlow(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM vigil_flows WHERE id = $1', [id]);
}

// ---- sessions and CSRF ----

export async function currentSession(db: Queryable, c: Ctx): Promise<FoundSession | undefined> {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token || token.length > 200) return undefined;
  const session = await findSession(db, token);
  return session === 'expired' ? undefined : session;
}

export function setSessionCookie(c: Ctx, token: string, expires: Date): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    path: '/',
    expires,
  });
}

/** A new CSRF token, set as the cookie. */
export function freshCsrf(c: Ctx): string {
  const token = randomToken();
  setCookie(c, CSRF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    path: '/',
  });
  return token;
}

/**
 * The CSRF token of this browser for a new flow. A cookie the browser brings is kept only when
 * this server issued it for the same session (a live flow carries its hash and session): a token
 * planted by another page (cookie tossing from a sibling port or subdomain) is never adopted, and
 * a token issued before sign-in is not reused after it. Otherwise a fresh token is set.
 */
export async function csrfCookie(
  db: Queryable,
  c: Ctx,
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
  return freshCsrf(c);
}

const CSRF_VIOLATION = {
  id: 'security_csrf_violation',
  reason:
    'Please retry the flow and optionally clear your cookies. The request was rejected to protect you from Cross-Site-Request-Forgery (CSRF) which could cause account takeover, leaking personal information, and other serious security issues.',
};

export function csrfViolation(c: Ctx): Response {
  return kratosError(
    c,
    403,
    'A security violation was detected, please fill out the form again.',
    CSRF_VIOLATION,
  );
}

export function flowNotFound(c: Ctx, kind: FlowKind): Response {
  return kratosError(c, 404, 'The requested resource could not be found', {
    reason: `The ${kind} flow does not exist.`,
  });
}

export function flowExpired(c: Ctx, kind: FlowKind): Response {
  return kratosError(
    c,
    410,
    'Your interaction expired, please fill out the form again.',
    {
      id: 'self_service_flow_expired',
      reason: 'The self-service flow expired, please start a new one.',
    },
    { redirect_to: `${originOf(c)}${prefixOf(c)}/self-service/${kind}/browser` },
  );
}

export function returnToForbidden(c: Ctx, returnTo: string): Response {
  return kratosError(c, 400, 'The return_to address is not allowed.', {
    id: 'self_service_flow_return_to_forbidden',
    reason: `Requested return_to URL "${returnTo.slice(0, 200)}" is not allowed.`,
  });
}

/** The `return_to` query of a flow start ('' when absent), or the 400 answer when not allowed. */
export function startReturnTo(c: Ctx): string | Response {
  const returnTo = c.req.query('return_to');
  if (returnTo === undefined || returnTo === '') return '';
  if (returnTo.length <= 2048 && isSafeReturnTo(returnTo)) return returnTo;
  return returnToForbidden(c, returnTo);
}

/** A flow start in a signed-in browser: to `return_to` (a page) or 400 (JSON). */
export function alreadySignedIn(c: Ctx, returnTo: string, what = 'login'): Response {
  if (!wantsJson(c)) return c.redirect(returnTo || '/', 303);
  return sessionAlreadyAvailable(c, what);
}

/** A new flow's answer: its console page (a browser) or the rendered flow (JSON). */
export async function flowStarted(
  c: Ctx,
  flow: FlowRow,
  render: () => object | Promise<object>,
): Promise<Response> {
  if (!wantsJson(c)) return c.redirect(`${FLOW_PAGES[flow.type]}?flow=${flow.id}`, 303);
  return c.json(await render());
}

/** Whether the browser's CSRF cookie (and, on submit, the body's token) opens the flow. */
export function csrfMatches(
  c: Ctx,
  flow: FlowRow,
  viewer: SessionRow | undefined,
  submitted?: string,
): string | undefined {
  const csrf = getCookie(c, CSRF_COOKIE);
  if (!csrf || csrf.length > 200) return undefined;
  if (submitted !== undefined && (!submitted || !safeEqual(csrf, submitted))) return undefined;
  if (!safeEqual(sha256Hex(csrf), flow.csrf_token_hash)) return undefined;
  if ((flow.session_id ?? null) !== (viewer?.id ?? null)) return undefined;
  return csrf;
}

/**
 * The flow a request names (`?id=` when fetched, `?flow=` when submitted), or the 404 (no such
 * flow of this kind) or 410 (expired) answer.
 */
export async function openFlow(
  db: Queryable,
  c: Ctx,
  kind: FlowKind,
  query: 'id' | 'flow',
): Promise<FlowRow | Response> {
  const flow = await loadFlow(db, kind, c.req.query(query) ?? '');
  if (!flow) return flowNotFound(c, kind);
  if (!flow.live) return flowExpired(c, kind);
  return flow;
}

/** A flow opened by a fetch or a submit: the browser's session and CSRF token match it. */
export interface OpenedFlow {
  flow: FlowRow;
  /** The browser's session (none: signed out). */
  viewer: FoundSession | undefined;
  csrf: string;
}

/**
 * A check of the browser's session against the flow, before its CSRF token is (e.g. "signed
 * out only", "the flow's identity only"): an answer ends the request.
 */
export type ViewerCheck = (
  viewer: FoundSession | undefined,
  flow: FlowRow,
) => Response | undefined | Promise<Response | undefined>;

/**
 * A fetch of a flow (`GET …/flows?id=`): the live flow (404 / 410), the browser's session,
 * `check` of it, and the CSRF cookie the flow was issued with (403).
 */
export async function fetchFlow(
  db: Queryable,
  c: Ctx,
  kind: FlowKind,
  check?: ViewerCheck,
): Promise<OpenedFlow | Response> {
  const flow = await openFlow(db, c, kind, 'id');
  if (flow instanceof Response) return flow;
  const viewer = await currentSession(db, c);
  const refused = await check?.(viewer, flow);
  if (refused) return refused;
  const csrf = csrfMatches(c, flow, viewer);
  if (!csrf) return csrfViolation(c);
  return { flow, viewer, csrf };
}

/**
 * A submit to a flow (`POST …?flow=`): the live flow (404 / 410), a JSON or form body (400), the
 * browser's session, `check` of it, and the CSRF cookie matching the body's `csrf_token` (403).
 */
export async function submitFlow(
  db: Queryable,
  c: Ctx,
  kind: FlowKind,
  check?: ViewerCheck,
): Promise<(OpenedFlow & { body: Body }) | Response> {
  const flow = await openFlow(db, c, kind, 'flow');
  if (flow instanceof Response) return flow;
  const body = await readBody(c);
  if (!body) return malformed(c);
  const viewer = await currentSession(db, c);
  const refused = await check?.(viewer, flow);
  if (refused) return refused;
  const csrf = csrfMatches(c, flow, viewer, field(body, 'csrf_token', 200));
  if (!csrf) return csrfViolation(c);
  return { flow, viewer, csrf, body };
}

// ---- bodies ----

export type Body = Record<string, unknown>;

/** A JSON object or form body; undefined when it is neither. */
export async function readBody(c: Ctx): Promise<Body | undefined> {
  const type = c.req.header('content-type') ?? '';
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    return undefined;
  }
  if (type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Body)
      : undefined;
  } catch {
    return undefined;
  }
}

export function malformed(c: Ctx): Response {
  return kratosError(c, 400, 'The request was malformed or contained invalid parameters', {
    reason: 'Unable to parse the request body as JSON.',
  });
}

/** A string field, '' when absent or not a string, cut at `max` characters. */
export function field(body: Body, name: string, max = 1024): string {
  const value = body[name];
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/** A boolean-ish submit field (`true`, `"true"`). */
export function flag(body: Body, name: string): boolean {
  const value = body[name];
  return value === true || value === 'true';
}

// ---- nodes ----

export function input(
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

export function submit(
  group: string,
  name: string,
  value: string,
  label: KratosUiText,
): KratosUiNode {
  return input(group, name, 'submit', { value, required: false }, label);
}

export function info(id: number, text: string): KratosUiText {
  return { id, text, type: 'info' };
}

/** The password input of a new password (registration, settings). */
export function newPasswordInput(messages?: KratosUiText[]): KratosUiNode {
  return input(
    'password',
    'password',
    'password',
    { autocomplete: 'new-password' },
    info(1070001, 'Password'),
    messages,
  );
}

/** The six-digit input of an authenticator app's code (aal2 login, linking TOTP in settings). */
export function totpCodeInput(messages?: KratosUiText[]): KratosUiNode {
  return input(
    'totp',
    'totp_code',
    'text',
    { autocomplete: 'one-time-code', maxlength: 6, pattern: '[0-9]{6}' },
    info(1070006, 'Verify code'),
    messages,
  );
}

export function renderFlow(
  c: Ctx,
  flow: FlowRow,
  csrf: string,
  nodes: KratosUiNode[],
  extra: Record<string, unknown> = {},
): KratosFlow & Record<string, unknown> {
  return {
    id: flow.id,
    type: 'browser',
    expires_at: new Date(flow.expires_at).toISOString(),
    issued_at: new Date(flow.issued_at).toISOString(),
    request_url: flow.request_url,
    ...(flow.return_to ? { return_to: flow.return_to } : {}),
    state: flow.state,
    ...extra,
    ui: {
      action: `${originOf(c)}${prefixOf(c)}/self-service/${flow.type}?flow=${flow.id}`,
      method: 'POST',
      nodes: [input('default', 'csrf_token', 'hidden', { value: csrf }), ...nodes],
      ...(flow.messages.length > 0 ? { messages: flow.messages } : {}),
    },
  };
}

// ---- identities ----

export interface IdentityRow {
  id: string;
  traits: { email?: string; name?: { first?: string; last?: string } } & Record<string, unknown>;
  state: string | null;
  created_at: Date | null;
  updated_at: Date | null;
}

export async function loadIdentity(db: Queryable, id: string): Promise<IdentityRow | undefined> {
  const result = await db.query<IdentityRow>(
    'SELECT id::text, traits, state, created_at, updated_at FROM identities WHERE id = $1',
    [id],
  );
  const row = result.rows[0];
  return row ? { ...row, traits: row.traits ?? {} } : undefined;
}

/** The active, non-deleted identity of an e-mail address (or user name). */
export async function identityByAddress(
  db: Queryable,
  address: string,
  emailOnly = false,
): Promise<string | undefined> {
  const result = await db.query<{ id: string }>(
    `SELECT i.id::text FROM identities i
     JOIN people p ON p.id = i.id AND p.deleted_at IS NULL
     LEFT JOIN vigil_accounts a ON a.identity_id = i.id
     WHERE i.state = 'active' AND (lower(i.traits ->> 'email') = lower($1)
       OR (NOT $2::boolean AND lower(a.username) = lower($1)))
     ORDER BY (lower(i.traits ->> 'email') = lower($1)) DESC
     LIMIT 1`,
    [address, emailOnly],
  );
  return result.rows[0]?.id;
}

export async function markVerified(
  db: Queryable,
  identityId: string,
  address: string,
): Promise<void> {
  await db.query(
    `INSERT INTO vigil_verified_addresses (identity_id, address) VALUES ($1, lower($2))
     ON CONFLICT DO NOTHING`,
    [identityId, address],
  );
}

/** The identity as Kratos shows it, with its verifiable and recovery addresses. */
export async function identityBody(
  db: Queryable,
  identity: IdentityRow,
): Promise<KratosSession['identity'] & Record<string, unknown>> {
  const email = typeof identity.traits.email === 'string' ? identity.traits.email : '';
  const verified = email
    ? await db.query<{ verified_at: Date }>(
        'SELECT verified_at FROM vigil_verified_addresses WHERE identity_id = $1 AND address = lower($2)',
        [identity.id, email],
      )
    : { rows: [] };
  const verifiedAt = verified.rows[0]?.verified_at;
  return {
    schema_id: 'default',
    id: identity.id,
    state: identity.state ?? 'active',
    traits: identity.traits,
    verifiable_addresses: email
      ? [
          {
            value: email,
            via: 'email',
            verified: verifiedAt !== undefined,
            status: verifiedAt !== undefined ? 'completed' : 'pending',
            ...(verifiedAt ? { verified_at: new Date(verifiedAt).toISOString() } : {}),
          },
        ]
      : [],
    recovery_addresses: email ? [{ value: email, via: 'email' }] : [],
    ...(identity.created_at ? { created_at: new Date(identity.created_at).toISOString() } : {}),
    ...(identity.updated_at ? { updated_at: new Date(identity.updated_at).toISOString() } : {}),
  };
}

export async function sessionBody(
  db: Queryable,
  session: SessionRow,
): Promise<KratosSession & Record<string, unknown>> {
  const identity = await loadIdentity(db, session.identity_id);
  const authenticatedAt = new Date(session.authenticated_at).toISOString();
  const methods =
    Array.isArray(session.methods) && session.methods.length > 0
      ? session.methods
      : [{ method: 'password', aal: 'aal1', completed_at: authenticatedAt }];
  return {
    id: session.id.slice(0, 32),
    active: true,
    expires_at: new Date(session.expires_at).toISOString(),
    authenticated_at: authenticatedAt,
    authenticator_assurance_level: session.aal ?? 'aal1',
    authentication_methods: methods,
    issued_at: new Date(session.issued_at).toISOString(),
    identity: identity
      ? await identityBody(db, identity)
      : { schema_id: 'default', id: session.identity_id, state: 'active', traits: {} },
  };
}

/** A property from VIGIL_PROPERTIES or the properties table (api.md §9.1). */
export async function readProperty(deps: FlowDeps, name: string): Promise<string | undefined> {
  const local = deps.properties.get(name);
  if (local !== undefined) return local;
  const result = await deps.db.query<{ value: string }>(
    'SELECT value FROM properties WHERE name = $1 AND deleted_at IS NULL LIMIT 1',
    [name],
  );
  return result.rows[0]?.value;
}

/** A six-digit code for recovery and verification, and its stored hash (salted by the flow). */
export function codeHash(flowId: string, code: string): string {
  return sha256Hex(`${flowId}:${code.trim()}`);
}
