/**
 * `GET /canary/api/summary` for an embed token: the same response as the dashboard's (api.md
 * §3.1, server/src/routes/canary.ts), restricted to the checks of the token's scope in SQL, so a
 * token never receives another check's row and a large installation is not serialised per call.
 */
import { SqlParams } from '../catalog/sql-params';
import type { Db } from '../db/types';
import { checkScopeCondition } from './check-scope';
import type { NormalisedScope } from './scope';

/** The runner name the summary reports (as routes/canary.ts). */
const RUNNER_NAME = 'local';

/** The summary of the scope's checks as JSON text. */
export async function readScopedSummaryJson(db: Db, scope: NormalisedScope): Promise<string> {
  const started = performance.now();
  // Rewrites the stored parts of checks whose last hour lost a status (migration 0014).
  await db.query('SELECT vigil_render_expired_check_status()');
  const params = new SqlParams();
  const result = await db.query<{ checks: string }>(
    `SELECT coalesce('[' || string_agg(p.head || p.status || p.tail, ','
        ORDER BY ca.namespace, ca.name, c.name, c.id) || ']', '[]') AS checks
     FROM checks c
     JOIN canaries ca ON ca.id = c.canary_id
     JOIN vigil_check_summary_parts p ON p.check_id = c.id
     WHERE c.deleted_at IS NULL AND ${checkScopeCondition(scope, params)}`,
    params.values,
  );
  const checks = result.rows[0]?.checks ?? '[]';
  const head = `{"duration":${Math.round(performance.now() - started)},"runnerName":${JSON.stringify(RUNNER_NAME)}`;
  return checks === '[]' ? `${head}}` : `${head},"checks_summary":${checks}}`;
}
