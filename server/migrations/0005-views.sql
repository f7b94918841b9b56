-- Views of the walking skeleton (schema.md §1–§2). Column order follows the contract; Vigil's
-- extension columns are appended at the end. Mission Control materialises check_status_summary;
-- Vigil computes it live (schema.md §1 allows it), so the summary is never stale.

CREATE VIEW people_roles AS
SELECT p.id, p.name, p.email, array_agg(r.v1 ORDER BY r.v1) AS roles
FROM people p
JOIN casbin_rule r ON r.ptype = 'g' AND r.v0 = p.id::text
GROUP BY p.id, p.name, p.email;

CREATE VIEW job_history_latest_status AS
SELECT j.id, j.agent_id, j.name, j.success_count, j.error_count, j.details, j.hostname,
  j.duration_millis, j.resource_type, j.resource_id, j.status, j.time_start, j.time_end,
  j.created_at, j.is_pushed, j.rn
FROM (
  SELECT jh.*, row_number() OVER (PARTITION BY jh.resource_id ORDER BY jh.created_at DESC) AS rn
  FROM job_history jh
) j
WHERE j.rn = 1;

-- Counts of relations that arrive with later issues (config items, scrapers, playbook runs) are
-- NULL until those tables exist; the view is replaced then with the same columns.
CREATE VIEW agents_summary AS
SELECT a.id, a.name, a.hostname, a.description, a.ip, a.version, a.username, a.person_id,
  a.properties, a.tls, a.created_by, a.created_at, a.updated_at, a.cleanup, a.deleted_at,
  a.last_seen, a.last_received,
  NULL::bigint AS config_count,
  NULL::bigint AS config_scrapper_count,
  (SELECT nullif(count(*), 0) FROM checks ch WHERE ch.agent_id = a.id) AS checks_count,
  NULL::bigint AS playbook_runs_count
FROM agents a
WHERE a.deleted_at IS NULL;

CREATE VIEW canaries_with_status AS
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
LEFT JOIN job_history_latest_status j ON j.resource_id = c.id::text
WHERE c.deleted_at IS NULL;

CREATE VIEW canary_names AS
SELECT c.id, c.name, c.namespace FROM canaries c WHERE c.deleted_at IS NULL ORDER BY c.name;

CREATE VIEW check_names AS
SELECT c.id, c.canary_id, c.type, c.name, c.status
FROM checks c
WHERE c.deleted_at IS NULL AND c.silenced_at IS NULL
ORDER BY c.name;

CREATE VIEW check_labels AS
SELECT DISTINCT l.key, l.value
FROM checks c, jsonb_each_text(c.labels) l
WHERE jsonb_typeof(c.labels) = 'object';

-- Last hour per check; p97 (Vigil) is appended after the contract's columns.
CREATE VIEW check_status_summary_hour AS
SELECT s.check_id,
  percentile_disc(0.99) WITHIN GROUP (ORDER BY s.duration) AS p99,
  percentile_disc(0.95) WITHIN GROUP (ORDER BY s.duration) AS p95,
  percentile_disc(0.50) WITHIN GROUP (ORDER BY s.duration) AS p50,
  avg(s.duration) AS mean,
  count(*) FILTER (WHERE s.status) AS passed,
  count(*) FILTER (WHERE s.status IS NOT TRUE) AS failed,
  max(s.time) AS last_check,
  max(s.time) FILTER (WHERE s.status) AS last_pass,
  max(s.time) FILTER (WHERE s.status IS NOT TRUE) AS last_fail,
  percentile_disc(0.97) WITHIN GROUP (ORDER BY s.duration) AS p97
FROM check_statuses s
WHERE s.time >= now() - interval '1 hour'
GROUP BY s.check_id;

-- The last hour, or for a check without a status in the last hour its latest single status.
CREATE VIEW check_status_summary AS
SELECT h.check_id, h.p99, h.p95, h.p50, h.mean, h.passed, h.failed, h.last_check, h.last_pass,
  h.last_fail, h.p97
FROM check_status_summary_hour h
UNION ALL
SELECT c.id AS check_id, l.duration AS p99, l.duration AS p95, l.duration AS p50,
  l.duration::numeric AS mean,
  (CASE WHEN l.status THEN 1 ELSE 0 END)::bigint AS passed,
  (CASE WHEN l.status THEN 0 ELSE 1 END)::bigint AS failed,
  l.time AS last_check,
  CASE WHEN l.status THEN l.time END AS last_pass,
  CASE WHEN l.status IS NOT TRUE THEN l.time END AS last_fail,
  l.duration AS p97
FROM checks c
CROSS JOIN LATERAL (
  SELECT s.duration, s.status, s.time
  FROM check_statuses s
  WHERE s.check_id = c.id
  ORDER BY s.time DESC
  LIMIT 1
) l
WHERE NOT EXISTS (
  SELECT 1 FROM check_statuses r WHERE r.check_id = c.id AND r.time >= now() - interval '1 hour'
);

-- Every check (deleted included, as in Mission Control); labels treat a NULL side as {} (the
-- Vigil superset of schema.md §1). agent_id, next_runtime and endpoint are Vigil extensions.
CREATE VIEW check_summary AS
SELECT c.id, c.canary_id,
  json_build_object(
    'passed', coalesce(s.passed, 0),
    'failed', coalesce(s.failed, 0),
    'last_pass', s.last_pass,
    'last_fail', s.last_fail
  ) AS uptime,
  json_build_object(
    'p99', s.p99, 'p97', s.p97, 'p95', s.p95, 'p50', s.p50, 'avg', round(s.mean)
  ) AS latency,
  c.last_transition_time, c.type, c.icon, c.name, c.status, c.description, c.namespace,
  ca.namespace AS canary_namespace,
  ca.name AS canary_name,
  coalesce(ca.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb) AS labels,
  c.severity, c.owner, c.last_runtime, c.created_at, c.updated_at, c.deleted_at, c.silenced_at,
  c.agent_id, c.next_runtime,
  coalesce(c.spec ->> 'url', c.spec ->> 'endpoint', c.spec ->> 'host') AS endpoint
FROM checks c
JOIN canaries ca ON ca.id = c.canary_id
LEFT JOIN check_status_summary s ON s.check_id = c.id;
