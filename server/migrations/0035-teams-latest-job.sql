-- The teams list at the large scale (issue 18: a sort click under 100 ms p95,
-- bench/screens-ui.ts), as migration 0034 did for the other settings lists: teams_with_status
-- joined job_history_latest_status, a row_number() window over the whole of job_history, so every
-- page and every count of the teams list sorted all the job history (90–190 ms for 18 teams on
-- PGlite at the large scale). Each team's latest job is now one probe of
-- job_history_resource_id_idx (resource_id, created_at DESC) through a lateral LIMIT 1: the newest
-- row of that resource_id, kept only when it is a team job (the type test stays on the join, as
-- it was on the view's row). Same columns, same rows.

CREATE OR REPLACE VIEW teams_with_status AS
SELECT t.id, t.name, t.icon, t.spec, t.source, t.created_by, t.created_at, t.updated_at,
  t.deleted_at,
  j.name AS job_name,
  j.success_count AS job_success_count,
  j.error_count AS job_error_count,
  j.details AS job_details,
  j.hostname AS job_hostname,
  j.duration_millis AS job_duration_millis,
  j.resource_type AS job_resource_type,
  j.status AS job_status,
  j.time_start AS job_time_start,
  j.time_end AS job_time_end,
  j.created_at AS job_created_at,
  (SELECT max(f.time_start) FROM job_history f
    WHERE f.resource_id = t.id::text AND f.resource_type = 'team' AND f.status = 'FAILED')
    AS job_last_failed
FROM teams t
LEFT JOIN LATERAL (
  SELECT jh.* FROM job_history jh
  WHERE jh.resource_id = t.id::text ORDER BY jh.created_at DESC LIMIT 1
) j ON j.resource_type = 'team'
WHERE t.deleted_at IS NULL;
