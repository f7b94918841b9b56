-- The settings lists, the insights table and the playbook runs at the large scale (issue 18: a
-- sort click under 100 ms p95, bench/screens-ui.ts). Same columns, same rows; cheaper plans.
--
-- canaries_with_status, config_scrapers_with_status, topologies_with_status and
-- integrations_with_status joined job_history_latest_status, a row_number() window over the whole
-- of job_history: every page read and every count sorted all the job history (some 8,000 rows at
-- the large scale, 20–25 ms each on PGlite) to keep one row per resource. The latest job of a
-- resource is now read through a lateral LIMIT 1 on job_history_resource_id_idx
-- (resource_id, created_at DESC): the same row (newest created_at of that resource_id; the type
-- test of topologies_with_status stays on the join, as it was on the view's row), one index probe
-- per listed resource.
--
-- config_analysis_items inner-joined config_items for two of their columns: the count read every
-- analysis and probed config_items for each, and a sort by a column of config_analysis joined
-- every row before the top-N. config_analysis.config_id is NOT NULL with a foreign key to
-- config_items, so the left join keeps exactly the rows of the inner join; the planner can then
-- drop it from the count, and with config_analysis_analysis_type_idx a sort by analysis type reads
-- the first rows of an index instead of sorting them all.
--
-- The playbook runs list filters on its time window as `start_time in it OR created_at in it`;
-- with only created_at indexed that was a scan of every run, the bound values cast from text for
-- each row (twice: the page and its count). With start_time indexed too it is a BitmapOr of two
-- index ranges.

CREATE INDEX IF NOT EXISTS playbook_runs_start_time_idx ON playbook_runs (start_time);
CREATE INDEX IF NOT EXISTS config_analysis_analysis_type_idx ON config_analysis (analysis_type);

CREATE OR REPLACE VIEW config_analysis_items AS
SELECT ca.id, ca.config_id, ca.scraper_id, ca.created_by, ca.source, ca.analyzer,
  ca.analysis_type, ca.severity, ca.summary, ca.status, ca.message, ca.analysis,
  ca.first_observed, ca.last_observed, ca.is_pushed,
  ci.type AS config_type,
  ci.config_class
FROM config_analysis ca
LEFT JOIN config_items ci ON ci.id = ca.config_id;

CREATE OR REPLACE VIEW canaries_with_status AS
SELECT c.id, c.name, c.namespace,
  c.spec ->> 'interval' AS "interval",
  c.spec ->> 'schedule' AS schedule,
  c.labels, c.source, c.created_by, c.created_at, c.deleted_at,
  (SELECT max(ch.last_runtime) FROM checks ch WHERE ch.canary_id = c.id) AS last_runtime,
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
    WHERE f.resource_id = c.id::text AND f.status = 'FAILED') AS job_last_failed,
  json_build_object('id', a.id, 'name', a.name) AS agent
FROM canaries c
LEFT JOIN agents a ON a.id = c.agent_id
LEFT JOIN LATERAL (
  SELECT jh.* FROM job_history jh
  WHERE jh.resource_id = c.id::text ORDER BY jh.created_at DESC LIMIT 1
) j ON true
WHERE c.deleted_at IS NULL;

CREATE OR REPLACE VIEW config_scrapers_with_status AS
SELECT cs.id, cs.description, cs.name, cs.spec, cs.source, cs.created_by, cs.agent_id,
  cs.created_at, cs.updated_at, cs.deleted_at, cs.is_pushed,
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
    WHERE f.resource_id = cs.id::text AND f.resource_type = 'config_scraper'
      AND f.status = 'FAILED') AS job_last_failed,
  json_build_object('id', a.id, 'name', a.name) AS agent
FROM config_scrapers cs
LEFT JOIN agents a ON a.id = cs.agent_id
LEFT JOIN LATERAL (
  SELECT jh.* FROM job_history jh
  WHERE jh.resource_id = cs.id::text ORDER BY jh.created_at DESC LIMIT 1
) j ON true
WHERE cs.deleted_at IS NULL;

CREATE OR REPLACE VIEW topologies_with_status AS
SELECT t.id, t.agent_id, t.name, t.namespace, t.labels, t.source, t.spec, t.created_at,
  t.updated_at, t.is_pushed, t.schedule, t.created_by, t.deleted_at,
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
    WHERE f.resource_type = 'topology' AND f.resource_id = t.id::text
      AND f.status = 'FAILED') AS job_last_failed,
  json_build_object('id', a.id, 'name', a.name) AS agent
FROM topologies t
LEFT JOIN agents a ON a.id = t.agent_id
LEFT JOIN LATERAL (
  SELECT jh.* FROM job_history jh
  WHERE jh.resource_id = t.id::text ORDER BY jh.created_at DESC LIMIT 1
) j ON j.resource_type = 'topology'
WHERE t.deleted_at IS NULL;

CREATE OR REPLACE VIEW integrations_with_status AS
SELECT i.id, i.name, i.description, i.integration_type, i.source, i.agent_id, i.created_at,
  i.updated_at, i.deleted_at, i.created_by, i.job_name, i.job_success_count, i.job_error_count,
  i.job_details, i.job_hostname, i.job_duration_millis, i.job_resource_type, i.job_status,
  i.job_time_start, i.job_time_end, i.job_created_at, i.job_last_failed, i.agent,
  p.name AS creator_name, p.avatar AS creator_avatar, p.title AS creator_title,
  p.email AS creator_email
FROM (
  SELECT cs.id, cs.name, cs.description, 'scrapers'::text AS integration_type, cs.source,
    cs.agent_id, cs.created_at, cs.updated_at, cs.deleted_at, cs.created_by,
    j.name AS job_name, j.success_count AS job_success_count, j.error_count AS job_error_count,
    j.details AS job_details, j.hostname AS job_hostname,
    j.duration_millis AS job_duration_millis, j.resource_type AS job_resource_type,
    j.status AS job_status, j.time_start AS job_time_start, j.time_end AS job_time_end,
    j.created_at AS job_created_at,
    (SELECT max(f.time_start) FROM job_history f
      WHERE f.resource_id = cs.id::text AND f.status = 'FAILED') AS job_last_failed,
    CASE WHEN ag.id IS NOT NULL THEN jsonb_build_object('id', ag.id, 'name', ag.name) END
      AS agent
  FROM config_scrapers cs
  LEFT JOIN LATERAL (
    SELECT jh.* FROM job_history jh
    WHERE jh.resource_id = cs.id::text ORDER BY jh.created_at DESC LIMIT 1
  ) j ON true
  LEFT JOIN agents ag ON ag.id = cs.agent_id
  WHERE cs.deleted_at IS NULL
  UNION ALL
  SELECT t.id, t.name, NULL::text, 'topologies', t.source, t.agent_id, t.created_at,
    t.updated_at, t.deleted_at, t.created_by,
    j.name, j.success_count, j.error_count, j.details, j.hostname, j.duration_millis,
    j.resource_type, j.status, j.time_start, j.time_end, j.created_at,
    (SELECT max(f.time_start) FROM job_history f
      WHERE f.resource_id = t.id::text AND f.status = 'FAILED'),
    CASE WHEN ag.id IS NOT NULL THEN jsonb_build_object('id', ag.id, 'name', ag.name) END
  FROM topologies t
  LEFT JOIN LATERAL (
    SELECT jh.* FROM job_history jh
    WHERE jh.resource_id = t.id::text ORDER BY jh.created_at DESC LIMIT 1
  ) j ON true
  LEFT JOIN agents ag ON ag.id = t.agent_id
  WHERE t.deleted_at IS NULL
  UNION ALL
  SELECT lb.id, lb.name, NULL::text, 'logging_backends', lb.source, lb.agent_id, lb.created_at,
    lb.updated_at, lb.deleted_at, lb.created_by,
    ''::text, 0, 0, NULL::jsonb, ''::text, 0, ''::text, ''::text,
    NULL::timestamptz, NULL::timestamptz, NULL::timestamptz, NULL::timestamptz,
    CASE WHEN ag.id IS NOT NULL THEN jsonb_build_object('id', ag.id, 'name', ag.name) END
  FROM logging_backends lb
  LEFT JOIN agents ag ON ag.id = lb.agent_id
) i
LEFT JOIN people p ON p.id = i.created_by;
