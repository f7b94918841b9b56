/**
 * The Ory Kratos public browser-flow subset of api.md §13 and docs/identity.md, over Vigil's own
 * accounts (`basic` mode): session whoami, the login, registration, recovery, verification and
 * settings flows (the engine and each flow under ./kratos/), the logout flow and flow errors.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { deleteCookie } from 'hono/cookie';
import type { ServerConfig } from '../config';
import type { Db } from '../db/types';
import { createMailer, type Mailer } from '../auth/mailer';
import { isSafeReturnTo } from '../auth/return-to';
import { SESSION_COOKIE, deleteSessionByLogoutToken, rotateLogoutToken } from '../auth/sessions';
import { lazySecrets, type Secrets } from '../secrets/keyring';
import type { AppEnv } from '../http/env';
import { revokeKubeconfigTokens } from './kubeconfig';
import { codeRoutes } from './kratos/codes';
import {
  aal2Required,
  currentSession,
  isHttps,
  kratosError,
  prefixOf,
  sessionBody,
  sessionInactive,
  wantsJson,
  type FlowDeps,
} from './kratos/engine';
import { loginRoutes } from './kratos/login';
import { registrationRoutes } from './kratos/registration';
import { settingsRoutes } from './kratos/settings';

export { CSRF_COOKIE, KRATOS_MESSAGES } from './kratos/engine';

export interface KratosOptions {
  secrets?: Secrets;
  mailer?: Mailer;
  /** Server-local properties (VIGIL_PROPERTIES), e.g. `identity.registration.disabled`. */
  properties?: ReadonlyMap<string, string>;
}

/** Routes of the identity-flow subset, mounted at `/api/kratos` and `/api/.ory`. */
export function kratosRoutes(
  db: Db,
  config: ServerConfig,
  options: KratosOptions = {},
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const deps: FlowDeps = {
    db,
    config,
    secrets: options.secrets ?? lazySecrets(db, config.secretKey),
    mailer: options.mailer ?? createMailer(config.smtpUrl),
    properties: options.properties ?? new Map(),
  };

  app.get('/sessions/whoami', async (c) => {
    const session = await currentSession(db, c);
    if (!session) return sessionInactive(c);
    if (session.needs_aal2) {
      const returnTo = c.req.query('return_to');
      return aal2Required(c, returnTo && isSafeReturnTo(returnTo) ? returnTo : undefined);
    }
    return c.json(await sessionBody(db, session));
  });

  loginRoutes(app, deps);
  registrationRoutes(app, deps);
  codeRoutes(app, deps, 'recovery');
  codeRoutes(app, deps, 'verification');
  settingsRoutes(app, deps);

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
    const ended =
      token && token.length <= 200 ? await deleteSessionByLogoutToken(db, token) : undefined;
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

  // Any other flow path or method: a Kratos 404, never a plain one.
  app.all('/self-service/*', (c) =>
    kratosError(c, 404, 'The requested resource could not be found', {
      reason: 'This self-service route does not exist.',
    }),
  );

  return app;
}

/**
 * After `authenticate`: an aal1 session of an identity with a second factor reaches only the
 * identity flows (`/api/kratos`, `/api/.ory`); every other API route answers 403
 * `session_aal2_required` with `redirect_browser_to` (docs/identity.md "Sessions and assurance").
 */
export function aal2Gate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (
      c.get('aal2Required') &&
      !c.req.path.startsWith('/api/kratos/') &&
      !c.req.path.startsWith('/api/.ory/')
    ) {
      return aal2Required(c, undefined);
    }
    await next();
  };
}
