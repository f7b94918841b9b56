/**
 * The settings flow (docs/identity.md): profile (traits), password, TOTP, recovery codes
 * (lookup_secret) and WebAuthn keys of the signed-in identity. Credential changes need a sign-in
 * within the last 15 minutes (`session_refresh_required` otherwise); an identity with a second
 * factor needs an aal2 session for any of it.
 */
import type { Hono } from 'hono';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import QRCode from 'qrcode';
import { generateSecret, generateURI } from 'otplib';
import type { KratosUiNode, KratosUiText } from '../../../../src/api/types';
import { hashPassword } from '../../auth/crypto';
import { passwordPolicyMessage, passwordPolicyProblem } from '../../auth/password-policy';
import { RATE_RULES, hitRate, peekRate } from '../../auth/rate-limit';
import {
  TOTP_ISSUER,
  lookupHash,
  newLookupCodes,
  removeLookupCodes,
  removeTotp,
  saveLookupCodes,
  saveTotp,
  secondFactors,
  totpStep,
  type SecondFactors,
} from '../../auth/second-factors';
import { completeMethod, endOtherSessions, type FoundSession } from '../../auth/sessions';
import { revokeKubeconfigTokens } from '../kubeconfig';
import { decryptSecret, encryptSecret } from '../../secrets/keyring';
import type { AppEnv } from '../../http/env';
import { expectedOrigins, tooMany } from './login';
import {
  addressTaken,
  traitNodes,
  traitProblems,
  traitsOf,
  type TraitMessages,
} from './registration';
import {
  KRATOS_MESSAGES,
  aal2Required,
  csrfCookie,
  currentSession,
  fetchFlow,
  field,
  flag,
  flowStarted,
  info,
  input,
  insertFlow,
  kratosError,
  loadIdentity,
  missing,
  newPasswordInput,
  redirectError,
  renderFlow,
  sessionInactive,
  startReturnTo,
  submit,
  submitFlow,
  totpCodeInput,
  updateFlow,
  type Ctx,
  type FlowData,
  type FlowDeps,
  type FlowRow,
  type IdentityRow,
  type ViewerCheck,
} from './engine';

const MAX_KEY_NAME = 100;

interface RenderExtras {
  messages?: TraitMessages & {
    password?: KratosUiText[];
    totp_code?: KratosUiText[];
    webauthn?: KratosUiText[];
  };
  /** Recovery codes just generated: shown in this answer only. */
  codes?: string[];
}

function textNode(
  group: string,
  id: string,
  text: KratosUiText & { context?: Record<string, unknown> },
): KratosUiNode {
  return {
    type: 'text',
    group,
    attributes: { name: '', type: 'text', node_type: 'text', id, text },
    messages: [],
    meta: {},
  };
}

/** Fill in what the flow's forms need (a pending TOTP secret, WebAuthn options) once. */
async function prepare(
  c: Ctx,
  deps: FlowDeps,
  flow: FlowRow,
  identity: IdentityRow,
  factors: SecondFactors,
): Promise<FlowRow> {
  const data: FlowData = { ...flow.data };
  let changed = false;
  if (!factors.totp && !data.totp_secret) {
    data.totp_secret = encryptSecret(await deps.secrets.keyring(), generateSecret());
    changed = true;
  }
  if (!data.webauthn_options) {
    const email = typeof identity.traits.email === 'string' ? identity.traits.email : identity.id;
    const options = await generateRegistrationOptions({
      rpName: 'Vigil',
      rpID: new URL(c.req.url).hostname,
      userName: email,
      userID: new Uint8Array(Buffer.from(identity.id.replace(/-/g, ''), 'hex')),
      userDisplayName:
        `${identity.traits.name?.first ?? ''} ${identity.traits.name?.last ?? ''}`.trim() || email,
      attestationType: 'none',
      excludeCredentials: factors.webauthn.map((key) => ({
        id: key.id,
        transports: key.transports,
      })),
      authenticatorSelection: { residentKey: 'discouraged', userVerification: 'discouraged' },
    });
    data.webauthn_options = JSON.stringify(options);
    changed = true;
  }
  if (!changed) return flow;
  const result = await deps.db.query<{ data: FlowData }>(
    'UPDATE vigil_flows SET data = $2::jsonb WHERE id = $1 RETURNING data',
    [flow.id, JSON.stringify(data)],
  );
  return { ...flow, data: result.rows[0]?.data ?? data };
}

async function render(
  c: Ctx,
  deps: FlowDeps,
  flowIn: FlowRow,
  csrf: string,
  extras: RenderExtras = {},
): Promise<Record<string, unknown>> {
  const identityId = flowIn.identity_id ?? '';
  const identity = (await loadIdentity(deps.db, identityId)) ?? {
    id: identityId,
    traits: {},
    state: 'active',
    created_at: null,
    updated_at: null,
  };
  const factors = await secondFactors(deps.db, identityId);
  const flow = await prepare(c, deps, flowIn, identity, factors);
  const messages = extras.messages ?? {};
  const traits = (flow.data.traits as IdentityRow['traits'] | undefined) ?? identity.traits;
  const save = info(1070003, 'Save');
  const nodes: KratosUiNode[] = [
    ...traitNodes('profile', traits, messages),
    submit('profile', 'method', 'profile', save),
    newPasswordInput(messages.password),
    submit('password', 'method', 'password', save),
  ];
  // TOTP
  if (factors.totp) {
    nodes.push(
      submit('totp', 'totp_unlink', 'true', info(1050003, 'Unlink TOTP Authenticator App')),
    );
  }
  const pending = factors.totp ? undefined : await pendingTotpSecret(deps, flow);
  if (pending) {
    const secret = pending;
    const email = typeof identity.traits.email === 'string' ? identity.traits.email : identity.id;
    const uri = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
    const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 256 });
    nodes.push(
      {
        type: 'img',
        group: 'totp',
        attributes: {
          name: '',
          type: 'img',
          node_type: 'img',
          id: 'totp_qr',
          src: qr,
          width: 256,
          height: 256,
        },
        messages: [],
        meta: { label: info(1050005, 'Authenticator app QR code') },
      },
      textNode('totp', 'totp_secret_key', {
        id: 1050006,
        text: secret,
        type: 'info',
        context: { secret },
      }),
      totpCodeInput(messages.totp_code),
      submit('totp', 'method', 'totp', save),
    );
  }
  // Recovery codes
  if (extras.codes) {
    nodes.push(
      textNode('lookup_secret', 'lookup_secret_codes', {
        id: 1050015,
        text: extras.codes.join(', '),
        type: 'info',
        context: {
          secrets: extras.codes.map((code) => ({ id: 1050009, text: code, type: 'info' })),
        },
      }),
      submit(
        'lookup_secret',
        'lookup_secret_confirm',
        'true',
        info(1050011, 'Confirm backup recovery codes'),
      ),
    );
  } else {
    if (factors.lookupTotal > 0) {
      nodes.push(
        textNode('lookup_secret', 'lookup_secret_remaining', {
          id: 1050014,
          text: `${factors.lookupRemaining} of ${factors.lookupTotal} backup recovery codes are unused.`,
          type: 'info',
          context: { remaining: factors.lookupRemaining, total: factors.lookupTotal },
        }),
      );
    }
    nodes.push(
      submit(
        'lookup_secret',
        'lookup_secret_regenerate',
        'true',
        info(1050008, 'Generate new backup recovery codes'),
      ),
    );
    if (factors.lookupTotal > 0) {
      nodes.push(
        submit(
          'lookup_secret',
          'lookup_secret_disable',
          'true',
          info(1050016, 'Disable this method'),
        ),
      );
    }
  }
  // WebAuthn
  for (const key of factors.webauthn) {
    nodes.push(
      submit(
        'webauthn',
        'webauthn_remove',
        key.id,
        info(1050018, `Remove security key "${key.display_name}"`),
      ),
    );
  }
  nodes.push(
    input(
      'webauthn',
      'webauthn_register_displayname',
      'text',
      { value: '', required: false, maxlength: MAX_KEY_NAME },
      info(1050013, 'Name of the security key'),
      messages.webauthn,
    ),
    input(
      'webauthn',
      'webauthn_register_trigger',
      'button',
      {
        value: flow.data.webauthn_options ?? '',
        onclickTrigger: 'oryWebAuthnRegistration',
        required: false,
      },
      info(1050012, 'Add security key'),
    ),
    input('webauthn', 'webauthn_register', 'hidden', { value: '', required: false }),
  );
  return renderFlow(c, flow, csrf, nodes, {
    identity: { id: identity.id, traits: identity.traits },
  });
}

/** The flow's pending TOTP secret; undefined when there is none or it cannot be decrypted. */
async function pendingTotpSecret(deps: FlowDeps, flow: FlowRow): Promise<string | undefined> {
  if (!flow.data.totp_secret) return undefined;
  try {
    return decryptSecret(await deps.secrets.keyring(), flow.data.totp_secret);
  } catch {
    return undefined;
  }
}

function refreshRequired(c: Ctx, flow: FlowRow): Response {
  const returnTo = `/profile-settings?flow=${flow.id}`;
  return redirectError(
    c,
    403,
    'session_refresh_required',
    'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
    'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
    `/login?${new URLSearchParams({ refresh: 'true', return_to: returnTo }).toString()}`,
  );
}

/** A session of an identity with a second factor must be aal2 before settings open. */
function aalProblem(c: Ctx, session: FoundSession, returnTo: string): Response | undefined {
  return session.needs_aal2 ? aal2Required(c, returnTo) : undefined;
}

/**
 * A settings flow opens only to a session of its own identity; with `aal`, only to an aal2 one
 * when the identity has a second factor (a submit checks that after its CSRF token).
 */
function ownFlow(c: Ctx, aal: boolean): ViewerCheck {
  return (session, flow) => {
    if (!session) return sessionInactive(c);
    if (session.identity_id !== flow.identity_id) return identityMismatch(c);
    return aal ? aalProblem(c, session, `/profile-settings?flow=${flow.id}`) : undefined;
  };
}

export function settingsRoutes(app: Hono<AppEnv>, deps: FlowDeps): void {
  const { db } = deps;

  app.get('/self-service/settings/browser', async (c) => {
    const returnTo = startReturnTo(c);
    if (returnTo instanceof Response) return returnTo;
    const session = await currentSession(db, c);
    if (!session) return sessionInactive(c);
    const aal = aalProblem(c, session, '/profile-settings');
    if (aal) return aal;
    const csrf = await csrfCookie(db, c, session.id);
    const flow = await insertFlow(db, c, {
      lifespanMs: deps.config.flowLifespanMs,
      kind: 'settings',
      csrf,
      returnTo,
      sessionId: session.id,
      identityId: session.identity_id,
      state: 'show_form',
    });
    return flowStarted(c, flow, () => render(c, deps, flow, csrf));
  });

  app.get('/self-service/settings/flows', async (c) => {
    const opened = await fetchFlow(db, c, 'settings', ownFlow(c, true));
    if (opened instanceof Response) return opened;
    return c.json(await render(c, deps, opened.flow, opened.csrf));
  });

  app.post('/self-service/settings', async (c) => {
    const opened = await submitFlow(db, c, 'settings', ownFlow(c, false));
    if (opened instanceof Response) return opened;
    const { flow, csrf, body } = opened;
    const session = opened.viewer;
    if (!session) return sessionInactive(c);
    const aal = aalProblem(c, session, `/profile-settings?flow=${flow.id}`);
    if (aal) return aal;
    const identityId = session.identity_id;
    const identity = await loadIdentity(db, identityId);
    if (!identity) return sessionInactive(c);
    const method = field(body, 'method', 64);

    const retry = async (messages: KratosUiText[], extras: RenderExtras = {}, data?: FlowData) => {
      const updated = await updateFlow(db, flow, {
        state: 'show_form',
        messages,
        ...(data ? { data } : {}),
      });
      return c.json(await render(c, deps, updated, csrf, extras), 400);
    };
    const saved = async (data: FlowData, extras: RenderExtras = {}) => {
      const updated = await updateFlow(db, flow, {
        state: 'success',
        messages: [KRATOS_MESSAGES.settingsSaved],
        data,
      });
      return c.json(await render(c, deps, updated, csrf, extras));
    };
    const { traits: _discard, ...dataWithoutTraits } = flow.data;
    void _discard;

    if (method === 'profile') {
      const traits = traitsOf(body);
      const problems = traitProblems(traits);
      if (Object.keys(problems).length > 0) {
        return retry([], { messages: problems }, { ...flow.data, traits: traits as never });
      }
      if (await addressTaken(deps, traits.email, identityId)) {
        return retry([KRATOS_MESSAGES.duplicate], {}, { ...flow.data, traits: traits as never });
      }
      await db.query(
        `UPDATE identities SET traits = coalesce(traits, '{}'::jsonb) || $2::jsonb, updated_at = now() WHERE id = $1`,
        [identityId, JSON.stringify(traits)],
      );
      return saved(dataWithoutTraits);
    }
    if (!['password', 'totp', 'lookup_secret', 'webauthn'].includes(method)) {
      return retry([
        {
          id: 4010002,
          text: 'Could not find a strategy to update your settings. Did you fill out the form correctly?',
          type: 'error',
        },
      ]);
    }
    // Credential changes: a recent sign-in (privileged_session_max_age).
    if (
      Date.now() - new Date(session.authenticated_at).getTime() >
      deps.config.privilegedSessionMaxAgeMs
    ) {
      return refreshRequired(c, flow);
    }

    if (method === 'password') {
      const password = field(body, 'password', 4096);
      if (!password) return retry([], { messages: { password: missing('password') } });
      const email = typeof identity.traits.email === 'string' ? identity.traits.email : '';
      const problem = passwordPolicyProblem(password, email);
      if (problem) return retry([], { messages: { password: [passwordPolicyMessage(problem)] } });
      await db.query(
        'UPDATE vigil_accounts SET password_hash = $2, updated_at = now() WHERE identity_id = $1',
        [identityId, await hashPassword(password)],
      );
      // Sessions and kubeconfig tokens got with the old password end (this one stays).
      await endOtherSessions(db, identityId, session.id);
      await revokeKubeconfigTokens(db, identityId);
      return saved(dataWithoutTraits);
    }

    if (method === 'totp') {
      if (flag(body, 'totp_unlink')) {
        await removeTotp(db, identityId);
        const { totp_secret: _old, ...rest } = dataWithoutTraits;
        void _old;
        return saved(rest);
      }
      const code = field(body, 'totp_code', 16).trim();
      if (!code) return retry([], { messages: { totp_code: missing('totp_code') } });
      const secret = await pendingTotpSecret(deps, flow);
      if (!secret) return retry([KRATOS_MESSAGES.totpInvalid]);
      const limit = await peekRate(db, RATE_RULES.secondFactor, identityId);
      if (limit.exhausted) return tooMany(c, limit.retryAfterSeconds, 'second-factor');
      const step = await totpStep(secret, code);
      if (step === undefined) {
        await hitRate(db, RATE_RULES.secondFactor, identityId);
        return retry([], { messages: { totp_code: [KRATOS_MESSAGES.totpInvalid] } });
      }
      await saveTotp(db, deps.secrets, identityId, secret, step);
      // The code proved the new factor: this session counts as aal2.
      await completeMethod(db, session.id, 'totp', 'aal2');
      const { totp_secret: _used, ...rest } = dataWithoutTraits;
      void _used;
      return saved(rest);
    }

    if (method === 'lookup_secret') {
      if (flag(body, 'lookup_secret_regenerate')) {
        const codes = newLookupCodes();
        const updated = await updateFlow(db, flow, {
          state: 'show_form',
          messages: [],
          data: {
            ...dataWithoutTraits,
            lookup_pending: codes.map((code) => lookupHash(identityId, code)),
          },
        });
        return c.json(await render(c, deps, updated, csrf, { codes }));
      }
      if (flag(body, 'lookup_secret_confirm')) {
        const pending = flow.data.lookup_pending;
        if (!pending || pending.length === 0) {
          return retry([
            {
              id: 4000001,
              text: 'There are no new backup recovery codes to confirm.',
              type: 'error',
            },
          ]);
        }
        await saveLookupCodes(db, identityId, pending);
        await completeMethod(db, session.id, 'lookup_secret', 'aal2');
        const { lookup_pending: _done, ...rest } = dataWithoutTraits;
        void _done;
        return saved(rest);
      }
      if (flag(body, 'lookup_secret_disable')) {
        await removeLookupCodes(db, identityId);
        const { lookup_pending: _done, ...rest } = dataWithoutTraits;
        void _done;
        return saved(rest);
      }
      return retry([
        {
          id: 4010002,
          text: 'Could not find a strategy to update your settings. Did you fill out the form correctly?',
          type: 'error',
        },
      ]);
    }

    // webauthn
    const remove = field(body, 'webauthn_remove', 1024);
    if (remove) {
      const deleted = await db.query(
        'DELETE FROM vigil_webauthn_credentials WHERE id = $1 AND identity_id = $2 RETURNING 1',
        [remove, identityId],
      );
      if (deleted.rows.length === 0) return retry([KRATOS_MESSAGES.noWebauthnKey]);
      const { webauthn_options: _old, ...rest } = dataWithoutTraits;
      void _old;
      return saved(rest);
    }
    const raw = field(body, 'webauthn_register', 65_536);
    if (!raw) return retry([], { messages: { webauthn: missing('webauthn_register') } });
    const name = field(body, 'webauthn_register_displayname', 1024).trim() || 'Security key';
    if (name.length > MAX_KEY_NAME) {
      return retry([], {
        messages: {
          webauthn: [
            {
              id: 4000001,
              text: `length must be <= ${MAX_KEY_NAME}, but got ${name.length}`,
              type: 'error',
            },
          ],
        },
      });
    }
    const registered = await verifyRegistration(c, flow, raw);
    if (!registered) {
      await hitRate(db, RATE_RULES.secondFactor, identityId);
      return retry([KRATOS_MESSAGES.webauthnInvalid]);
    }
    const { credential } = registered;
    const inserted = await db.query(
      `INSERT INTO vigil_webauthn_credentials (id, identity_id, public_key, counter, transports, display_name)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6) ON CONFLICT (id) DO NOTHING RETURNING 1`,
      [
        credential.id,
        identityId,
        Buffer.from(credential.publicKey).toString('base64url'),
        credential.counter,
        JSON.stringify(credential.transports ?? []),
        name,
      ],
    );
    if (inserted.rows.length === 0) return retry([KRATOS_MESSAGES.webauthnInvalid]);
    await completeMethod(db, session.id, 'webauthn', 'aal2');
    const { webauthn_options: _used, ...rest } = dataWithoutTraits;
    void _used;
    return saved(rest);
  });
}

function identityMismatch(c: Ctx): Response {
  return kratosError(
    c,
    403,
    'The flow belongs to another identity.',
    {
      id: 'security_identity_mismatch',
      reason: 'The requested flow does not belong to this session: start a new one.',
    },
    { redirect_browser_to: '/profile-settings' },
    { redirect_browser_to: '/profile-settings' },
  );
}

async function verifyRegistration(c: Ctx, flow: FlowRow, raw: string) {
  const options = flow.data.webauthn_options;
  if (!options) return undefined;
  try {
    const response = JSON.parse(raw) as RegistrationResponseJSON;
    if (!response || typeof response !== 'object' || typeof response.id !== 'string')
      return undefined;
    const { challenge } = JSON.parse(options) as { challenge: string };
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: expectedOrigins(c),
      expectedRPID: new URL(c.req.url).hostname,
      requireUserVerification: false,
    });
    return result.verified ? result.registrationInfo : undefined;
  } catch {
    return undefined;
  }
}
