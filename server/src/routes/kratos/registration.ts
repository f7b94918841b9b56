/**
 * The registration flow (docs/identity.md): traits e-mail, first and last name and a password
 * under the password policy (server/src/auth/password-policy.ts). A registration creates the
 * identity, its people row and its login (no role: a viewer), signs it in (aal1) and starts a
 * verification flow whose code is mailed. The property `identity.registration.disabled=true`
 * turns registration off (invitations keep working).
 */
import type { Hono } from 'hono';
import type { KratosUiNode, KratosUiText } from '../../../../src/api/types';
import { createAccount } from '../../auth/accounts';
import { hashPassword } from '../../auth/crypto';
import { passwordPolicyMessage, passwordPolicyProblem } from '../../auth/password-policy';
import { RATE_RULES, clientAddress, hitRate, peekRate } from '../../auth/rate-limit';
import { createSession, findSession } from '../../auth/sessions';
import type { AppEnv } from '../../http/env';
import { startVerification } from './codes';
import {
  KRATOS_MESSAGES,
  alreadySignedIn,
  csrfCookie,
  currentSession,
  deleteFlow,
  fetchFlow,
  field,
  flowStarted,
  freshCsrf,
  identityBody,
  info,
  input,
  insertFlow,
  invalid,
  kratosError,
  loadIdentity,
  missing,
  newPasswordInput,
  readProperty,
  renderFlow,
  sessionAlreadyAvailable,
  sessionBody,
  setSessionCookie,
  startReturnTo,
  submit,
  submitFlow,
  updateFlow,
  wantsJson,
  type Body,
  type Ctx,
  type FlowDeps,
  type FlowRow,
} from './engine';

/** The property that turns registration off. */
export const REGISTRATION_DISABLED_PROPERTY = 'identity.registration.disabled';
export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;
const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@.][^\s@]*\.[^\s@]+$/;

export interface Traits {
  email: string;
  name: { first: string; last: string };
}

export type TraitMessages = Partial<Record<'email' | 'first' | 'last', KratosUiText[]>>;

/** The traits of a body: `{traits: {email, name: {first, last}}}` or form fields `traits.email`…. */
export function traitsOf(body: Body): Traits {
  const nested = body.traits && typeof body.traits === 'object' ? (body.traits as Body) : {};
  const name = nested.name && typeof nested.name === 'object' ? (nested.name as Body) : {};
  const text = (value: unknown, flat: string): string =>
    (typeof value === 'string' ? value : field(body, flat, 1024)).slice(0, 1024).trim();
  return {
    email: text(nested.email, 'traits.email'),
    name: {
      first: text(name.first, 'traits.name.first'),
      last: text(name.last, 'traits.name.last'),
    },
  };
}

/** Messages for traits that are missing or invalid (none: the traits are fine). */
export function traitProblems(traits: Traits): TraitMessages {
  const problems: TraitMessages = {};
  if (!traits.email) problems.email = missing('email');
  else if (traits.email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(traits.email)) {
    problems.email = invalid(`"${traits.email.slice(0, 100)}" is not valid "email"`);
  }
  for (const part of ['first', 'last'] as const) {
    const value = traits.name[part];
    if (!value) problems[part] = missing(part);
    else if (value.length > MAX_NAME_LENGTH) {
      problems[part] = invalid(`length must be <= ${MAX_NAME_LENGTH}, but got ${value.length}`);
    }
  }
  return problems;
}

/** The trait inputs (group `default` in registration, `profile` in settings). */
export function traitNodes(
  group: string,
  traits: { email?: string; name?: { first?: string; last?: string } },
  messages: TraitMessages = {},
): KratosUiNode[] {
  return [
    input(
      group,
      'traits.email',
      'email',
      { value: traits.email ?? '', autocomplete: 'email', maxlength: MAX_EMAIL_LENGTH },
      info(1070002, 'E-Mail'),
      messages.email,
    ),
    input(
      group,
      'traits.name.first',
      'text',
      { value: traits.name?.first ?? '', autocomplete: 'given-name', maxlength: MAX_NAME_LENGTH },
      info(1070002, 'First Name'),
      messages.first,
    ),
    input(
      group,
      'traits.name.last',
      'text',
      { value: traits.name?.last ?? '', autocomplete: 'family-name', maxlength: MAX_NAME_LENGTH },
      info(1070002, 'Last Name'),
      messages.last,
    ),
  ];
}

/** Whether another identity (or login name) has the address. */
export async function addressTaken(
  deps: FlowDeps,
  email: string,
  except?: string,
): Promise<boolean> {
  const taken = await deps.db.query(
    `SELECT 1 FROM identities WHERE lower(traits ->> 'email') = lower($1) AND id IS DISTINCT FROM $2::uuid
     UNION ALL SELECT 1 FROM vigil_accounts WHERE lower(username) = lower($1) AND identity_id IS DISTINCT FROM $2::uuid
     LIMIT 1`,
    [email, except ?? null],
  );
  return taken.rows.length > 0;
}

function registrationDisabled(c: Ctx): Response {
  return kratosError(c, 400, 'Registration is not allowed because it was disabled.', {
    id: 'self_service_flow_disabled',
    reason: 'Registration is not allowed because it was disabled.',
  });
}

async function disabled(deps: FlowDeps): Promise<boolean> {
  return (
    (await readProperty(deps, REGISTRATION_DISABLED_PROPERTY))?.trim().toLowerCase() === 'true'
  );
}

function render(
  c: Ctx,
  flow: FlowRow,
  csrf: string,
  messages: TraitMessages & { password?: KratosUiText[] } = {},
) {
  const traits = (flow.data.traits ?? {}) as {
    email?: string;
    name?: { first?: string; last?: string };
  };
  return renderFlow(c, flow, csrf, [
    ...traitNodes('default', traits, messages),
    newPasswordInput(messages.password),
    submit('password', 'method', 'password', info(1040001, 'Sign up')),
  ]);
}

export function registrationRoutes(app: Hono<AppEnv>, deps: FlowDeps): void {
  const { db, config } = deps;

  app.get('/self-service/registration/browser', async (c) => {
    if (await disabled(deps)) return registrationDisabled(c);
    const returnTo = startReturnTo(c);
    if (returnTo instanceof Response) return returnTo;
    if (await currentSession(db, c)) return alreadySignedIn(c, returnTo, 'registration');
    const csrf = await csrfCookie(db, c, undefined);
    const flow = await insertFlow(db, c, {
      lifespanMs: deps.config.flowLifespanMs,
      kind: 'registration',
      csrf,
      returnTo,
      state: 'choose_method',
    });
    return flowStarted(c, flow, () => render(c, flow, csrf));
  });

  app.get('/self-service/registration/flows', async (c) => {
    const opened = await fetchFlow(db, c, 'registration');
    if (opened instanceof Response) return opened;
    return c.json(render(c, opened.flow, opened.csrf));
  });

  app.post('/self-service/registration', async (c) => {
    if (await disabled(deps)) return registrationDisabled(c);
    const opened = await submitFlow(db, c, 'registration', (viewer) =>
      viewer ? sessionAlreadyAvailable(c, 'registration') : undefined,
    );
    if (opened instanceof Response) return opened;
    const { flow, csrf, body } = opened;
    const traits = traitsOf(body);
    const password = field(body, 'password', 4096);
    const retry = async (
      messages: KratosUiText[],
      nodeMessages: TraitMessages & { password?: KratosUiText[] } = {},
    ): Promise<Response> => {
      const updated = await updateFlow(db, flow, { messages, data: { traits: { ...traits } } });
      return c.json(render(c, updated, csrf, nodeMessages), 400);
    };
    if (field(body, 'method', 64) !== 'password') return retry([KRATOS_MESSAGES.noStrategy]);
    const problems = traitProblems(traits);
    if (!password) return retry([], { ...problems, password: missing('password') });
    if (Object.keys(problems).length > 0) return retry([], problems);
    const policy = passwordPolicyProblem(password, traits.email);
    if (policy) return retry([], { password: [passwordPolicyMessage(policy)] });

    const addressKey = clientAddress(c);
    const limit = await peekRate(db, RATE_RULES.registrationAddress, addressKey);
    if (limit.exhausted) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      return kratosError(c, 429, 'Too many registrations from this address.', {
        id: 'self_service_flow_rate_limited',
        reason: 'Too many registrations from this address.',
      });
    }
    if (await addressTaken(deps, traits.email)) return retry([KRATOS_MESSAGES.duplicate]);
    const passwordHash = await hashPassword(password);
    let identityId: string;
    try {
      identityId = await db.transaction(async (tx) => {
        // Checked again inside the transaction: of two racing registrations one wins.
        const taken = await tx.query(
          `SELECT 1 FROM identities WHERE lower(traits ->> 'email') = lower($1)
           UNION ALL SELECT 1 FROM vigil_accounts WHERE lower(username) = lower($1) LIMIT 1`,
          [traits.email],
        );
        if (taken.rows.length > 0) throw new DuplicateAddress();
        return createAccount(tx, {
          email: traits.email,
          username: traits.email,
          firstName: traits.name.first,
          lastName: traits.name.last,
          password,
          passwordHash,
          roles: [],
        });
      });
    } catch (error: unknown) {
      if (error instanceof DuplicateAddress) return retry([KRATOS_MESSAGES.duplicate]);
      // A unique index lost the race (user names are unique case-insensitively).
      if (error instanceof Error && /unique|duplicate/i.test(error.message)) {
        return retry([KRATOS_MESSAGES.duplicate]);
      }
      throw error;
    }
    await hitRate(db, RATE_RULES.registrationAddress, addressKey);
    await deleteFlow(db, flow.id);

    const session = await createSession(db, identityId, config.sessionTtlMs);
    setSessionCookie(c, session.token, session.expiresAt);
    // The pre-registration CSRF token is done with: a new one, bound to the new session.
    const newCsrf = freshCsrf(c);
    const verification = await startVerification(
      c,
      deps,
      newCsrf,
      session.id,
      identityId,
      traits.email,
      flow.return_to,
    );
    if (!wantsJson(c)) return c.redirect(`/verification?flow=${verification.id}`, 303);
    const found = await findSession(db, session.token);
    const identity = await loadIdentity(db, identityId);
    if (!found || found === 'expired' || !identity)
      throw new Error('registration lost its session');
    return c.json({
      session: await sessionBody(db, found),
      identity: await identityBody(db, identity),
      continue_with: [
        {
          action: 'show_verification_ui',
          flow: {
            id: verification.id,
            verifiable_address: traits.email,
            url: `/verification?flow=${verification.id}`,
          },
        },
      ],
    });
  });
}

class DuplicateAddress extends Error {}
