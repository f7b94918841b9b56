import { Hono } from 'hono';
import { createAccessToken } from '../auth/access-tokens';
import type { Db, Queryable } from '../db/types';
import type { AppEnv } from '../http/env';
import { jsonError } from '../http/errors';
import { callerCan, callerOf, forbidden, requireCaller } from '../http/rbac';
import { isUuid } from '../http/validate';

const TENANT_SLUG = 'vigil';
const TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The name of a person's kubeconfig token (older versions named theirs `kubeconfig-<random>`). */
export const KUBECONFIG_TOKEN_NAME = 'kubeconfig';
const IS_KUBECONFIG = `(t.name = 'kubeconfig' OR t.name LIKE 'kubeconfig-%')`;

/** A kubeconfig token as listed: never its secret (only its hash is stored anyway). */
export interface KubeconfigToken {
  id: string;
  person_id: string;
  name: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

/**
 * Revoke a person's kubeconfig tokens (all of them, or the one `tokenId`); the number revoked.
 * Revoked tokens are deleted: they no longer authenticate anything.
 */
export async function revokeKubeconfigTokens(
  db: Queryable,
  personId: string,
  tokenId?: string,
): Promise<number> {
  const result = await db.query(
    `DELETE FROM access_tokens t WHERE t.person_id = $1 AND ${IS_KUBECONFIG}
       AND ($2::uuid IS NULL OR t.id = $2::uuid)`,
    [personId, tokenId ?? null],
  );
  return result.affectedRows;
}

/**
 * One kubeconfig token per person: a download revokes the person's previous kubeconfig tokens and
 * mints a new one (only hashes are stored, so the file can only carry a new token).
 */
export async function rotateKubeconfigToken(db: Db, personId: string): Promise<string> {
  return db.transaction(async (tx) => {
    await revokeKubeconfigTokens(tx, personId);
    return createAccessToken(tx, personId, KUBECONFIG_TOKEN_NAME, TOKEN_TTL_MS);
  });
}

/** A person's kubeconfig tokens, newest first. */
export async function listKubeconfigTokens(
  db: Queryable,
  personId: string,
): Promise<KubeconfigToken[]> {
  const result = await db.query<KubeconfigToken>(
    `SELECT t.id::text AS id, t.person_id::text AS person_id, t.name,
       to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
       to_char(t.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS expires_at,
       to_char(u.last_used_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_used_at
     FROM access_tokens t
     LEFT JOIN vigil_access_token_usage u ON u.token_id = t.id
     WHERE t.person_id = $1 AND ${IS_KUBECONFIG}
     ORDER BY t.created_at DESC, t.id`,
    [personId],
  );
  return result.rows;
}

/**
 * `GET /api/kubeconfig` (api.md §9.2): a kubeconfig with the caller's kubeconfig token, rotated
 * on each download (docs/security.md "Kubeconfig tokens"). Its server points at `/kubeproxy`,
 * which this reference server does not provide (it has no Kubernetes API to proxy); deployments
 * that need it put a proxy there.
 *
 * - `GET /api/kubeconfig/tokens`: the caller's kubeconfig tokens (an admin may add
 *   `?person_id=<id>` for someone else's): id, name, created, expires, last used;
 * - `DELETE /api/kubeconfig/tokens`: revoke all of the caller's;
 * - `DELETE /api/kubeconfig/tokens/{id}`: revoke one: the caller's own, or anyone's for an admin
 *   (rbac:write); another person's token is "not found" for everyone else.
 *
 * Signing out (the Kratos logout flow) revokes the caller's kubeconfig tokens too.
 */
export function kubeconfigRoutes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', requireCaller(), async (c) => {
    const caller = callerOf(c);
    const token = await rotateKubeconfigToken(db, caller.id);
    const server = `${new URL(c.req.url).origin}/kubeproxy`;
    const name = `mission-control-${TENANT_SLUG}`;
    // Values are JSON-quoted, which is valid YAML, so no value can break the document.
    const yaml = [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      `  - name: ${name}`,
      '    cluster:',
      `      server: ${JSON.stringify(server)}`,
      'contexts:',
      `  - name: ${name}`,
      '    context:',
      `      cluster: ${name}`,
      '      user: token',
      `current-context: ${name}`,
      'users:',
      '  - name: token',
      '    user:',
      '      username: token',
      `      password: ${JSON.stringify(token)}`,
      '',
    ].join('\n');
    c.header('Content-Disposition', `attachment; filename=${TENANT_SLUG}-kubeconfig.yaml`);
    c.header('Cache-Control', 'no-store');
    return c.body(yaml, 200, { 'Content-Type': 'text/yaml; charset=utf-8' });
  });

  app.get('/tokens', requireCaller(), async (c) => {
    const caller = callerOf(c);
    const person = c.req.query('person_id') ?? caller.id;
    if (person !== caller.id) {
      if (!callerCan(caller, 'rbac', 'write')) return forbidden(c, caller.id, 'rbac', 'write');
      if (!isUuid(person)) return jsonError(c, 400, 'person_id is invalid: expected a person id');
    }
    c.header('Cache-Control', 'no-store');
    return c.json(await listKubeconfigTokens(db, person));
  });

  app.delete('/tokens', requireCaller(), async (c) => {
    const revoked = await revokeKubeconfigTokens(db, callerOf(c).id);
    return c.json({ revoked });
  });

  app.delete('/tokens/:id', requireCaller(), async (c) => {
    const caller = callerOf(c);
    const id = c.req.param('id');
    const notFound = () => jsonError(c, 404, `kubeconfig token (${id.slice(0, 60)}) was not found`);
    if (!isUuid(id)) return notFound();
    const owner = await db.query<{ person_id: string }>(
      `SELECT t.person_id::text AS person_id FROM access_tokens t WHERE t.id = $1 AND ${IS_KUBECONFIG}`,
      [id],
    );
    const personId = owner.rows[0]?.person_id;
    // Someone else's token does not exist for a caller who may not manage it.
    if (personId === undefined || (personId !== caller.id && !callerCan(caller, 'rbac', 'write'))) {
      return notFound();
    }
    await revokeKubeconfigTokens(db, personId, id);
    return c.body(null, 204);
  });
  return app;
}
