/**
 * The health checks an embed scope grants, in SQL: checks named by id, every check of the named
 * canaries, and the checks whose labels (canary labels merged with check labels, as the health
 * summary shows them) contain every pair of `check_labels`. Values are always bind parameters.
 */
import { SqlParams } from '../catalog/sql-params';
import type { Queryable } from '../db/types';
import type { NormalisedScope } from './scope';

function uuidSet(params: SqlParams, ids: readonly string[]): string {
  return `(SELECT x::uuid FROM json_array_elements_text(${params.add(JSON.stringify(ids))}::json) AS x)`;
}

/**
 * The condition over `checks AS c JOIN canaries AS ca` that a check is in the scope; `FALSE` when
 * the scope grants no checks.
 */
export function checkScopeCondition(scope: NormalisedScope, params: SqlParams): string {
  const parts: string[] = [];
  if (scope.checks.length > 0) parts.push(`c.id IN ${uuidSet(params, scope.checks)}`);
  if (scope.canaries.length > 0) parts.push(`c.canary_id IN ${uuidSet(params, scope.canaries)}`);
  if (scope.check_labels !== null) {
    parts.push(
      `(coalesce(ca.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb)) @> ${params.add(JSON.stringify(scope.check_labels))}::jsonb`,
    );
  }
  return parts.length > 0 ? `(${parts.join(' OR ')})` : 'FALSE';
}

/**
 * The ids of the live checks in the scope, optionally only among `candidates`; at most `limit`
 * (the caller asks for one more than it accepts to detect an overflow).
 */
export async function resolveScopedCheckIds(
  db: Queryable,
  scope: NormalisedScope,
  candidates: readonly string[] | undefined,
  limit: number,
): Promise<string[]> {
  const params = new SqlParams();
  let sql = `SELECT c.id FROM checks c JOIN canaries ca ON ca.id = c.canary_id
    WHERE c.deleted_at IS NULL AND ${checkScopeCondition(scope, params)}`;
  if (candidates !== undefined) sql += ` AND c.id IN ${uuidSet(params, candidates)}`;
  sql += ` ORDER BY c.id LIMIT ${params.add(limit)}::int`;
  const result = await db.query<{ id: string }>(sql, params.values);
  return result.rows.map((row) => row.id);
}
