/**
 * `GET /canary/api/summary` for an embed token: the dashboard's response (api.md §3.1,
 * server/src/routes/canary.ts), restricted in SQL to the checks of the token's scope, so a token
 * never receives another check's row and a large installation is not serialised per call.
 */
import { SqlParams } from '../catalog/sql-params';
import type { Db } from '../db/types';
import { readSummaryJson } from '../routes/canary';
import { checkScopeCondition } from './check-scope';
import type { NormalisedScope } from './scope';

/** The summary of the scope's checks as JSON text. */
export async function readScopedSummaryJson(db: Db, scope: NormalisedScope): Promise<string> {
  const params = new SqlParams();
  const condition = checkScopeCondition(scope, params);
  return readSummaryJson(db, { condition, values: params.values });
}
