/**
 * `/kratos/…` with `VIGIL_AUTH=none` (api.md §2, "No session"): every caller is the one configured
 * person, so `sessions/whoami` answers that person's session (aal1, the method `none`) and a client
 * built for the own-login variant starts as it would after a sign-in. There is nothing to sign in
 * to: the self-service flows answer Kratos's 400 `self_service_flow_disabled`, and logout 204.
 */
import { Hono } from 'hono';
import { defaultCallerId } from '../auth/accounts';
import type { Queryable } from '../db/types';
import type { AppEnv } from '../http/env';
import { kratosError, sessionBody } from './kratos/engine';

/** A day ahead: the "session" never ends, but Kratos clients expect a future expiry. */
const DAY_MS = 24 * 60 * 60 * 1000;
const startedAt = new Date();

export function kratosNoAuthRoutes(db: Queryable): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/sessions/whoami', async (c) => {
    const id = await defaultCallerId(db);
    if (!id) {
      return kratosError(c, 401, 'The request could not be authorized', {
        id: 'session_inactive',
        reason: 'No active session was found in this request.',
      });
    }
    const body = await sessionBody(db, {
      id: `none-${id}`,
      identity_id: id,
      authenticated_at: startedAt,
      issued_at: startedAt,
      expires_at: new Date(Date.now() + DAY_MS),
      aal: 'aal1',
      methods: [{ method: 'none', aal: 'aal1', completed_at: startedAt.toISOString() }],
    });
    return c.json(body);
  });

  app.all('/self-service/logout/*', (c) => c.body(null, 204));

  app.all('/self-service/*', (c) =>
    kratosError(c, 400, 'This endpoint was disabled by system administrator.', {
      id: 'self_service_flow_disabled',
      reason: 'Sign-in is turned off on this server (VIGIL_AUTH=none): every caller is one person.',
    }),
  );

  app.all('*', (c) =>
    kratosError(c, 404, 'The requested resource could not be found', { reason: 'not found' }),
  );
  return app;
}
