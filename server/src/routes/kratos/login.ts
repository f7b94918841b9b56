/**
 * The login flow (docs/identity.md "Login variants"): password sign-in (`aal1`), the second
 * factor (`aal=aal2`: TOTP, recovery code or security key of the signed-in identity) and the
 * re-authentication of the signed-in identity (`refresh=true`).
 */
import type { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import type { KratosUiNode, KratosUiText } from '../../../../src/api/types';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../auth/crypto';
import {
  RATE_RULES,
  clientAddress,
  describeWait,
  hitRate,
  peekRate,
  resetRate,
} from '../../auth/rate-limit';
import {
  checkTotp,
  secondFactors,
  spendLookupCode,
  webauthnCredentials,
  needsAal2,
} from '../../auth/second-factors';
import { completeMethod, createSession, findSession, type SessionRow } from '../../auth/sessions';
import type { AppEnv } from '../../http/env';
import {
  CSRF_COOKIE,
  KRATOS_MESSAGES,
  aal2Location,
  alreadySignedIn,
  continueAt,
  csrfCookie,
  currentSession,
  deleteFlow,
  fetchFlow,
  field,
  flowStarted,
  info,
  input,
  insertFlow,
  isHttps,
  kratosError,
  loadIdentity,
  missing,
  originOf,
  renderFlow,
  sessionAlreadyAvailable,
  sessionBody,
  sessionInactive,
  setSessionCookie,
  startReturnTo,
  submit,
  submitFlow,
  totpCodeInput,
  updateFlow,
  wantsJson,
  type Ctx,
  type FlowDeps,
  type FlowRow,
} from './engine';

interface NodeMessages {
  identifier?: KratosUiText[];
  password?: KratosUiText[];
}

/** The nodes of a login flow by its variant. */
async function loginNodes(
  deps: FlowDeps,
  flow: FlowRow,
  nodeMessages: NodeMessages = {},
): Promise<KratosUiNode[]> {
  if (flow.requested_aal === 'aal2' && flow.identity_id) {
    const factors = await secondFactors(deps.db, flow.identity_id);
    const nodes: KratosUiNode[] = [];
    if (factors.totp) {
      nodes.push(
        totpCodeInput(),
        submit('totp', 'method', 'totp', info(1010009, 'Use Authenticator')),
      );
    }
    if (factors.lookupRemaining > 0) {
      nodes.push(
        input(
          'lookup_secret',
          'lookup_secret',
          'text',
          { autocomplete: 'off', maxlength: 64 },
          info(1010010, 'Backup recovery code'),
        ),
        submit(
          'lookup_secret',
          'method',
          'lookup_secret',
          info(1010009, 'Use backup recovery code'),
        ),
      );
    }
    if (factors.webauthn.length > 0 && flow.data.webauthn_options) {
      nodes.push(
        input(
          'webauthn',
          'webauthn_login_trigger',
          'button',
          {
            value: flow.data.webauthn_options,
            onclickTrigger: 'oryWebAuthnLogin',
            required: false,
          },
          info(1010008, 'Use security key'),
        ),
        input('webauthn', 'webauthn_login', 'hidden', { value: '', required: false }),
      );
    }
    return nodes;
  }
  return [
    input(
      'default',
      'identifier',
      'text',
      {
        value: flow.identifier ?? '',
        autocomplete: 'username',
        ...(flow.refresh && flow.identity_id ? { disabled: true } : {}),
      },
      info(1070004, 'Email or username'),
      nodeMessages.identifier,
    ),
    input(
      'password',
      'password',
      'password',
      { autocomplete: 'current-password' },
      info(1070001, 'Password'),
      nodeMessages.password,
    ),
    submit('password', 'method', 'password', info(1010001, 'Sign in')),
  ];
}

async function render(
  c: Ctx,
  deps: FlowDeps,
  flow: FlowRow,
  csrf: string,
  nodeMessages: NodeMessages = {},
) {
  return renderFlow(c, flow, csrf, await loginNodes(deps, flow, nodeMessages), {
    refresh: flow.refresh,
    requested_aal: flow.requested_aal,
  });
}

/** Start, fetch and submit routes of the login flow. */
export function loginRoutes(app: Hono<AppEnv>, deps: FlowDeps): void {
  const { db, config } = deps;

  app.get('/self-service/login/browser', async (c) => {
    const returnTo = startReturnTo(c);
    if (returnTo instanceof Response) return returnTo;
    const refresh = c.req.query('refresh') === 'true';
    const aal2 = c.req.query('aal') === 'aal2';
    const session = await currentSession(db, c);
    let identityId: string | undefined;
    let identifier: string | undefined;
    let data = {};
    if (aal2) {
      if (!session) return sessionInactive(c);
      const factors = await secondFactors(db, session.identity_id);
      if (session.aal === 'aal2' || !needsAal2(factors)) return alreadySignedIn(c, returnTo);
      identityId = session.identity_id;
      if (factors.webauthn.length > 0) {
        const options = await generateAuthenticationOptions({
          rpID: new URL(c.req.url).hostname,
          allowCredentials: factors.webauthn.map((key) => ({
            id: key.id,
            transports: key.transports,
          })),
          userVerification: 'discouraged',
        });
        data = { webauthn_options: JSON.stringify(options) };
      }
    } else if (session && !refresh) {
      return alreadySignedIn(c, returnTo);
    } else if (session && refresh) {
      identityId = session.identity_id;
      const identity = await loadIdentity(db, session.identity_id);
      identifier = typeof identity?.traits.email === 'string' ? identity.traits.email : '';
    }
    const csrf = await csrfCookie(db, c, session?.id);
    const flow = await insertFlow(db, c, {
      lifespanMs: deps.config.flowLifespanMs,
      kind: 'login',
      csrf,
      returnTo,
      refresh: refresh && !!session,
      sessionId: session?.id,
      identityId,
      identifier,
      state: 'choose_method',
      requestedAal: aal2 ? 'aal2' : 'aal1',
      data,
    });
    return flowStarted(c, flow, () => render(c, deps, flow, csrf));
  });

  app.get('/self-service/login/flows', async (c) => {
    const opened = await fetchFlow(db, c, 'login');
    if (opened instanceof Response) return opened;
    return c.json(await render(c, deps, opened.flow, opened.csrf));
  });

  app.post('/self-service/login', async (c) => {
    const opened = await submitFlow(db, c, 'login');
    if (opened instanceof Response) return opened;
    const { flow, viewer, csrf, body } = opened;
    const method = field(body, 'method', 64);

    if (flow.requested_aal === 'aal2') {
      if (!viewer || viewer.identity_id !== flow.identity_id) return sessionInactive(c);
      return secondFactor(c, deps, flow, csrf, viewer, method, body);
    }
    if (!flow.refresh && viewer) return sessionAlreadyAvailable(c);

    const identifier = flow.refresh
      ? (flow.identifier ?? '')
      : field(body, 'identifier', 320).trim();
    const password = field(body, 'password', 1024);
    const retry = async (
      messages: KratosUiText[],
      nodeMessages: NodeMessages = {},
    ): Promise<Response> => {
      const updated = await updateFlow(db, flow, { identifier, messages });
      return c.json(await render(c, deps, updated, csrf, nodeMessages), 400);
    };
    if (method !== 'password') return retry([KRATOS_MESSAGES.noStrategy]);
    if (!identifier || !password) {
      return retry([], {
        ...(identifier ? {} : { identifier: missing('identifier') }),
        ...(password ? {} : { password: missing('password') }),
      });
    }
    // Abuse limits (docs/security.md): failed sign-ins count against the client's address and the
    // account; once either limit is reached the password is not even checked.
    const addressKey = clientAddress(c);
    const accountKey = identifier.toLowerCase();
    const [address, failures] = await Promise.all([
      peekRate(db, RATE_RULES.loginAddress, addressKey),
      peekRate(db, RATE_RULES.loginAccount, accountKey),
    ]);
    if (address.exhausted || failures.exhausted) {
      return tooMany(
        c,
        Math.max(
          address.exhausted ? address.retryAfterSeconds : 0,
          failures.exhausted ? failures.retryAfterSeconds : 0,
        ),
        'sign-in',
      );
    }

    const account = await db.query<{ identity_id: string; password_hash: string }>(
      `SELECT a.identity_id::text, a.password_hash
       FROM vigil_accounts a JOIN identities i ON i.id = a.identity_id
       JOIN people p ON p.id = a.identity_id AND p.deleted_at IS NULL
       WHERE i.state = 'active' AND (lower(a.username) = lower($1) OR lower(i.traits ->> 'email') = lower($1))
         AND ($2::uuid IS NULL OR a.identity_id = $2::uuid)
       LIMIT 1`,
      [identifier, flow.refresh ? flow.identity_id : null],
    );
    const row = account.rows[0];
    // Hash even for unknown users so timing does not reveal which identifiers exist.
    const valid = await verifyPassword(password, row?.password_hash ?? DUMMY_PASSWORD_HASH);
    if (!row || !valid) {
      await hitRate(db, RATE_RULES.loginAccount, accountKey);
      await hitRate(db, RATE_RULES.loginAddress, addressKey);
      return retry([KRATOS_MESSAGES.invalidCredentials]);
    }
    await resetRate(db, RATE_RULES.loginAccount, accountKey);

    if (flow.refresh && viewer) {
      // Re-authentication: the same session, authenticated now (privileged for 15 minutes).
      await completeMethod(db, viewer.id, 'password', 'aal1');
      await deleteFlow(db, flow.id);
      if (!wantsJson(c)) return c.redirect(flow.return_to ?? '/', 303);
      const renewed = await currentSession(db, c);
      return c.json({ session: await sessionBody(db, renewed ?? viewer), continue_with: [] });
    }

    const session = await createSession(db, row.identity_id, config.sessionTtlMs);
    await deleteFlow(db, flow.id);
    // The pre-sign-in CSRF token is done with: flows in the new session get one bound to it.
    deleteCookie(c, CSRF_COOKIE, { path: '/', secure: isHttps(c) });
    setSessionCookie(c, session.token, session.expiresAt);
    if (needsAal2(await secondFactors(db, row.identity_id))) {
      // A second factor is needed: the aal1 session is set, the browser goes to the aal2 login.
      const to = aal2Location(flow.return_to ?? undefined);
      return continueAt(c, to, 'A second factor is required to complete the sign-in.');
    }
    if (!wantsJson(c)) return c.redirect(flow.return_to ?? '/', 303);
    const found = await findSession(db, session.token);
    if (!found || found === 'expired') throw new Error('session vanished right after login');
    return c.json({ session: await sessionBody(db, found), continue_with: [] });
  });
}

export function tooMany(c: Ctx, retryAfterSeconds: number, what: string): Response {
  c.header('Retry-After', String(retryAfterSeconds));
  return kratosError(
    c,
    429,
    `Too many ${what} attempts. Try again in ${describeWait(retryAfterSeconds)}.`,
    {
      id: 'self_service_flow_rate_limited',
      reason: `Too many ${what} attempts from this address or for this account.`,
    },
  );
}

/** A second factor submitted to an aal2 login flow: success upgrades the session to aal2. */
async function secondFactor(
  c: Ctx,
  deps: FlowDeps,
  flow: FlowRow,
  csrf: string,
  viewer: SessionRow,
  method: string,
  body: Record<string, unknown>,
): Promise<Response> {
  const { db } = deps;
  const identityId = viewer.identity_id;
  const retry = async (messages: KratosUiText[]): Promise<Response> => {
    const updated = await updateFlow(db, flow, { messages });
    return c.json(await render(c, deps, updated, csrf), 400);
  };
  if (!['totp', 'lookup_secret', 'webauthn'].includes(method)) {
    return retry([KRATOS_MESSAGES.noStrategy]);
  }
  const limit = await peekRate(db, RATE_RULES.secondFactor, identityId);
  if (limit.exhausted) return tooMany(c, limit.retryAfterSeconds, 'second-factor');
  let ok = false;
  let failure: KratosUiText = KRATOS_MESSAGES.totpInvalid;
  if (method === 'totp') {
    const code = field(body, 'totp_code', 16).trim();
    if (!code) return retry(missing('totp_code'));
    ok = await checkTotp(db, deps.secrets, identityId, code);
  } else if (method === 'lookup_secret') {
    const code = field(body, 'lookup_secret', 64);
    if (!code.trim()) return retry(missing('lookup_secret'));
    const result = await spendLookupCode(db, identityId, code);
    ok = result === 'ok';
    failure = result === 'used' ? KRATOS_MESSAGES.lookupUsed : KRATOS_MESSAGES.lookupInvalid;
  } else {
    failure = KRATOS_MESSAGES.webauthnInvalid;
    const raw = field(body, 'webauthn_login', 65_536);
    if (!raw) return retry(missing('webauthn_login'));
    ok = await checkWebauthnLogin(c, deps, flow, identityId, raw);
  }
  if (!ok) {
    await hitRate(db, RATE_RULES.secondFactor, identityId);
    return retry([failure]);
  }
  await resetRate(db, RATE_RULES.secondFactor, identityId);
  await completeMethod(db, viewer.id, method, 'aal2');
  await deleteFlow(db, flow.id);
  if (!wantsJson(c)) return c.redirect(flow.return_to ?? '/', 303);
  const upgraded = (await currentSession(db, c)) ?? viewer;
  return c.json({ session: await sessionBody(db, upgraded), continue_with: [] });
}

/** Expected origins of a WebAuthn response: the request's origin and its Origin header's. */
export function expectedOrigins(c: Ctx): string[] {
  const origins = [originOf(c)];
  const header = c.req.header('origin');
  if (header && header !== 'null') origins.push(header);
  return origins;
}

async function checkWebauthnLogin(
  c: Ctx,
  deps: FlowDeps,
  flow: FlowRow,
  identityId: string,
  raw: string,
): Promise<boolean> {
  const options = flow.data.webauthn_options;
  if (!options) return false;
  let response: AuthenticationResponseJSON;
  let challenge: string;
  try {
    response = JSON.parse(raw) as AuthenticationResponseJSON;
    challenge = (JSON.parse(options) as { challenge: string }).challenge;
  } catch {
    return false;
  }
  if (!response || typeof response !== 'object' || typeof response.id !== 'string') return false;
  const stored = (await webauthnCredentials(deps.db, identityId)).find(
    (key) => key.id === response.id,
  );
  if (!stored) return false;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: expectedOrigins(c),
      expectedRPID: new URL(c.req.url).hostname,
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(Buffer.from(stored.public_key, 'base64url')),
        counter: Number(stored.counter),
        transports: stored.transports as never,
      },
      requireUserVerification: false,
    });
    if (!result.verified) return false;
    await deps.db.query(
      'UPDATE vigil_webauthn_credentials SET counter = $2, last_used_at = now() WHERE id = $1',
      [stored.id, result.authenticationInfo.newCounter],
    );
    return true;
  } catch {
    return false;
  }
}
