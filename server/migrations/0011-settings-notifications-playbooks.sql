-- Views, functions and triggers of health (leftovers), agents & people, settings, notifications
-- and playbooks (schema.md §1, §2, §6, §7, §8). Written against base tables only, so it does not
-- depend on the catalog and topology views of 0008–0010. Columns follow the contract's order;
-- columns that schema.json traces to a base column are plain projections of it (the data API
-- derives view relationships from that lineage). The contract's materialized views are computed
-- live here (schema.md §1 allows it), so nothing needs refreshing.

-- ---------------------------------------------------------------------------------------------
-- Shared helpers (Vigil-internal names; not part of the /db relation map)
-- ---------------------------------------------------------------------------------------------

-- Append an event to the queue; an identical (name, properties) row is re-armed instead
-- (schema.md §0.1: upsert on (name, properties)).
CREATE OR REPLACE FUNCTION vigil_enqueue_event(event_name text, event_properties jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_queue (name, properties) VALUES (event_name, event_properties)
  ON CONFLICT ON CONSTRAINT event_queue_name_properties DO UPDATE
    SET created_at = now(), attempts = 0, error = NULL, last_attempt = NULL;
END;
$$;

-- The uuid a text holds, or NULL when it is not one (job_history.resource_id is text).
CREATE OR REPLACE FUNCTION vigil_text_to_uuid(value text) RETURNS uuid
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN value ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$' THEN value::uuid
  END
$$;

-- ---------------------------------------------------------------------------------------------
-- Health (schema.md §1)
-- ---------------------------------------------------------------------------------------------

-- 0005 appended Vigil's p97 to check_status_summary_hour and check_status_summary, whose columns
-- the contract fixes exactly. p97 moves to Vigil-internal views; the contract views become plain
-- projections of them, and check_summary keeps latency.p97 by reading the internal one.
DROP VIEW check_summary;
DROP VIEW check_status_summary;
DROP VIEW check_status_summary_hour;

-- Last hour per check, with p97 (Vigil) after the contract's columns.
CREATE VIEW vigil_check_status_summary_hour AS
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

CREATE VIEW check_status_summary_hour AS
SELECT h.check_id, h.p99, h.p95, h.p50, h.mean, h.passed, h.failed, h.last_check, h.last_pass,
  h.last_fail
FROM vigil_check_status_summary_hour h;

-- Checks without a status in the last hour: their single latest status (so 1/0 or 0/1).
CREATE VIEW check_status_summary_aged AS
SELECT l.check_id, l.duration AS p99, l.duration AS p95, l.duration AS p50, l.duration AS mean,
  CASE WHEN l.status THEN 1 ELSE 0 END AS passed,
  CASE WHEN l.status THEN 0 ELSE 1 END AS failed,
  l.time AS last_check,
  CASE WHEN l.status THEN l.time END AS last_pass,
  CASE WHEN l.status IS NOT TRUE THEN l.time END AS last_fail
FROM checks c
CROSS JOIN LATERAL (
  SELECT s.check_id, s.duration, s.status, s.time
  FROM check_statuses s
  WHERE s.check_id = c.id
  ORDER BY s.time DESC
  LIMIT 1
) l
WHERE NOT EXISTS (
  SELECT 1 FROM check_statuses r WHERE r.check_id = c.id AND r.time >= now() - interval '1 hour'
);

CREATE VIEW vigil_check_status_summary AS
SELECT h.check_id, h.p99, h.p95, h.p50, h.mean, h.passed, h.failed, h.last_check, h.last_pass,
  h.last_fail, h.p97
FROM vigil_check_status_summary_hour h
UNION ALL
SELECT a.check_id, a.p99, a.p95, a.p50, a.mean::numeric, a.passed::bigint, a.failed::bigint,
  a.last_check, a.last_pass, a.last_fail, a.p99 AS p97
FROM check_status_summary_aged a;

CREATE VIEW check_status_summary AS
SELECT s.check_id, s.p99, s.p95, s.p50, s.mean, s.passed, s.failed, s.last_check, s.last_pass,
  s.last_fail
FROM vigil_check_status_summary s;

-- As in 0005: every check (deleted included); labels treat a NULL side as {}; agent_id,
-- next_runtime, endpoint and latency.p97 are Vigil extensions.
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
LEFT JOIN vigil_check_status_summary s ON s.check_id = c.id;

-- check_summary rows of checks linked to a config (same extension columns at the end).
CREATE VIEW check_summary_for_config AS
SELECT r.config_id, s.id, s.canary_id, s.uptime, s.latency, s.last_transition_time, s.type,
  s.icon, s.name, s.status, s.description, s.namespace, s.canary_namespace, s.canary_name,
  s.labels, s.severity, s.owner, s.last_runtime, s.created_at, s.updated_at, s.deleted_at,
  s.silenced_at, s.agent_id, s.next_runtime, s.endpoint
FROM check_config_relationships r
JOIN check_summary s ON s.id = r.check_id
WHERE r.deleted_at IS NULL;

CREATE OR REPLACE FUNCTION check_summary_for_component(id uuid) RETURNS SETOF check_summary
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT s.* FROM check_summary s
  WHERE s.id IN (
    SELECT r.check_id FROM check_component_relationships r
    WHERE r.component_id = check_summary_for_component.id AND r.deleted_at IS NULL
  );
END;
$$;

-- Linked checks through non-deleted links (the check itself is not filtered on deleted_at).
CREATE VIEW checks_by_component AS
SELECT r.component_id, c.id, c.type, c.name, c.severity, c.status
FROM check_component_relationships r
JOIN checks c ON c.id = r.check_id
WHERE r.deleted_at IS NULL;

CREATE VIEW checks_by_config AS
SELECT r.config_id, c.id, c.type, c.name, c.severity, c.status, c.icon, c.last_runtime
FROM check_config_relationships r
JOIN checks c ON c.id = r.check_id
WHERE r.deleted_at IS NULL;

-- status -> number of linked checks; checks without a status are not counted ({} when none is).
CREATE VIEW check_summary_by_component AS
SELECT g.component_id, coalesce(json_object_agg(g.status, g.n), '{}'::json) AS checks
FROM (
  SELECT b.component_id, b.status, count(*) AS n
  FROM checks_by_component b
  WHERE b.status IS NOT NULL
  GROUP BY b.component_id, b.status
) g
GROUP BY g.component_id;

CREATE VIEW check_summary_by_config AS
SELECT g.config_id, coalesce(json_object_agg(g.status, g.n), '{}'::json) AS checks
FROM (
  SELECT b.config_id, b.status, count(*) AS n
  FROM checks_by_config b
  WHERE b.status IS NOT NULL
  GROUP BY b.config_id, b.status
) g
GROUP BY g.config_id;

-- 5-minute buckets over the last day for non-deleted checks.
CREATE VIEW check_statuses_5m AS
SELECT s.check_id,
  date_bin('5 minutes', s.time, timestamptz '1970-01-01 00:00:00+00') AS created_at,
  count(*) AS total_checks,
  count(*) FILTER (WHERE s.status) AS passed,
  count(*) FILTER (WHERE s.status IS NOT TRUE) AS failed,
  coalesce(sum(s.duration), 0)::bigint AS total_duration
FROM check_statuses s
JOIN checks c ON c.id = s.check_id
WHERE s.time >= now() - interval '1 day' AND c.deleted_at IS NULL
GROUP BY s.check_id, date_bin('5 minutes', s.time, timestamptz '1970-01-01 00:00:00+00');

-- Each status row with the non-deleted artifacts it produced ([] when none).
CREATE VIEW checks_status_artifacts AS
SELECT s.check_id, s.status AS check_status, s.message AS check_message, s.error, s.invalid,
  s.time, s.duration,
  coalesce(
    (SELECT json_agg(json_build_object('name', a.filename, 'size', a.size, 'id', a.id)
       ORDER BY a.created_at)
     FROM artifacts a
     WHERE a.check_id = s.check_id AND a.check_time = s.time AND a.deleted_at IS NULL),
    '[]'::json
  ) AS artifacts
FROM check_statuses s;

-- Per check (deleted included): first/last status time, number of status rows, storage size.
CREATE VIEW check_size_summary AS
SELECT c.canary_id, c.id,
  min(s.time) AS min_time,
  max(s.time) AS max_time,
  count(s.check_id) AS count,
  coalesce(sum(pg_column_size(s.*)), 0)::bigint AS size,
  coalesce(round(avg(pg_column_size(s.*))), 0)::bigint AS avg_size
FROM checks c
LEFT JOIN check_statuses s ON s.check_id = c.id
GROUP BY c.canary_id, c.id;

-- A status change stamps last_transition_time (unless the writer set it in the same update) and
-- enqueues check.passed / check.failed.
CREATE OR REPLACE FUNCTION checks_status_transition() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    IF NEW.last_transition_time IS NOT DISTINCT FROM OLD.last_transition_time THEN
      NEW.last_transition_time := now();
    END IF;
    IF NEW.status = 'healthy' THEN
      PERFORM vigil_enqueue_event('check.passed',
        jsonb_build_object('id', NEW.id, 'last_runtime', NEW.last_runtime));
    ELSIF NEW.status = 'unhealthy' THEN
      PERFORM vigil_enqueue_event('check.failed',
        jsonb_build_object('id', NEW.id, 'last_runtime', NEW.last_runtime));
    END IF;
  END IF;
  RETURN NEW;
END;
$$;

-- Soft-deleting a canary soft-deletes its checks and their component links.
CREATE OR REPLACE FUNCTION canaries_cascade_soft_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL THEN
    UPDATE checks SET deleted_at = NEW.deleted_at WHERE canary_id = NEW.id AND deleted_at IS NULL;
    UPDATE check_component_relationships SET deleted_at = NEW.deleted_at
    WHERE canary_id = NEW.id AND deleted_at IS NULL;
  END IF;
  RETURN NEW;
END;
$$;

-- Soft-deleting a check soft-deletes its component links.
CREATE OR REPLACE FUNCTION checks_cascade_soft_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL THEN
    UPDATE check_component_relationships SET deleted_at = NEW.deleted_at
    WHERE check_id = NEW.id AND deleted_at IS NULL;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER checks_soft_delete AFTER UPDATE ON checks
FOR EACH ROW EXECUTE FUNCTION checks_cascade_soft_delete();

-- ---------------------------------------------------------------------------------------------
-- Agents & people (schema.md §2)
-- ---------------------------------------------------------------------------------------------

-- Counts include soft-deleted rows and are NULL (not 0) when there are none (Vigil note).
CREATE OR REPLACE VIEW agents_summary AS
SELECT a.id, a.name, a.hostname, a.description, a.ip, a.version, a.username, a.person_id,
  a.properties, a.tls, a.created_by, a.created_at, a.updated_at, a.cleanup, a.deleted_at,
  a.last_seen, a.last_received,
  (SELECT nullif(count(*), 0) FROM config_items ci WHERE ci.agent_id = a.id) AS config_count,
  (SELECT nullif(count(*), 0) FROM config_scrapers cs WHERE cs.agent_id = a.id)
    AS config_scrapper_count,
  (SELECT nullif(count(*), 0) FROM checks ch WHERE ch.agent_id = a.id) AS checks_count,
  (SELECT nullif(count(*), 0) FROM playbook_runs pr WHERE pr.agent_id = a.id)
    AS playbook_runs_count
FROM agents a
WHERE a.deleted_at IS NULL;

-- Non-deleted teams with their latest 'team' job and the start of the last failed one.
CREATE VIEW teams_with_status AS
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
LEFT JOIN job_history_latest_status j ON j.resource_id = t.id::text AND j.resource_type = 'team'
WHERE t.deleted_at IS NULL;

-- Rows not yet pushed upstream, per push-able table.
CREATE VIEW push_queue_summary AS
SELECT 'artifacts'::text AS "table", count(*) AS count FROM artifacts WHERE NOT is_pushed
UNION ALL SELECT 'canaries', count(*) FROM canaries WHERE NOT is_pushed
UNION ALL SELECT 'check_component_relationships', count(*) FROM check_component_relationships
  WHERE NOT is_pushed
UNION ALL SELECT 'check_config_relationships', count(*) FROM check_config_relationships
  WHERE NOT is_pushed
UNION ALL SELECT 'check_statuses', count(*) FROM check_statuses WHERE NOT is_pushed
UNION ALL SELECT 'checks', count(*) FROM checks WHERE NOT is_pushed
UNION ALL SELECT 'component_relationships', count(*) FROM component_relationships
  WHERE NOT is_pushed
UNION ALL SELECT 'components', count(*) FROM components WHERE NOT is_pushed
UNION ALL SELECT 'config_analysis', count(*) FROM config_analysis WHERE NOT is_pushed
UNION ALL SELECT 'config_changes', count(*) FROM config_changes WHERE NOT is_pushed
UNION ALL SELECT 'config_component_relationships', count(*) FROM config_component_relationships
  WHERE NOT is_pushed
UNION ALL SELECT 'config_items', count(*) FROM config_items WHERE NOT is_pushed
UNION ALL SELECT 'config_relationships', count(*) FROM config_relationships WHERE NOT is_pushed
UNION ALL SELECT 'config_scrapers', count(*) FROM config_scrapers WHERE NOT is_pushed
UNION ALL SELECT 'playbook_run_actions', count(*) FROM playbook_run_actions WHERE NOT is_pushed
UNION ALL SELECT 'topologies', count(*) FROM topologies WHERE NOT is_pushed;

-- Soft-deletes what an agent owns; a no-op for the local agent.
CREATE OR REPLACE FUNCTION delete_agent_resources(agentid uuid, delete_time timestamp with time zone)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF agentid IS NULL OR agentid = '00000000-0000-0000-0000-000000000000'::uuid THEN
    RETURN;
  END IF;
  UPDATE topologies SET deleted_at = delete_time WHERE agent_id = agentid AND deleted_at IS NULL;
  UPDATE components SET deleted_at = delete_time WHERE agent_id = agentid AND deleted_at IS NULL;
  UPDATE canaries SET deleted_at = delete_time WHERE agent_id = agentid AND deleted_at IS NULL;
  UPDATE checks SET deleted_at = delete_time WHERE agent_id = agentid AND deleted_at IS NULL;
  UPDATE config_scrapers SET deleted_at = delete_time WHERE agent_id = agentid AND deleted_at IS NULL;
  UPDATE config_items SET deleted_at = delete_time WHERE agent_id = agentid AND deleted_at IS NULL;
  UPDATE logging_backends SET deleted_at = delete_time
  WHERE agent_id = agentid AND deleted_at IS NULL;
END;
$$;

-- An agent soft-deleted with cleanup (on the old or the new row) takes its resources with it.
CREATE OR REPLACE FUNCTION agents_cleanup_resources() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL AND (OLD.cleanup OR NEW.cleanup) THEN
    PERFORM delete_agent_resources(NEW.id, NEW.deleted_at);
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER agents_cleanup AFTER UPDATE ON agents
FOR EACH ROW EXECUTE FUNCTION agents_cleanup_resources();

-- A soft-deleted team loses its component links; a spec change clears the error of the
-- notifications addressed to the team.
CREATE OR REPLACE FUNCTION teams_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL THEN
    DELETE FROM team_components WHERE team_id = NEW.id;
  END IF;
  IF NEW.spec IS DISTINCT FROM OLD.spec THEN
    UPDATE notifications SET error = NULL WHERE team_id = NEW.id AND error IS NOT NULL;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER teams_after_update AFTER UPDATE ON teams
FOR EACH ROW EXECUTE FUNCTION teams_after_update();

-- ---------------------------------------------------------------------------------------------
-- Settings (schema.md §6)
-- ---------------------------------------------------------------------------------------------

-- '***' for a secret unless it is empty or a secret://, configmap://, helm:// or
-- serviceaccount:// reference.
CREATE OR REPLACE FUNCTION mask_sensitive(field_value text) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF field_value IS NULL OR field_value = '' THEN
    RETURN field_value;
  END IF;
  IF field_value ~ '^(secret|configmap|helm|serviceaccount)://' THEN
    RETURN field_value;
  END IF;
  RETURN '***';
END;
$$;

-- 'notification' for the notification services (by type, or by the URL's scheme); NULL otherwise.
CREATE OR REPLACE FUNCTION vigil_connection_category(connection_type text, url text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN lower(connection_type) IN ('discord', 'email', 'smtp', 'google_chat', 'googlechat',
      'ifttt', 'mattermost', 'matrix', 'ntfy', 'opsgenie', 'pushbullet', 'pushover',
      'rocketchat', 'slack', 'teams', 'telegram', 'zulip_chat', 'zulip', 'generic_webhook')
      OR lower(substring(url FROM '^([A-Za-z][A-Za-z0-9+.-]*)://')) IN ('discord', 'smtp',
      'googlechat', 'ifttt', 'mattermost', 'matrix', 'ntfy', 'opsgenie', 'pushbullet',
      'pushover', 'rocketchat', 'slack', 'teams', 'telegram', 'zulip', 'generic',
      'generic+http', 'generic+https')
    THEN 'notification'
  END
$$;

CREATE VIEW connection_details AS
SELECT c.id, c.name, c.namespace, c.type, c.source, c.properties, c.insecure_tls, c.created_by,
  c.created_at, c.updated_at,
  vigil_connection_category(c.type, c.url) AS category,
  mask_sensitive(c.username) AS username,
  mask_sensitive(c.password) AS password,
  mask_sensitive(c.certificate) AS certificate
FROM connections c
WHERE c.deleted_at IS NULL;

CREATE VIEW connections_list AS
SELECT c.id, c.name, c.namespace, c.type,
  vigil_connection_category(c.type, c.url) AS category,
  c.created_by, c.created_at, c.updated_at
FROM connections c
WHERE c.deleted_at IS NULL;

-- An update that sends back the mask '***' keeps the stored secret.
CREATE OR REPLACE FUNCTION connections_keep_masked_secrets() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.username = '***' THEN NEW.username := OLD.username; END IF;
  IF NEW.password = '***' THEN NEW.password := OLD.password; END IF;
  IF NEW.certificate = '***' THEN NEW.certificate := OLD.certificate; END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER connections_keep_masked_secrets BEFORE UPDATE ON connections
FOR EACH ROW EXECUTE FUNCTION connections_keep_masked_secrets();

-- Every job_history column plus the name of the resource it ran for and the agent.
CREATE VIEW job_histories AS
SELECT j.id, j.agent_id, j.name, j.success_count, j.error_count, j.details, j.hostname,
  j.duration_millis, j.resource_type, j.resource_id, j.status, j.time_start, j.time_end,
  j.created_at, j.is_pushed,
  coalesce(
    CASE j.resource_type
      WHEN 'components' THEN
        (SELECT r.name FROM components r WHERE r.id = vigil_text_to_uuid(j.resource_id))
      WHEN 'config_scraper' THEN
        (SELECT r.name FROM config_scrapers r WHERE r.id = vigil_text_to_uuid(j.resource_id))
      WHEN 'canary' THEN
        (SELECT r.name FROM canaries r WHERE r.id = vigil_text_to_uuid(j.resource_id))
      WHEN 'topology' THEN
        (SELECT r.name FROM topologies r WHERE r.id = vigil_text_to_uuid(j.resource_id))
    END,
    j.resource_id
  ) AS resource_name,
  json_build_object('id', a.id, 'name', a.name) AS agent
FROM job_history j
LEFT JOIN agents a ON a.id = j.agent_id;

CREATE VIEW job_history_names AS
SELECT DISTINCT j.name FROM job_history j WHERE j.name IS NOT NULL;

CREATE VIEW event_queue_summary AS
SELECT q.name,
  count(*) AS pending,
  count(*) FILTER (WHERE q.error IS NOT NULL) AS failed,
  round(avg(q.attempts), 2) AS average_attempts,
  min(q.created_at) FILTER (WHERE q.error IS NOT NULL) AS first_failure,
  max(q.last_attempt) AS last_failure,
  mode() WITHIN GROUP (ORDER BY q.error) FILTER (WHERE q.error IS NOT NULL) AS most_common_error
FROM event_queue q
GROUP BY q.name;

-- Errored, attempted events of the last 7 days.
CREATE VIEW failed_events AS
SELECT q.name,
  count(DISTINCT q.error) AS unique_errors,
  round(avg(q.attempts), 2) AS average_attempts,
  count(*) AS total_failed_events,
  mode() WITHIN GROUP (ORDER BY q.error) AS most_common_error
FROM event_queue q
WHERE q.error IS NOT NULL AND q.attempts > 0
  AND coalesce(q.last_attempt, q.created_at) >= now() - interval '7 days'
GROUP BY q.name;

-- Config scrapers and topologies (non-deleted, with their latest job) and logging backends
-- (blank job fields, deleted ones included), with the creator's details. A UNION: no lineage.
CREATE VIEW integrations_with_status AS
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
  LEFT JOIN job_history_latest_status j ON j.resource_id = cs.id::text
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
  LEFT JOIN job_history_latest_status j ON j.resource_id = t.id::text
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

-- ---------------------------------------------------------------------------------------------
-- Notifications (schema.md §7)
-- ---------------------------------------------------------------------------------------------

-- pending: queued 'notification.send' events for the rule with fewer than 4 attempts (the event's
-- properties carry notification_id). From the send history: failed = rows with an error,
-- sent = rows without one, avg_duration_ms over errored rows only.
CREATE VIEW notifications_summary AS
SELECT n.id, n.name, coalesce(n.namespace, '') AS namespace, n.error, n.title, n.events, n.filter,
  n.person_id, n.team_id, n.custom_services, n.created_at, n.updated_at, n.created_by, n.source,
  n.repeat_interval, n.wait_for,
  (SELECT count(*) FROM event_queue q
    WHERE q.name = 'notification.send' AND q.properties ->> 'notification_id' = n.id::text
      AND coalesce(q.attempts, 0) < 4) AS pending,
  h.avg_duration_ms, h.failed, h.sent, h.most_common_error
FROM notifications n
LEFT JOIN LATERAL (
  SELECT avg(x.duration_millis) FILTER (WHERE x.error IS NOT NULL) AS avg_duration_ms,
    count(*) FILTER (WHERE x.error IS NOT NULL) AS failed,
    count(*) FILTER (WHERE x.error IS NULL) AS sent,
    mode() WITHIN GROUP (ORDER BY x.error) FILTER (WHERE x.error IS NOT NULL)
      AS most_common_error
  FROM notification_send_history x
  WHERE x.notification_id = n.id
) h ON true
WHERE n.deleted_at IS NULL;

-- Send history of config, component, check and canary events with the resource's details
-- (NULL when the resource no longer exists). A UNION: no lineage, no embedding.
CREATE VIEW notification_send_history_summary AS
SELECT h.id, h.notification_id, h.body, h.status, h.count, h.first_observed, h.source_event,
  h.resource_id, h.person_id, h.error, h.duration_millis, h.created_at,
  'config'::text AS resource_type,
  CASE WHEN ci.id IS NOT NULL THEN jsonb_build_object('id', ci.id, 'name', ci.name,
    'type', ci.type, 'config_class', ci.config_class) END AS resource
FROM notification_send_history h
LEFT JOIN config_items ci ON ci.id = h.resource_id
WHERE h.source_event LIKE 'config.%'
UNION ALL
SELECT h.id, h.notification_id, h.body, h.status, h.count, h.first_observed, h.source_event,
  h.resource_id, h.person_id, h.error, h.duration_millis, h.created_at,
  'component',
  CASE WHEN co.id IS NOT NULL THEN jsonb_build_object('id', co.id, 'name', co.name,
    'icon', co.icon) END
FROM notification_send_history h
LEFT JOIN components co ON co.id = h.resource_id
WHERE h.source_event LIKE 'component.%'
UNION ALL
SELECT h.id, h.notification_id, h.body, h.status, h.count, h.first_observed, h.source_event,
  h.resource_id, h.person_id, h.error, h.duration_millis, h.created_at,
  'check',
  CASE WHEN ch.id IS NOT NULL THEN jsonb_build_object('id', ch.id, 'name', ch.name,
    'type', ch.type, 'status', ch.status, 'icon', ch.icon) END
FROM notification_send_history h
LEFT JOIN checks ch ON ch.id = h.resource_id
WHERE h.source_event LIKE 'check.%'
UNION ALL
SELECT h.id, h.notification_id, h.body, h.status, h.count, h.first_observed, h.source_event,
  h.resource_id, h.person_id, h.error, h.duration_millis, h.created_at,
  'canary',
  CASE WHEN ca.id IS NOT NULL THEN jsonb_build_object('id', ca.id, 'name', ca.name) END
FROM notification_send_history h
LEFT JOIN canaries ca ON ca.id = h.resource_id
WHERE h.source_event LIKE 'canary.%';

-- Record a suppressed send: bump the count of the same (rule, event, resource, status) row
-- created within the window, or insert a new one.
CREATE OR REPLACE FUNCTION insert_unsent_notification_to_history(
  p_notification_id uuid,
  p_source_event text,
  p_resource_id uuid,
  p_status text,
  p_window interval
) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  existing uuid;
BEGIN
  IF p_status IS NULL OR p_status NOT IN ('silenced', 'repeat-interval') THEN
    RAISE EXCEPTION 'insert_unsent_notification_to_history: status must be silenced or repeat-interval, not %', p_status
      USING ERRCODE = '22023';
  END IF;
  SELECT h.id INTO existing
  FROM notification_send_history h
  WHERE h.notification_id = p_notification_id
    AND h.source_event = p_source_event
    AND h.resource_id = p_resource_id
    AND h.status = p_status
    AND h.created_at > now() - p_window
  ORDER BY h.created_at DESC
  LIMIT 1
  FOR UPDATE;
  IF existing IS NOT NULL THEN
    UPDATE notification_send_history SET count = count + 1 WHERE id = existing;
  ELSE
    INSERT INTO notification_send_history (notification_id, source_event, resource_id, status)
    VALUES (p_notification_id, p_source_event, p_resource_id, p_status);
  END IF;
END;
$$;

-- A change of filter, custom_services or team_id clears error (NULL -> value counts as a
-- change), unless the same update sets error itself.
CREATE OR REPLACE FUNCTION notifications_clear_error() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.filter IS DISTINCT FROM OLD.filter
      OR NEW.custom_services IS DISTINCT FROM OLD.custom_services
      OR NEW.team_id IS DISTINCT FROM OLD.team_id)
     AND NEW.error IS NOT DISTINCT FROM OLD.error THEN
    NEW.error := NULL;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER notifications_clear_error BEFORE UPDATE ON notifications
FOR EACH ROW EXECUTE FUNCTION notifications_clear_error();

-- ---------------------------------------------------------------------------------------------
-- Playbooks (schema.md §8)
-- ---------------------------------------------------------------------------------------------

-- description, category and icon come from the spec, not from the columns of the same names.
CREATE VIEW playbook_names AS
SELECT p.id, p.title, p.name,
  p.spec ->> 'description' AS description,
  p.spec ->> 'category' AS category,
  p.spec ->> 'icon' AS icon
FROM playbooks p
WHERE p.deleted_at IS NULL
ORDER BY p.name;

-- Per agent named in a non-deleted playbook's spec.runsOn: the playbooks it runs.
CREATE VIEW playbooks_for_agent AS
SELECT r.agent_name, a.person_id, a.id AS agent_id,
  jsonb_agg(r.playbook_id ORDER BY r.playbook_id) AS playbook_ids
FROM (
  SELECT p.id AS playbook_id, e.value AS agent_name
  FROM playbooks p
  CROSS JOIN LATERAL jsonb_array_elements_text(
    CASE WHEN jsonb_typeof(p.spec -> 'runsOn') = 'array' THEN p.spec -> 'runsOn'
      ELSE '[]'::jsonb END
  ) e
  WHERE p.deleted_at IS NULL
) r
JOIN agents a ON a.name = r.agent_name AND a.deleted_at IS NULL
GROUP BY r.agent_name, a.person_id, a.id;

CREATE OR REPLACE FUNCTION playbook_approvals_enqueue() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vigil_enqueue_event('playbook.approval.inserted',
    jsonb_build_object('id', NEW.id, 'run_id', NEW.run_id));
  RETURN NEW;
END;
$$;

CREATE TRIGGER playbook_approvals_enqueue AFTER INSERT ON playbook_approvals
FOR EACH ROW EXECUTE FUNCTION playbook_approvals_enqueue();

CREATE OR REPLACE FUNCTION playbooks_spec_approval_enqueue() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.spec -> 'approval' IS DISTINCT FROM OLD.spec -> 'approval' THEN
    PERFORM vigil_enqueue_event('playbook.spec.approval.updated', jsonb_build_object('id', NEW.id));
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER playbooks_spec_approval_enqueue AFTER UPDATE ON playbooks
FOR EACH ROW EXECUTE FUNCTION playbooks_spec_approval_enqueue();

-- ---------------------------------------------------------------------------------------------
-- Notify channels (schema.md §0.1): server-side only, the browser never sees them.
-- ---------------------------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION event_queue_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('event_queue_updates', NEW.name);
  RETURN NEW;
END;
$$;

CREATE TRIGGER event_queue_notify AFTER INSERT ON event_queue
FOR EACH ROW EXECUTE FUNCTION event_queue_notify();

CREATE OR REPLACE FUNCTION playbook_run_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status THEN
    PERFORM pg_notify(
      CASE TG_TABLE_NAME WHEN 'playbook_runs' THEN 'playbook_run_updates'
        ELSE 'playbook_action_updates' END,
      NEW.id::text
    );
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER playbook_runs_notify AFTER INSERT OR UPDATE ON playbook_runs
FOR EACH ROW EXECUTE FUNCTION playbook_run_notify();
CREATE TRIGGER playbook_run_actions_notify AFTER INSERT OR UPDATE ON playbook_run_actions
FOR EACH ROW EXECUTE FUNCTION playbook_run_notify();
