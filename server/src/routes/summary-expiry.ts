/**
 * The health summary's statuses that left the last hour (migration 0014): their checks' status
 * parts are rewritten before the summary is read. `vigil_render_expired_check_status()` finds
 * them with a bitmap scan of the expiry index, which visits every dead row version the index
 * still names (PGlite has no autovacuum: tens of thousands at 10,000 checks, some 30 ms per
 * request); the earliest expiry, read first, is one index probe, and the rewrite runs only when
 * something is due. The number of checks rewritten, as `expired`.
 */
export const EXPIRE_DUE_SQL = `CASE
    WHEN (SELECT min(status_expires_at) FROM vigil_check_summary_parts) <= now()
    THEN vigil_render_expired_check_status()
    ELSE 0
  END`;
