/**
 * `POST /api/connection/test/{id}` (api.md §12): loads the stored connection, decrypts its secrets
 * and tries it (server/src/connections/test-connection.ts). 200 `{"message": "ok"}`; 400 with the
 * reason; 404 `connection was not found`; 501 `not implemented` for types this server cannot test.
 * Requires write on connections (rbac-and-flags.md §3.3); cookie callers pass the origin check
 * like every write (server/src/http/request-guards.ts).
 */
import { Hono } from 'hono';
import {
  CONNECTION_TEST_TIMEOUT_MS,
  testConnection,
  type TestOptions,
} from '../connections/test-connection';
import type { Queryable } from '../db/types';
import type { AppEnv } from '../http/env';
import { jsonError } from '../http/errors';
import { requirePermission } from '../http/rbac';
import { isUuid } from '../http/validate';
import { SecretDecryptError, type Secrets } from '../secrets/keyring';
import { readConnection } from '../secrets/stored';

export function connectionRoutes(
  db: Queryable,
  secrets: Secrets,
  options: TestOptions = { timeoutMs: CONNECTION_TEST_TIMEOUT_MS },
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/test/:id', requirePermission('connections', 'write'), async (c) => {
    const id = c.req.param('id');
    if (!isUuid(id)) return jsonError(c, 404, 'connection was not found');
    let connection;
    try {
      connection = await readConnection(db, await secrets.keyring(), id);
    } catch (error: unknown) {
      if (error instanceof SecretDecryptError) {
        return jsonError(
          c,
          400,
          'a stored secret of this connection cannot be decrypted (was the secret key changed?)',
        );
      }
      throw error;
    }
    if (!connection) return jsonError(c, 404, 'connection was not found');
    const outcome = await testConnection(connection, options);
    if (outcome.kind === 'ok') return c.json({ message: 'ok' }, 200);
    if (outcome.kind === 'unsupported') return c.json({ error: 'not implemented' }, 501);
    return jsonError(c, 400, outcome.reason);
  });
  return app;
}
