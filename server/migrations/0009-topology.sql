-- Topology (schema.md §4): component and topology views, the lookup_* functions reachable as
-- /db/rpc/*, and the component triggers (health events, soft-delete cascade). Column order follows
-- the contract; columns the contract traces to a base column stay plain projections so that
-- PostgREST-style embedding can follow their lineage. Depends only on the tables of 0007.

-- Non-deleted, non-hidden components.
CREATE VIEW component_names AS
SELECT c.id, c.path, c.external_id, c.type, c.name, c.created_at, c.updated_at, c.icon, c.parent_id
FROM components c
WHERE c.deleted_at IS NULL AND c.hidden IS NOT TRUE
ORDER BY c.name, c.external_id;

-- Like component_names but deleted components too (hidden ones stay out).
CREATE VIEW component_names_all AS
SELECT c.id, c.path, c.external_id, c.type, c.name, c.created_at, c.updated_at, c.deleted_at,
  c.icon, c.parent_id
FROM components c
WHERE c.hidden IS NOT TRUE
ORDER BY c.name, c.external_id;

-- Distinct label pairs (label filter options). Deleted components are left out: their labels
-- would offer filters that match nothing.
CREATE VIEW component_labels AS
SELECT DISTINCT l.key, l.value
FROM components c, jsonb_each_text(c.labels) l
WHERE c.deleted_at IS NULL AND jsonb_typeof(c.labels) = 'object';

-- Components whose log_selectors hold something (logs page dropdown).
CREATE VIEW components_with_logs AS
SELECT c.id, c.name, c.agent_id, c.icon, c.type
FROM components c
WHERE c.deleted_at IS NULL
  AND c.log_selectors IS NOT NULL
  AND c.log_selectors NOT IN ('null'::jsonb, '[]'::jsonb, '{}'::jsonb);

CREATE VIEW component_types AS
SELECT DISTINCT c.type
FROM components c
WHERE c.deleted_at IS NULL AND c.type IS NOT NULL;

-- Non-deleted topologies with their latest topology job, the start of the last failed one and the
-- agent as {id, name}.
CREATE VIEW topologies_with_status AS
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
LEFT JOIN job_history_latest_status j ON j.resource_id = t.id::text AND j.resource_type = 'topology'
WHERE t.deleted_at IS NULL;

-- Per component: analysis_type -> {severity -> count} over all analyses (any status) of the
-- non-deleted configs linked through non-deleted links. NULL type/severity count as 'other'/'info'
-- so that no JSON key is NULL.
CREATE VIEW analysis_summary_by_component AS
SELECT s.id, jsonb_object_agg(s.analysis_type, s.severities) AS analysis
FROM (
  SELECT n.id, n.analysis_type, jsonb_object_agg(n.severity, n.total) AS severities
  FROM (
    SELECT r.component_id AS id,
      coalesce(ca.analysis_type, 'other') AS analysis_type,
      coalesce(ca.severity, 'info') AS severity,
      count(*) AS total
    FROM config_component_relationships r
    JOIN config_items ci ON ci.id = r.config_id AND ci.deleted_at IS NULL
    JOIN config_analysis ca ON ca.config_id = ci.id
    WHERE r.deleted_at IS NULL
    GROUP BY r.component_id, coalesce(ca.analysis_type, 'other'), coalesce(ca.severity, 'info')
  ) n
  GROUP BY n.id, n.analysis_type
) s
GROUP BY s.id;

-- Non-deleted components with the summaries the topology endpoint serves: logs ([{name}] from
-- log_selectors), checks (status -> count of linked non-deleted checks), team_names, incidents
-- (type -> {severity -> count} of incidents not resolved or closed with evidence on the component;
-- the same numbers as incident_summary_by_component of 0010), analysis (from
-- analysis_summary_by_component), children and parents (from component_relationships).
CREATE VIEW topology AS
SELECT c.id, c.agent_id, c.topology_id, c.external_id, c.parent_id, c.config_id, c.name, c.text,
  c.topology_type, c.namespace, c.labels, c.hidden, c.silenced, c.is_pushed, c.status,
  c.status_expr, c.health_expr, c.health, c.description, c.lifecycle, c.tooltip, c.status_reason,
  c.schedule, c.icon, c.type, c.owner, c.selectors, c.log_selectors, c.component_checks,
  c.configs, c.properties, c.path, c.summary, c.is_leaf, c.cost_per_minute, c.cost_total_1d,
  c.cost_total_7d, c.cost_total_30d, c.created_by, c.created_at, c.updated_at, c.deleted_at,
  CASE WHEN jsonb_typeof(c.log_selectors) = 'array' THEN (
    SELECT json_agg(json_build_object('name', ls ->> 'name'))
    FROM jsonb_array_elements(c.log_selectors) ls
  ) END AS logs,
  (
    SELECT json_object_agg(cs.status, cs.total)
    FROM (
      SELECT coalesce(ch.status, 'unknown') AS status, count(*) AS total
      FROM check_component_relationships cr
      JOIN checks ch ON ch.id = cr.check_id AND ch.deleted_at IS NULL
      WHERE cr.component_id = c.id AND cr.deleted_at IS NULL
      GROUP BY coalesce(ch.status, 'unknown')
    ) cs
  ) AS checks,
  (
    SELECT array_agg(tm.name ORDER BY tm.name)
    FROM team_components tc
    JOIN teams tm ON tm.id = tc.team_id AND tm.deleted_at IS NULL
    WHERE tc.component_id = c.id
  ) AS team_names,
  (
    SELECT jsonb_object_agg(it.type, it.severities)
    FROM (
      SELECT iv.type, jsonb_object_agg(iv.severity, iv.total) AS severities
      FROM (
        SELECT i.type, i.severity, count(DISTINCT i.id) AS total
        FROM evidences e
        JOIN hypotheses h ON h.id = e.hypothesis_id
        JOIN incidents i ON i.id = h.incident_id
        WHERE e.component_id = c.id AND i.resolved IS NULL AND i.closed IS NULL
        GROUP BY i.type, i.severity
      ) iv
      GROUP BY iv.type
    ) it
  ) AS incidents,
  asc_.analysis,
  (
    SELECT array_agg(DISTINCT cr.component_id)
    FROM component_relationships cr
    WHERE cr.relationship_id = c.id AND cr.deleted_at IS NULL
  ) AS children,
  (
    SELECT array_agg(DISTINCT cr.relationship_id)
    FROM component_relationships cr
    WHERE cr.component_id = c.id AND cr.deleted_at IS NULL
  ) AS parents
FROM components c
LEFT JOIN analysis_summary_by_component asc_ ON asc_.id = c.id
WHERE c.deleted_at IS NULL;

-- All analyses (any status) of configs linked to the component, soft-deleted links included.
CREATE OR REPLACE FUNCTION lookup_analysis_by_component(id text)
RETURNS SETOF config_analysis
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT ca.*
    FROM config_analysis ca
    WHERE ca.config_id IN (
      SELECT r.config_id FROM config_component_relationships r WHERE r.component_id = $1::uuid
    );
END;
$$;

-- Configs linked to a component through non-deleted links; type is the config_class, role is
-- always 'left', deleted_at is the config's.
CREATE OR REPLACE FUNCTION lookup_configs_by_component(id text)
RETURNS TABLE (config_id uuid, name text, type text, icon text, role text,
  deleted_at timestamp with time zone)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT ci.id, ci.name, ci.config_class, ci.icon, 'left'::text, ci.deleted_at
    FROM config_component_relationships r
    JOIN config_items ci ON ci.id = r.config_id
    WHERE r.component_id = $1::uuid AND r.deleted_at IS NULL
    ORDER BY ci.name;
END;
$$;

-- Non-deleted components linked to a config through non-deleted links.
CREATE OR REPLACE FUNCTION lookup_components_by_config(id text)
RETURNS TABLE (component_id uuid, name text, type text, icon text, role text)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT c.id, c.name, c.type, c.icon, 'left'::text
    FROM config_component_relationships r
    JOIN components c ON c.id = r.component_id
    WHERE r.config_id = $1::uuid AND r.deleted_at IS NULL AND c.deleted_at IS NULL
    ORDER BY c.name;
END;
$$;

-- All changes of configs linked to the component (links as in lookup_analysis_by_component).
CREATE OR REPLACE FUNCTION lookup_changes_by_component(id text)
RETURNS SETOF config_changes
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT cc.*
    FROM config_changes cc
    WHERE cc.config_id IN (
      SELECT r.config_id FROM config_component_relationships r WHERE r.component_id = $1::uuid
    );
END;
$$;

-- The component (level 0) and its non-deleted descendants through components.parent_id, down to
-- max_depth levels (a negative max_depth means 10).
CREATE OR REPLACE FUNCTION lookup_component_children(id text, max_depth integer)
RETURNS TABLE (child_id uuid, parent_id uuid, level integer)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  depth integer := CASE WHEN max_depth IS NULL OR max_depth < 0 THEN 10 ELSE max_depth END;
BEGIN
  RETURN QUERY
    WITH RECURSIVE tree (child_id, parent_id, level) AS (
      SELECT c.id, c.parent_id, 0
      FROM components c
      WHERE c.id = $1::uuid
      UNION ALL
      SELECT c.id, c.parent_id, t.level + 1
      FROM components c
      JOIN tree t ON c.parent_id = t.child_id
      WHERE t.level < depth AND c.deleted_at IS NULL
    )
    SELECT t.child_id, t.parent_id, t.level FROM tree t;
END;
$$;

-- Incidents with an evidence (on any of their hypotheses) that references the component.
CREATE OR REPLACE FUNCTION lookup_component_incidents(component_id text)
RETURNS TABLE (id uuid)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT DISTINCT h.incident_id
    FROM evidences e
    JOIN hypotheses h ON h.id = e.hypothesis_id
    WHERE e.component_id = $1::uuid;
END;
$$;

-- Components related to the component in either direction of non-deleted component_relationships.
CREATE OR REPLACE FUNCTION lookup_component_relations(component_id text)
RETURNS TABLE (id uuid)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT r.relationship_id FROM component_relationships r
    WHERE r.component_id = $1::uuid AND r.deleted_at IS NULL
    UNION
    SELECT r.component_id FROM component_relationships r
    WHERE r.relationship_id = $1::uuid AND r.deleted_at IS NULL;
END;
$$;

-- Non-deleted components linked to a check through non-deleted check_component_relationships.
CREATE OR REPLACE FUNCTION lookup_components_by_check(id uuid)
RETURNS SETOF components
LANGUAGE sql STABLE AS $$
  SELECT c.*
  FROM components c
  WHERE c.deleted_at IS NULL
    AND c.id IN (
      SELECT r.component_id FROM check_component_relationships r
      WHERE r.check_id = $1 AND r.deleted_at IS NULL
    );
$$;

-- Non-deleted components whose properties array holds an element {name: $1, text: $2}.
CREATE OR REPLACE FUNCTION lookup_component_by_property(text, text)
RETURNS SETOF components
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT c.*
    FROM components c
    WHERE c.deleted_at IS NULL
      AND jsonb_typeof(c.properties) = 'array'
      AND c.properties @> jsonb_build_array(jsonb_build_object('name', $1, 'text', $2));
END;
$$;

-- One row: the names of the given components, in the order of the ids given.
CREATE OR REPLACE FUNCTION lookup_component_names(component_id uuid[])
RETURNS TABLE (names text[])
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT array_agg(c.name ORDER BY array_position($1, c.id))
    FROM components c
    WHERE c.id = ANY ($1);
END;
$$;

-- Other non-deleted components whose config is a descendant of this component's config: the
-- config's dot-separated path (ancestor ids) contains that config's id.
CREATE OR REPLACE FUNCTION lookup_component_config_id_related_components(component_id text)
RETURNS TABLE (id uuid)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT c.id
    FROM components base
    JOIN config_items ci
      ON base.config_id IS NOT NULL
     AND ci.id <> base.config_id
     AND string_to_array(ci.path, '.') @> ARRAY[base.config_id::text]
    JOIN components c ON c.config_id = ci.id
    WHERE base.id = $1::uuid AND c.id <> base.id AND c.deleted_at IS NULL;
END;
$$;

-- A change of a component's health enqueues component.<health> (upsert on (name, properties):
-- a repeated transition re-arms the existing row).
CREATE OR REPLACE FUNCTION components_health_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.health IS DISTINCT FROM OLD.health AND NEW.health IS NOT NULL THEN
    INSERT INTO event_queue (name, properties)
    VALUES ('component.' || NEW.health, jsonb_build_object('id', NEW.id))
    ON CONFLICT (name, properties) DO UPDATE
      SET created_at = now(), last_attempt = NULL, attempts = 0, error = NULL;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER components_health_event AFTER UPDATE OF health ON components
FOR EACH ROW EXECUTE FUNCTION components_health_event();

-- Soft-deleting a component removes its team links and soft-deletes its check, config and
-- component relationship rows (both sides of component_relationships).
CREATE OR REPLACE FUNCTION components_cascade_soft_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL THEN
    DELETE FROM team_components WHERE component_id = NEW.id;
    UPDATE check_component_relationships SET deleted_at = NEW.deleted_at
    WHERE component_id = NEW.id AND deleted_at IS NULL;
    UPDATE config_component_relationships SET deleted_at = NEW.deleted_at
    WHERE component_id = NEW.id AND deleted_at IS NULL;
    UPDATE component_relationships SET deleted_at = NEW.deleted_at
    WHERE (component_id = NEW.id OR relationship_id = NEW.id) AND deleted_at IS NULL;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER components_soft_delete AFTER UPDATE OF deleted_at ON components
FOR EACH ROW EXECUTE FUNCTION components_cascade_soft_delete();
