-- The health summary at 10,000 checks (issue 3's benchmark): most of its time went into writing
-- each check's JSON text, field by field, on every request. Each check's summary object is now
-- kept as text in three parts, rewritten by statement-level triggers when something it shows
-- changes:
--   head   id .. labels          when the check or its canary changes;
--   status uptime and latency    when a status of the check is written or deleted, and when the
--                                oldest status of its last hour leaves the hour (status_expires_at;
--                                the summary endpoint rewrites those first);
--   tail   last_runtime .. end   when the check changes.
-- The summary is then the parts in order, and stays exactly as live as computing it per request.
-- docs/data-model.md explains the shape; server/test/health-summary-parts.test.ts covers it.

-- Checks without a status in the last hour fall back to their latest status. 0011 found them with
-- an anti-join over every check; here the latest status is only looked up for the checks the hour
-- did not cover (a one-time filter inside the lateral). Same columns and types as before.
CREATE OR REPLACE VIEW vigil_check_status_summary AS
SELECT c.id AS check_id,
  coalesce(h.p99, l.duration) AS p99,
  coalesce(h.p95, l.duration) AS p95,
  coalesce(h.p50, l.duration) AS p50,
  coalesce(h.mean, l.duration::numeric) AS mean,
  coalesce(h.passed, CASE WHEN l.status THEN 1 ELSE 0 END) AS passed,
  coalesce(h.failed, CASE WHEN l.status THEN 0 ELSE 1 END) AS failed,
  coalesce(h.last_check, l.time) AS last_check,
  CASE WHEN h.check_id IS NOT NULL THEN h.last_pass WHEN l.status THEN l.time END AS last_pass,
  CASE WHEN h.check_id IS NOT NULL THEN h.last_fail WHEN l.status IS NOT TRUE THEN l.time END
    AS last_fail,
  coalesce(h.p97, l.duration) AS p97
FROM checks c
LEFT JOIN vigil_check_status_summary_hour h ON h.check_id = c.id
LEFT JOIN LATERAL (
  SELECT s.duration, s.status, s.time
  FROM check_statuses s
  WHERE s.check_id = c.id AND h.check_id IS NULL
  ORDER BY s.time DESC
  LIMIT 1
) l ON true
WHERE h.check_id IS NOT NULL OR l.time IS NOT NULL;

-- An instant as the summary writes it: RFC 3339 UTC with milliseconds (Date.toISOString()).
CREATE OR REPLACE FUNCTION vigil_json_instant(key text, value timestamp with time zone)
RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(',"' || key || '":"'
    || to_char(value AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', '')
$$;

-- An optional string: `,"key":"value"`, or nothing when NULL or empty.
CREATE OR REPLACE FUNCTION vigil_json_text(key text, value text)
RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN value <> '' THEN ',"' || key || '":' || to_json(value)::text ELSE '' END
$$;

-- Per check: the summary's JSON object in three parts (see the top of this file).
CREATE TABLE vigil_check_summary_parts (
  check_id uuid NOT NULL,
  head text NOT NULL,
  tail text NOT NULL,
  status text NOT NULL DEFAULT ',"uptime":{"passed":0,"failed":0},"latency":{"rolling1h":0}',
  status_expires_at timestamp with time zone,
  CONSTRAINT vigil_check_summary_parts_pkey PRIMARY KEY (check_id),
  CONSTRAINT vigil_check_summary_parts_check_id_fkey FOREIGN KEY (check_id)
    REFERENCES checks (id) ON DELETE CASCADE
);
CREATE INDEX vigil_check_summary_parts_status_expires_at_idx
  ON vigil_check_summary_parts (status_expires_at) WHERE status_expires_at IS NOT NULL;

-- Rewrite the uptime and latency parts of the given checks: the statuses of the last hour, or the
-- latest status when the hour has none (schema.md, check_status_summary). Latencies are integer
-- percentiles of durations, left out unless positive; rolling1h is the rounded mean.
CREATE OR REPLACE FUNCTION vigil_render_check_status(check_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE vigil_check_summary_parts p
  SET status = r.status, status_expires_at = r.expires_at
  FROM (
    SELECT ids.id,
      ',"uptime":{"passed":' || coalesce(h.passed, CASE WHEN l.status THEN 1 ELSE 0 END)
        || ',"failed":' || coalesce(h.failed, CASE WHEN l.status THEN 0 WHEN l.time IS NOT NULL THEN 1 ELSE 0 END)
        || vigil_json_instant('last_pass',
             CASE WHEN h.passed IS NOT NULL THEN h.last_pass WHEN l.status THEN l.time END)
        || vigil_json_instant('last_fail',
             CASE WHEN h.passed IS NOT NULL THEN h.last_fail WHEN l.status IS NOT TRUE THEN l.time END)
        || '},"latency":{'
        || substr(
             CASE WHEN coalesce(h.p99, l.duration) > 0 THEN ',"p99":' || coalesce(h.p99, l.duration) ELSE '' END
             || CASE WHEN coalesce(h.p97, l.duration) > 0 THEN ',"p97":' || coalesce(h.p97, l.duration) ELSE '' END
             || CASE WHEN coalesce(h.p95, l.duration) > 0 THEN ',"p95":' || coalesce(h.p95, l.duration) ELSE '' END
             || ',"rolling1h":'
             || CASE WHEN coalesce(h.mean, l.duration) > 0 THEN round(coalesce(h.mean, l.duration))::text ELSE '0' END,
           2)
        || '}' AS status,
      h.oldest + interval '1 hour' AS expires_at
    FROM (SELECT DISTINCT unnest(check_ids) AS id) ids
    LEFT JOIN LATERAL (
      SELECT percentile_disc(0.99) WITHIN GROUP (ORDER BY s.duration) AS p99,
        percentile_disc(0.97) WITHIN GROUP (ORDER BY s.duration) AS p97,
        percentile_disc(0.95) WITHIN GROUP (ORDER BY s.duration) AS p95,
        avg(s.duration) AS mean,
        count(*) FILTER (WHERE s.status) AS passed,
        count(*) FILTER (WHERE s.status IS NOT TRUE) AS failed,
        max(s.time) FILTER (WHERE s.status) AS last_pass,
        max(s.time) FILTER (WHERE s.status IS NOT TRUE) AS last_fail,
        min(s.time) AS oldest
      FROM check_statuses s
      WHERE s.check_id = ids.id AND s.time >= now() - interval '1 hour'
      HAVING count(*) > 0
    ) h ON true
    LEFT JOIN LATERAL (
      SELECT s.duration, s.status, s.time
      FROM check_statuses s
      WHERE s.check_id = ids.id AND h.passed IS NULL
      ORDER BY s.time DESC
      LIMIT 1
    ) l ON true
  ) r
  WHERE p.check_id = r.id
$$;

-- Rewrite the status parts whose hour has lost a status since they were written.
CREATE OR REPLACE FUNCTION vigil_render_expired_check_status() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  expired uuid[];
BEGIN
  expired := ARRAY(SELECT p.check_id FROM vigil_check_summary_parts p
                   WHERE p.status_expires_at <= now());
  IF cardinality(expired) > 0 THEN
    PERFORM vigil_render_check_status(expired);
  END IF;
  RETURN cardinality(expired);
END;
$$;

-- Write the parts of the given checks (all of a canary's checks when its labels change).
CREATE OR REPLACE FUNCTION vigil_render_check_parts(check_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO vigil_check_summary_parts (check_id, head, tail)
  SELECT c.id,
    '{"id":"' || c.id || '","canary_id":"' || c.canary_id || '"'
      || vigil_json_text('canary_name', ca.name)
      || vigil_json_text('canary_namespace', ca.namespace)
      || ',"name":' || to_json(c.name)::text
      || ',"namespace":' || to_json(coalesce(c.namespace, ''))::text
      || vigil_json_text('type', c.type)
      || vigil_json_text('icon', c.icon)
      || vigil_json_text('description', c.description)
      || vigil_json_text('owner', c.owner)
      || vigil_json_text('severity', c.severity)
      || vigil_json_text('status', c.status)
      || ',"labels":' || (coalesce(ca.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb))::text,
    vigil_json_instant('last_runtime', c.last_runtime)
      || vigil_json_instant('last_transition_time', c.last_transition_time)
      || vigil_json_instant('created_at', c.created_at)
      || vigil_json_instant('updated_at', c.updated_at)
      || vigil_json_instant('deleted_at', c.deleted_at)
      || vigil_json_instant('silenced_at', c.silenced_at)
      || coalesce(',"agent_id":"' || c.agent_id || '"', '')
      || vigil_json_text('endpoint', coalesce(c.spec ->> 'url', c.spec ->> 'endpoint', c.spec ->> 'host'))
      || vigil_json_instant('next_runtime', c.next_runtime)
      || '}'
  FROM checks c
  JOIN canaries ca ON ca.id = c.canary_id
  WHERE c.id = ANY (check_ids)
  ON CONFLICT (check_id) DO UPDATE SET head = EXCLUDED.head, tail = EXCLUDED.tail
$$;

-- A new check's status part (it may already have statuses when its id is reused).
CREATE OR REPLACE FUNCTION vigil_checks_render_new_parts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[] := ARRAY(SELECT n.id FROM new_rows n);
BEGIN
  PERFORM vigil_render_check_parts(ids);
  PERFORM vigil_render_check_status(ids);
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION vigil_checks_render_parts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vigil_render_check_parts(ARRAY(SELECT n.id FROM new_rows n));
  RETURN NULL;
END;
$$;

CREATE TRIGGER checks_render_summary_parts_insert AFTER INSERT ON checks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION vigil_checks_render_new_parts();
CREATE TRIGGER checks_render_summary_parts_update AFTER UPDATE ON checks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION vigil_checks_render_parts();

-- A canary's name, namespace or labels appear in each of its checks' parts.
CREATE OR REPLACE FUNCTION vigil_canaries_render_parts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vigil_render_check_parts(ARRAY(
    SELECT c.id
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    JOIN checks c ON c.canary_id = n.id
    WHERE (n.name, n.namespace, n.labels) IS DISTINCT FROM (o.name, o.namespace, o.labels)));
  RETURN NULL;
END;
$$;

CREATE TRIGGER canaries_render_summary_parts AFTER UPDATE ON canaries
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION vigil_canaries_render_parts();

-- Statuses written or deleted: rewrite their checks' status parts.
CREATE OR REPLACE FUNCTION vigil_check_statuses_render_new() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vigil_render_check_status(ARRAY(SELECT DISTINCT n.check_id FROM new_rows n));
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION vigil_check_statuses_render_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vigil_render_check_status(ARRAY(
    SELECT n.check_id FROM new_rows n UNION SELECT o.check_id FROM old_rows o));
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION vigil_check_statuses_render_old() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vigil_render_check_status(ARRAY(SELECT DISTINCT o.check_id FROM old_rows o));
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION vigil_check_statuses_render_all() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vigil_render_check_status(ARRAY(SELECT p.check_id FROM vigil_check_summary_parts p));
  RETURN NULL;
END;
$$;

CREATE TRIGGER check_statuses_render_summary_insert AFTER INSERT ON check_statuses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION vigil_check_statuses_render_new();
CREATE TRIGGER check_statuses_render_summary_update AFTER UPDATE ON check_statuses
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION vigil_check_statuses_render_moved();
CREATE TRIGGER check_statuses_render_summary_delete AFTER DELETE ON check_statuses
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION vigil_check_statuses_render_old();
CREATE TRIGGER check_statuses_render_summary_truncate AFTER TRUNCATE ON check_statuses
  FOR EACH STATEMENT EXECUTE FUNCTION vigil_check_statuses_render_all();

SELECT vigil_render_check_parts(ARRAY(SELECT id FROM checks));
SELECT vigil_render_check_status(ARRAY(SELECT id FROM checks));
