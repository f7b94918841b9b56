import { Hono } from 'hono';
import { createAccessToken } from '../auth/access-tokens';
import { randomToken } from '../auth/crypto';
import type { Db } from '../db/types';
import type { AppEnv } from '../http/env';
import { callerOf, requireCaller } from '../http/rbac';

const TENANT_SLUG = 'vigil';
const TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * `GET /api/kubeconfig` (api.md §9.2): a kubeconfig with a fresh access token for the caller.
 * Its server points at `/kubeproxy`, which this reference server does not provide (it has no
 * Kubernetes API to proxy); deployments that need it put a proxy there.
 */
export function kubeconfigRoutes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', requireCaller(), async (c) => {
    const caller = callerOf(c);
    const token = await createAccessToken(
      db,
      caller.id,
      `kubeconfig-${randomToken(6)}`,
      TOKEN_TTL_MS,
    );
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
  return app;
}
