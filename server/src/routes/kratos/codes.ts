/**
 * Recovery and verification with the `code` method (docs/identity.md): a six-digit code sent by
 * mail, stored as a salted SHA-256 on the flow, single use, valid 15 minutes, 5 wrong attempts
 * per flow. An unknown address is answered like a known one (no enumeration). A recovery signs
 * the identity in (aal1, privileged) and sends the browser to a new settings flow; a verification
 * marks the address verified.
 */
import { randomInt } from 'node:crypto';
import type { Hono } from 'hono';
import type { KratosUiNode, KratosUiText } from '../../../../src/api/types';
import { RATE_RULES, clientAddress, hitRate, peekRate } from '../../auth/rate-limit';
import { createSession, endOtherSessions } from '../../auth/sessions';
import { revokeKubeconfigTokens } from '../kubeconfig';
import { safeEqual, sha256Hex } from '../../auth/crypto';
import type { AppEnv } from '../../http/env';
import {
  FLOW_PAGES,
  continueAt,
  KRATOS_MESSAGES,
  codeHash,
  csrfCookie,
  csrfMatches,
  csrfViolation,
  currentSession,
  deleteFlow,
  field,
  flowStarted,
  freshCsrf,
  identityByAddress,
  info,
  input,
  insertFlow,
  invalid,
  markVerified,
  missing,
  openFlow,
  originOf,
  renderFlow,
  setSessionCookie,
  startReturnTo,
  submit,
  submitFlow,
  updateFlow,
  type Ctx,
  type FlowDeps,
  type FlowRow,
} from './engine';
import { tooMany } from './login';

export type CodeKind = 'recovery' | 'verification';
/** How long a mailed code works, and how many wrong codes a flow takes. */
export const CODE_TTL_MS = 15 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,253}$/;

function codeNodes(flow: FlowRow, nodeMessages: { email?: KratosUiText[]; code?: KratosUiText[] }) {
  const nodes: KratosUiNode[] = [];
  if (flow.state === 'choose_method') {
    nodes.push(
      input(
        'code',
        'email',
        'email',
        { autocomplete: 'email', maxlength: 320 },
        info(1070007, 'Email'),
        nodeMessages.email,
      ),
      submit('code', 'method', 'code', info(1070005, 'Submit')),
    );
  } else if (flow.state === 'sent_email') {
    nodes.push(
      input(
        'code',
        'code',
        'text',
        { autocomplete: 'one-time-code', maxlength: 6, pattern: '[0-9]{6}' },
        info(1070012, flow.type === 'recovery' ? 'Recovery code' : 'Verification code'),
        nodeMessages.code,
      ),
      submit('code', 'method', 'code', info(1070005, 'Submit')),
      submit('code', 'email', flow.data.address ?? '', info(1070008, 'Resend code')),
    );
  } else if (flow.state === 'passed_challenge') {
    nodes.push({
      type: 'a',
      group: 'code',
      attributes: {
        name: '',
        type: 'a',
        node_type: 'a',
        id: 'continue',
        href: flow.return_to ?? '/',
        title: info(1070009, 'Continue'),
      },
      messages: [],
      meta: { label: info(1070009, 'Continue') },
    });
  }
  return nodes;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin a mailed link opens, or undefined for a mail with the code only. The request's own
 * Host and Origin are the sender's to choose: taken as they come, anyone could have the server
 * mail a victim a recovery link to a site of theirs, code included (reset-link poisoning). So a
 * link uses VIGIL_PUBLIC_URL, and without it only a loopback address (a console on this machine).
 */
function linkOrigin(c: Ctx, publicUrl: string | undefined): string | undefined {
  if (publicUrl) return new URL(publicUrl).origin;
  const origin = originOf(c);
  return LOOPBACK_HOSTS.has(new URL(origin).hostname) ? origin : undefined;
}

/**
 * Put a new code on the flow and mail it to `address` (when `identityId` names its account; an
 * unknown address gets the same answer and no mail). Returns the updated flow.
 */
export async function sendCode(
  c: Ctx,
  deps: FlowDeps,
  flow: FlowRow,
  address: string,
  identityId: string | undefined,
): Promise<FlowRow> {
  const kind = flow.type as CodeKind;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const updated = await updateFlow(deps.db, flow, {
    state: 'sent_email',
    identityId: identityId ?? null,
    attempts: 0,
    messages: [
      kind === 'recovery' ? KRATOS_MESSAGES.recoverySent : KRATOS_MESSAGES.verificationSent,
    ],
    data: {
      ...flow.data,
      address,
      ...(identityId
        ? {
            code_hash: codeHash(flow.id, code),
            code_expires_at: new Date(Date.now() + CODE_TTL_MS).toISOString(),
          }
        : { code_hash: undefined, code_expires_at: undefined }),
    },
  });
  if (identityId) {
    const origin = linkOrigin(c, deps.config.publicUrl);
    const path = `${FLOW_PAGES[kind]}?flow=${flow.id}&code=${code}`;
    const link = origin ? `${origin}${path}` : path;
    const recovery = kind === 'recovery';
    await deps.mailer.send({
      to: address,
      subject: recovery
        ? 'Recover access to your Vigil account'
        : 'Please verify your email address',
      text: [
        'Hi,',
        '',
        recovery
          ? 'please recover access to your Vigil account by entering the following code:'
          : 'please verify your Vigil account by entering the following code:',
        '',
        code,
        ...(origin ? ['', 'or by opening this link:', '', link] : []),
        '',
        'The code expires in 15 minutes. If you did not ask for it, ignore this message.',
      ].join('\n'),
      link,
    });
  }
  return updated;
}

/** A verification flow started by the server (after a registration), with its code mailed. */
export async function startVerification(
  c: Ctx,
  deps: FlowDeps,
  csrf: string,
  sessionId: string,
  identityId: string,
  address: string,
  returnTo: string | null,
): Promise<FlowRow> {
  const flow = await insertFlow(deps.db, c, {
    lifespanMs: deps.config.flowLifespanMs,
    kind: 'verification',
    csrf,
    sessionId,
    identityId,
    returnTo: returnTo ?? undefined,
    state: 'choose_method',
  });
  return sendCode(c, deps, flow, address, identityId);
}

export function codeRoutes(app: Hono<AppEnv>, deps: FlowDeps, kind: CodeKind): void {
  const { db, config } = deps;
  const render = (c: Ctx, flow: FlowRow, csrf: string, nodeMessages = {}) =>
    renderFlow(c, flow, csrf, codeNodes(flow, nodeMessages));

  app.get(`/self-service/${kind}/browser`, async (c) => {
    const returnTo = startReturnTo(c);
    if (returnTo instanceof Response) return returnTo;
    const session = await currentSession(db, c);
    const csrf = await csrfCookie(db, c, session?.id);
    const flow = await insertFlow(db, c, {
      lifespanMs: deps.config.flowLifespanMs,
      kind,
      csrf,
      returnTo,
      sessionId: session?.id,
      state: 'choose_method',
    });
    return flowStarted(c, flow, () => render(c, flow, csrf));
  });

  app.get(`/self-service/${kind}/flows`, async (c) => {
    const flow = await openFlow(db, c, kind, 'id');
    if (flow instanceof Response) return flow;
    const viewer = await currentSession(db, c);
    let csrf = csrfMatches(c, flow, viewer);
    if (!csrf && kind === 'verification') {
      // A verification link opened in another browser: the code, not the browser, proves the
      // address, so the flow is bound to this browser (recovery links are not: they sign in).
      csrf = freshCsrf(c);
      await db.query('UPDATE vigil_flows SET csrf_token_hash = $2, session_id = $3 WHERE id = $1', [
        flow.id,
        sha256Hex(csrf),
        viewer?.id ?? null,
      ]);
    }
    if (!csrf) return csrfViolation(c);
    return c.json(render(c, flow, csrf));
  });

  app.post(`/self-service/${kind}`, async (c) => {
    const opened = await submitFlow(db, c, kind);
    if (opened instanceof Response) return opened;
    const { flow, csrf, body } = opened;
    const retry = async (
      messages: KratosUiText[],
      nodeMessages: { email?: KratosUiText[]; code?: KratosUiText[] } = {},
      attempts?: number,
      clearCode = false,
    ): Promise<Response> => {
      const updated = await updateFlow(db, flow, {
        messages,
        ...(attempts !== undefined ? { attempts } : {}),
        ...(clearCode
          ? { data: { ...flow.data, code_hash: undefined, code_expires_at: undefined } }
          : {}),
      });
      return c.json(render(c, updated, csrf, nodeMessages), 400);
    };
    if (field(body, 'method', 64) !== 'code') return retry([KRATOS_MESSAGES.noStrategy]);
    if (flow.state === 'passed_challenge') return retry(invalid('The flow is already complete.'));

    const code = field(body, 'code', 32).trim();
    if (code && flow.state === 'sent_email') {
      const addressKey = clientAddress(c);
      const limit = await peekRate(db, RATE_RULES.codeAddress, addressKey);
      if (limit.exhausted) return tooMany(c, limit.retryAfterSeconds, 'code');
      const invalidCode =
        kind === 'recovery'
          ? KRATOS_MESSAGES.recoveryCodeInvalid
          : KRATOS_MESSAGES.verificationCodeInvalid;
      if (flow.attempts >= CODE_MAX_ATTEMPTS) {
        return retry([KRATOS_MESSAGES.codeAttemptsExhausted], {}, flow.attempts, true);
      }
      const expected = flow.data.code_hash;
      const live =
        flow.data.code_expires_at !== undefined &&
        Date.parse(flow.data.code_expires_at) > Date.now();
      if (
        !expected ||
        !live ||
        !/^\d{6}$/.test(code) ||
        !safeEqual(codeHash(flow.id, code), expected) ||
        !flow.identity_id
      ) {
        await hitRate(db, RATE_RULES.codeAddress, addressKey);
        const attempts = flow.attempts + 1;
        if (attempts >= CODE_MAX_ATTEMPTS) {
          return retry([KRATOS_MESSAGES.codeAttemptsExhausted], {}, attempts, true);
        }
        return retry([invalidCode], {}, attempts);
      }
      const identityId = flow.identity_id;
      // The code is used up before anything else happens (single use under concurrency too).
      const used = await db.query(
        `UPDATE vigil_flows SET data = data - 'code_hash' - 'code_expires_at'
         WHERE id = $1 AND data ->> 'code_hash' = $2 RETURNING 1`,
        [flow.id, expected],
      );
      if (used.rows.length === 0) return retry([invalidCode]);
      await markVerified(db, identityId, flow.data.address ?? '');
      if (kind === 'verification') {
        const done = await updateFlow(db, flow, {
          state: 'passed_challenge',
          messages: [KRATOS_MESSAGES.verified],
          data: { address: flow.data.address },
        });
        return c.json(render(c, done, csrf));
      }
      // Recovery: a new, privileged aal1 session and a settings flow to set a new password.
      const session = await createSession(db, identityId, config.sessionTtlMs, 'code_recovery');
      // Whoever else held a session of this account held it before the recovery: it ends.
      await endOtherSessions(db, identityId, session.id);
      await revokeKubeconfigTokens(db, identityId);
      setSessionCookie(c, session.token, session.expiresAt);
      const settingsCsrf = freshCsrf(c);
      const settings = await insertFlow(db, c, {
        lifespanMs: deps.config.flowLifespanMs,
        kind: 'settings',
        csrf: settingsCsrf,
        sessionId: session.id,
        identityId,
        returnTo: flow.return_to ?? undefined,
        state: 'show_form',
      });
      await deleteFlow(db, flow.id);
      const to = `/profile-settings?flow=${settings.id}`;
      return continueAt(
        c,
        to,
        'The recovery succeeded: continue in the settings flow to set a new password.',
      );
    }

    const address = field(body, 'email', 320).trim();
    if (!address) {
      return retry(
        [],
        flow.state === 'sent_email' ? { code: missing('code') } : { email: missing('email') },
      );
    }
    if (!EMAIL_PATTERN.test(address)) {
      return retry([], { email: invalid(`"${address.slice(0, 100)}" is not valid "email"`) });
    }
    const mails = await hitRate(db, RATE_RULES.codeMail, address.toLowerCase());
    if (mails.hits > RATE_RULES.codeMail.limit) return tooMany(c, mails.retryAfterSeconds, 'code');
    const identityId = await identityByAddress(db, address, true);
    const sent = await sendCode(c, deps, flow, address, identityId);
    return c.json(render(c, sent, csrf));
  });
}
