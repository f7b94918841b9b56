import { hostname } from 'node:os';
import { Hono } from 'hono';
import type { WhoamiResponse } from '../../../src/api/types';
import type { AppEnv } from '../http/env';
import { callerOf, requireCaller } from '../http/rbac';

/** `GET /api/auth/whoami` (api.md §8.1): the caller with roles read from the database. */
export function authRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/whoami', requireCaller(), (c) => {
    const caller = callerOf(c);
    const body: WhoamiResponse = {
      message: 'success',
      payload: {
        user: {
          id: caller.id,
          name: caller.name,
          ...(caller.email ? { email: caller.email } : {}),
          ...(caller.type ? { type: caller.type } : {}),
          ...(caller.avatar ? { avatar: caller.avatar } : {}),
          ...(caller.externalId ? { external_id: caller.externalId } : {}),
          ...(caller.properties && Object.keys(caller.properties).length > 0
            ? { properties: caller.properties }
            : {}),
        },
        roles: caller.roles,
        permissions: [],
        hostname: hostname(),
      },
    };
    return c.json(body);
  });
  return app;
}
