import type { Queryable } from '../db/types';

/** An agent's `last_seen` is written at most this often (its online state has a 61 s threshold). */
export const HEARTBEAT_INTERVAL_MS = 5000;

/**
 * `last_seen` of the agents acting as a person, bumped when that person authenticates with an
 * access token (schema.md §2: online = seen in the last 61 s). Writes are throttled per person in
 * memory, so a busy agent costs one UPDATE every few seconds, not one per request.
 */
export function agentHeartbeat(
  db: Queryable,
  intervalMs = HEARTBEAT_INTERVAL_MS,
): (personId: string) => Promise<void> {
  const written = new Map<string, number>();
  return async (personId) => {
    const now = Date.now();
    const last = written.get(personId);
    if (last !== undefined && now - last < intervalMs) return;
    written.set(personId, now);
    // Forget people not seen for a while, so the map stays as small as the set of live agents.
    if (written.size > 1000) {
      for (const [id, time] of written) if (now - time > intervalMs) written.delete(id);
    }
    await db.query(
      `UPDATE agents SET last_seen = now() WHERE person_id = $1 AND deleted_at IS NULL`,
      [personId],
    );
  };
}
