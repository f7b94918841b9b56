/**
 * Silences (`notification_silences`): a live silence (not deleted, `from` ≤ now < `until`) holds
 * back every notification about its resource.
 *
 * - a check: a silence on the check, on its canary, or on a component the check is linked to
 *   (`check_component_relationships`); a recursive component silence also covers checks linked to
 *   the component's descendants;
 * - a component: a silence on it, or a recursive one on an ancestor (`components.path`);
 * - a config: a silence on it, or a recursive one on an ancestor (`config_items.path`).
 *
 * Paths are dot-separated ancestor ids (migrations 0008/0009).
 */
import type { Queryable } from '../db/types';
import type { ResourceType } from './events';

const LIVE = `s.deleted_at IS NULL AND s."from" <= now() AND s.until > now()`;

const BY_TYPE: Partial<Record<ResourceType, string>> = {
  check: `SELECT s.id FROM notification_silences s
    WHERE ${LIVE} AND (
      s.check_id = $1
      OR s.canary_id = (SELECT canary_id FROM checks WHERE id = $1)
      OR s.component_id IN (
        SELECT r.component_id FROM check_component_relationships r
        WHERE r.check_id = $1 AND r.deleted_at IS NULL)
      OR (coalesce(s.recursive, false) AND s.component_id IS NOT NULL AND EXISTS (
        SELECT 1 FROM check_component_relationships r JOIN components c ON c.id = r.component_id
        WHERE r.check_id = $1 AND r.deleted_at IS NULL
          AND string_to_array(c.path, '.') @> ARRAY[s.component_id::text])))
    ORDER BY s.created_at LIMIT 1`,
  component: `SELECT s.id FROM notification_silences s
    WHERE ${LIVE} AND (
      s.component_id = $1
      OR (coalesce(s.recursive, false) AND s.component_id IS NOT NULL AND EXISTS (
        SELECT 1 FROM components c WHERE c.id = $1
          AND string_to_array(c.path, '.') @> ARRAY[s.component_id::text])))
    ORDER BY s.created_at LIMIT 1`,
  config: `SELECT s.id FROM notification_silences s
    WHERE ${LIVE} AND (
      s.config_id = $1
      OR (coalesce(s.recursive, false) AND s.config_id IS NOT NULL AND EXISTS (
        SELECT 1 FROM config_items c WHERE c.id = $1
          AND string_to_array(c.path, '.') @> ARRAY[s.config_id::text])))
    ORDER BY s.created_at LIMIT 1`,
};

/** The id of a live silence covering the resource, or undefined. */
export async function findSilence(
  db: Queryable,
  resourceType: ResourceType,
  resourceId: string,
): Promise<string | undefined> {
  const sql = BY_TYPE[resourceType];
  if (!sql) return undefined;
  const result = await db.query<{ id: string }>(sql, [resourceId]);
  return result.rows[0]?.id;
}
