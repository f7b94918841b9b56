-- Catalog (schema.md §3): the views, materialized views and functions over config_items and
-- friends, plus the catalog triggers. Written from the contract; runs on PGlite and PostgreSQL 15.

-- Lookups by config_id on the analysis and relationship tables (the tables' unique keys do not
-- start with the column the views filter on).
CREATE INDEX IF NOT EXISTS config_analysis_config_id_idx ON config_analysis (config_id);
CREATE INDEX IF NOT EXISTS config_relationships_config_id_idx ON config_relationships (config_id);
CREATE INDEX IF NOT EXISTS config_changes_created_at_idx ON config_changes (created_at);

-------------------------------------------------------------------------------------------------
-- configs: the catalog list. Unlike Mission Control (which INNER JOINs the materialized
-- config_item_summary_7d), the counts are computed live so an item shows up the moment it is
-- inserted (the Vigil note on configs). Every config_items column is a plain projection so
-- embedding through config_items' foreign keys keeps working.
-------------------------------------------------------------------------------------------------
CREATE VIEW configs AS
SELECT
  ci.id,
  ci.scraper_id,
  ci.config_class,
  ci.external_id,
  ci.type,
  ci.name,
  ci.tags ->> 'namespace' AS namespace,
  ci.description,
  ci.source,
  ci.labels,
  ci.tags,
  ci.created_by,
  ci.created_at,
  ci.updated_at,
  ci.deleted_at,
  ci.cost_per_minute,
  ci.cost_total_1d,
  ci.cost_total_7d,
  ci.cost_total_30d,
  ci.agent_id,
  ci.status,
  ci.health,
  ci.ready,
  ci.path,
  (SELECT count(*) FROM config_changes cc
    WHERE cc.config_id = ci.id AND cc.created_at > now() - interval '7 days') AS changes,
  (SELECT COALESCE(jsonb_object_agg(a.analysis_type, a.n), '{}'::jsonb)
     FROM (SELECT ca.analysis_type, count(*) AS n FROM config_analysis ca
            WHERE ca.config_id = ci.id AND ca.status = 'open' AND ca.analysis_type IS NOT NULL
            GROUP BY ca.analysis_type) a) AS analysis
FROM config_items ci;

-------------------------------------------------------------------------------------------------
-- Graph walks over config_relationships. An edge row (config_id -> related_id) points from
-- config_id to related_id; the parent_id mirror writes (parent -> child) as 'hard', so
-- "outgoing"/"downstream" walks towards children and "incoming"/"upstream" towards parents.
-------------------------------------------------------------------------------------------------

-- Edge list of a breadth-first walk from config_id: at each depth every non-deleted edge leaving
-- the frontier (in the walked direction) is returned; nodes already visited are not expanded
-- again, so cycles terminate. Edges keep their stored orientation (id -> related_id).
CREATE OR REPLACE FUNCTION config_relationships_recursive(
  config_id uuid,
  type_filter text DEFAULT 'outgoing',
  max_depth integer DEFAULT 5,
  incoming_relation text DEFAULT 'both',
  outgoing_relation text DEFAULT 'both'
) RETURNS TABLE (id uuid, related_id uuid, relation_type text, direction text, depth integer)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
  start_id uuid := config_relationships_recursive.config_id;
  tf text := COALESCE(NULLIF(config_relationships_recursive.type_filter, ''), 'all');
  hard_in boolean := lower(COALESCE(incoming_relation, 'both')) = 'hard';
  hard_out boolean := lower(COALESCE(outgoing_relation, 'both')) = 'hard';
  visited uuid[];
  frontier uuid[];
  level integer;
BEGIN
  IF tf NOT IN ('outgoing', 'incoming', 'all') THEN
    RAISE EXCEPTION 'type_filter must be one of outgoing, incoming or all, got %', type_filter
      USING ERRCODE = '22023';
  END IF;

  IF tf IN ('outgoing', 'all') THEN
    visited := ARRAY[start_id];
    frontier := ARRAY[start_id];
    level := 1;
    WHILE level <= max_depth AND cardinality(frontier) > 0 LOOP
      RETURN QUERY
        SELECT cr.config_id, cr.related_id, cr.relation, 'outgoing'::text, level
        FROM config_relationships cr
        WHERE cr.config_id = ANY (frontier) AND cr.deleted_at IS NULL
          AND (NOT hard_out OR cr.relation = 'hard');
      SELECT COALESCE(array_agg(DISTINCT cr.related_id), '{}') INTO frontier
        FROM config_relationships cr
        WHERE cr.config_id = ANY (frontier) AND cr.deleted_at IS NULL
          AND (NOT hard_out OR cr.relation = 'hard') AND NOT cr.related_id = ANY (visited);
      visited := visited || frontier;
      level := level + 1;
    END LOOP;
  END IF;

  IF tf IN ('incoming', 'all') THEN
    visited := ARRAY[start_id];
    frontier := ARRAY[start_id];
    level := 1;
    WHILE level <= max_depth AND cardinality(frontier) > 0 LOOP
      RETURN QUERY
        SELECT cr.config_id, cr.related_id, cr.relation, 'incoming'::text, level
        FROM config_relationships cr
        WHERE cr.related_id = ANY (frontier) AND cr.deleted_at IS NULL
          AND (NOT hard_in OR cr.relation = 'hard');
      SELECT COALESCE(array_agg(DISTINCT cr.config_id), '{}') INTO frontier
        FROM config_relationships cr
        WHERE cr.related_id = ANY (frontier) AND cr.deleted_at IS NULL
          AND (NOT hard_in OR cr.relation = 'hard') AND NOT cr.config_id = ANY (visited);
      visited := visited || frontier;
      level := level + 1;
    END LOOP;
  END IF;
END;
$$;

-- The distinct configs reached by config_relationships_recursive, with the direction they were
-- reached in and the smallest depth (the start config itself is not listed).
CREATE OR REPLACE FUNCTION related_config_ids_recursive(
  config_id uuid,
  type_filter text DEFAULT 'outgoing',
  max_depth integer DEFAULT 5,
  incoming_relation text DEFAULT 'both',
  outgoing_relation text DEFAULT 'both'
) RETURNS TABLE (id uuid, direction text, depth integer)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT reached.node, reached.dir, min(reached.lvl)::integer
    FROM (
      SELECT CASE WHEN e.direction = 'outgoing' THEN e.related_id ELSE e.id END AS node,
             e.direction AS dir, e.depth AS lvl
      FROM config_relationships_recursive(
        related_config_ids_recursive.config_id, related_config_ids_recursive.type_filter,
        related_config_ids_recursive.max_depth, related_config_ids_recursive.incoming_relation,
        related_config_ids_recursive.outgoing_relation) e
    ) reached
    WHERE reached.node <> related_config_ids_recursive.config_id
    GROUP BY reached.node, reached.dir;
END;
$$;

-- Ancestors named by the config's dot-separated path column (root first), returned nearest first
-- as incoming 'parent' edges: depth 1 is (parent -> config), depth 2 (grandparent -> parent)...
-- Segments that are not uuids, and the config's own id, are ignored.
CREATE OR REPLACE FUNCTION get_recursive_path(start uuid)
RETURNS TABLE (id uuid, related_id uuid, relation_type text, direction text, depth integer)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
  segments text[];
  ancestors uuid[] := '{}';
  segment text;
  child uuid := start;
  i integer;
BEGIN
  SELECT string_to_array(ci.path, '.') INTO segments FROM config_items ci WHERE ci.id = start;
  IF segments IS NULL THEN
    RETURN;
  END IF;
  FOREACH segment IN ARRAY segments LOOP
    IF segment ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$'
       AND segment::uuid <> start THEN
      ancestors := ancestors || segment::uuid;
    END IF;
  END LOOP;
  FOR i IN REVERSE cardinality(ancestors)..1 LOOP
    id := ancestors[i];
    related_id := child;
    relation_type := 'parent';
    direction := 'incoming';
    depth := cardinality(ancestors) - i + 1;
    RETURN NEXT;
    child := ancestors[i];
  END LOOP;
END;
$$;

-- One configs row for the config itself, for each config reached in the chosen direction(s) up to
-- max_depth and for each ancestor on its path; related_ids are the ids a row points to among the
-- walked edges. Ordered by the smallest depth a row was reached at (the config itself first).
CREATE OR REPLACE FUNCTION related_configs_recursive(
  config_id uuid,
  type_filter text DEFAULT 'outgoing',
  include_deleted_configs boolean DEFAULT false,
  max_depth integer DEFAULT 5,
  incoming_relation text DEFAULT 'both',
  outgoing_relation text DEFAULT 'both'
) RETURNS TABLE (
  id uuid, name text, type text, related_ids text[], tags jsonb, changes bigint, analysis jsonb,
  cost_per_minute numeric, cost_total_1d numeric, cost_total_7d numeric, cost_total_30d numeric,
  created_at timestamp with time zone, updated_at timestamp with time zone,
  deleted_at timestamp with time zone, agent_id uuid, health text, ready boolean, status text,
  path text
)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
  start_id uuid := related_configs_recursive.config_id;
BEGIN
  RETURN QUERY
    WITH edges AS (
      SELECT e.id AS src, e.related_id AS dst,
             CASE WHEN e.direction = 'outgoing' THEN e.related_id ELSE e.id END AS node,
             e.depth AS lvl
      FROM config_relationships_recursive(
        start_id, related_configs_recursive.type_filter, related_configs_recursive.max_depth,
        related_configs_recursive.incoming_relation,
        related_configs_recursive.outgoing_relation) e
      UNION ALL
      SELECT p.id, p.related_id, p.id, p.depth FROM get_recursive_path(start_id) p
    ),
    nodes AS (
      SELECT n.node, min(n.lvl) AS lvl
      FROM (SELECT start_id AS node, 0 AS lvl UNION ALL SELECT edges.node, edges.lvl FROM edges) n
      GROUP BY n.node
    )
    SELECT c.id, c.name, c.type,
           COALESCE((SELECT array_agg(DISTINCT e.dst::text) FROM edges e WHERE e.src = c.id),
                    '{}'::text[]),
           c.tags, c.changes, c.analysis, c.cost_per_minute, c.cost_total_1d, c.cost_total_7d,
           c.cost_total_30d, c.created_at, c.updated_at, c.deleted_at, c.agent_id, c.health,
           c.ready, c.status, c.path
    FROM nodes
    JOIN configs c ON c.id = nodes.node
    WHERE related_configs_recursive.include_deleted_configs OR c.deleted_at IS NULL
    ORDER BY nodes.lvl, c.name, c.id;
END;
$$;

-- Mission Control declares this depth-1 wrapper with json changes/analysis (and no deleted_at)
-- and it fails at run time there; Vigil casts so that it works.
CREATE OR REPLACE FUNCTION related_configs(
  config_id uuid,
  type_filter text DEFAULT 'all',
  include_deleted_configs boolean DEFAULT false
) RETURNS TABLE (
  id uuid, name text, type text, related_ids text[], tags jsonb, changes json, analysis json,
  cost_per_minute numeric, cost_total_1d numeric, cost_total_7d numeric, cost_total_30d numeric,
  created_at timestamp with time zone, updated_at timestamp with time zone, agent_id uuid,
  health text, ready boolean, status text, path text
)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT r.id, r.name, r.type, r.related_ids, r.tags, to_json(r.changes), r.analysis::json,
           r.cost_per_minute, r.cost_total_1d, r.cost_total_7d, r.cost_total_30d, r.created_at,
           r.updated_at, r.agent_id, r.health, r.ready, r.status, r.path
    FROM related_configs_recursive(related_configs.config_id, related_configs.type_filter,
                                   related_configs.include_deleted_configs, 1) r;
END;
$$;

-- Changes of lookup_id and (type_filter downstream = outgoing, upstream = incoming, all) of the
-- configs related to it up to max_depth; 'none' or '' limits it to the config itself.
-- include_deleted_configs is accepted and ignored, as in Mission Control.
CREATE OR REPLACE FUNCTION related_changes_recursive(
  lookup_id uuid,
  type_filter text DEFAULT 'downstream',
  include_deleted_configs boolean DEFAULT false,
  max_depth integer DEFAULT 5
) RETURNS TABLE (
  id uuid, config_id uuid, name text, type text, tags jsonb, external_created_by text,
  created_at timestamp with time zone, severity text, change_type text, source text,
  summary text, created_by uuid, count integer, first_observed timestamp with time zone,
  agent_id uuid
)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
  tf text := lower(COALESCE(related_changes_recursive.type_filter, ''));
  walk text;
BEGIN
  walk := CASE tf
    WHEN 'downstream' THEN 'outgoing'
    WHEN 'upstream' THEN 'incoming'
    WHEN 'all' THEN 'all'
    WHEN 'none' THEN NULL
    WHEN '' THEN NULL
  END;
  IF walk IS NULL AND tf NOT IN ('none', '') THEN
    RAISE EXCEPTION 'type_filter must be one of upstream, downstream, none or all, got %',
      related_changes_recursive.type_filter USING ERRCODE = '22023';
  END IF;
  RETURN QUERY
    SELECT cc.id, cc.config_id, ci.name, ci.type, ci.tags, cc.external_created_by, cc.created_at,
           cc.severity, cc.change_type, cc.source, cc.summary, cc.created_by, cc.count,
           cc.first_observed, ci.agent_id
    FROM config_changes cc
    JOIN config_items ci ON ci.id = cc.config_id
    WHERE cc.config_id = lookup_id
       OR (walk IS NOT NULL AND cc.config_id IN (
             SELECT r.id FROM related_config_ids_recursive(lookup_id, walk, max_depth) r))
    ORDER BY cc.created_at DESC, cc.id DESC;
END;
$$;

-------------------------------------------------------------------------------------------------
-- config_detail: every config_items column plus the tab-badge counts and the linked components.
-------------------------------------------------------------------------------------------------
CREATE VIEW config_detail AS
SELECT
  ci.id,
  ci.agent_id,
  ci.icon,
  ci.scraper_id,
  ci.config_class,
  ci.status,
  ci.health,
  ci.ready,
  ci.external_id,
  ci.type,
  ci.cost_per_minute,
  ci.cost_total_1d,
  ci.cost_total_7d,
  ci.cost_total_30d,
  ci.name,
  ci.description,
  ci.config,
  ci.source,
  ci.labels,
  ci.tags,
  ci.properties,
  ci.parent_id,
  ci.path,
  ci.is_pushed,
  ci.created_by,
  ci.last_scraped_time,
  ci.created_at,
  ci.updated_at,
  ci.deleted_at,
  ci.delete_reason,
  json_build_object(
    'relationships', (SELECT count(*) FROM config_relationships cr
                       WHERE cr.config_id = ci.id OR cr.related_id = ci.id),
    'analysis', (SELECT count(*) FROM config_analysis ca
                  WHERE ca.config_id = ci.id AND ca.last_observed > now() - interval '2 days'),
    'changes', CASE WHEN ci.deleted_at IS NOT NULL THEN 0 ELSE
                 (SELECT count(*) FROM related_changes_recursive(ci.id, 'downstream') rc
                   WHERE rc.created_at > now() - interval '2 days') END,
    'playbook_runs', (SELECT count(*) FROM playbook_runs pr
                       WHERE pr.config_id = ci.id AND pr.start_time > now() - interval '30 days'),
    'checks', (SELECT count(*) FROM check_config_relationships ccr
                WHERE ccr.config_id = ci.id AND ccr.deleted_at IS NULL)
  ) AS summary,
  (SELECT json_agg(row_to_json(comp.*) ORDER BY comp.name, comp.id)
     FROM config_component_relationships ccr2
     JOIN components comp ON comp.id = ccr2.component_id
    WHERE ccr2.config_id = ci.id) AS components
FROM config_items ci;

-------------------------------------------------------------------------------------------------
-- Small lookup views (filter lists, names).
-------------------------------------------------------------------------------------------------
CREATE VIEW config_names AS
SELECT ci.id, ci.type, ci.external_id, ci.name FROM config_items ci ORDER BY ci.name;

CREATE VIEW config_tags AS
SELECT DISTINCT t.key, t.value
FROM config_items ci, jsonb_each_text(ci.tags) t
WHERE ci.deleted_at IS NULL AND jsonb_typeof(ci.tags) = 'object';

CREATE VIEW config_labels AS
SELECT DISTINCT l.key, l.value
FROM config_items ci, jsonb_each_text(ci.labels) l
WHERE ci.deleted_at IS NULL AND jsonb_typeof(ci.labels) = 'object';

CREATE VIEW config_types AS
SELECT DISTINCT ci.type FROM config_items ci ORDER BY ci.type;

CREATE VIEW config_statuses AS
SELECT DISTINCT ci.status FROM config_items ci WHERE ci.status IS NOT NULL ORDER BY ci.status;

CREATE VIEW change_types AS
SELECT DISTINCT cc.change_type FROM config_changes cc
WHERE cc.change_type IS NOT NULL ORDER BY cc.change_type;

CREATE VIEW config_classes AS
SELECT DISTINCT ci.config_class FROM config_items ci;

CREATE VIEW config_analysis_analyzers AS
SELECT DISTINCT ca.analyzer FROM config_analysis ca WHERE ca.status = 'open';

CREATE VIEW analysis_types AS
SELECT DISTINCT ca.analysis_type FROM config_analysis ca
WHERE ca.analysis_type IS NOT NULL ORDER BY ca.analysis_type;

CREATE VIEW analyzer_types AS
SELECT DISTINCT ca.analyzer FROM config_analysis ca ORDER BY ca.analyzer;

-------------------------------------------------------------------------------------------------
-- Changes and analysis joined to their config items.
-------------------------------------------------------------------------------------------------
CREATE VIEW catalog_changes AS
SELECT cc.id, cc.config_id, ci.name, ci.type, ci.tags, cc.external_created_by, cc.created_at,
  cc.severity, cc.change_type, cc.source, cc.summary, cc.created_by, cc.count,
  cc.first_observed, ci.agent_id
FROM config_changes cc
JOIN config_items ci ON ci.id = cc.config_id;

CREATE VIEW config_analysis_items AS
SELECT ca.id, ca.config_id, ca.scraper_id, ca.created_by, ca.source, ca.analyzer,
  ca.analysis_type, ca.severity, ca.summary, ca.status, ca.message, ca.analysis,
  ca.first_observed, ca.last_observed, ca.is_pushed,
  ci.type AS config_type,
  ci.config_class
FROM config_analysis ca
JOIN config_items ci ON ci.id = ca.config_id;

-- Open analyses of live configs linked to a component, most severe first.
CREATE VIEW analysis_by_component AS
SELECT ca.config_id, ci.name, ci.config_class, ci.type, ca.analysis_type, ca.first_observed,
  ca.last_observed, ca.created_by,
  ca.id AS analysis_id,
  ca.severity,
  ccr.component_id
FROM config_analysis ca
JOIN config_items ci ON ci.id = ca.config_id
JOIN config_component_relationships ccr ON ccr.config_id = ca.config_id
WHERE ca.status = 'open' AND ci.deleted_at IS NULL
ORDER BY
  CASE lower(ca.severity)
    WHEN 'critical' THEN 1 WHEN 'blocker' THEN 2 WHEN 'high' THEN 3
    WHEN 'medium' THEN 4 WHEN 'low' THEN 5 WHEN 'info' THEN 6 ELSE 7
  END,
  ci.name;

-- Per config: analysis_type -> {severity -> count} over analyses that are not resolved.
CREATE VIEW analysis_by_config AS
SELECT per_type.config_id AS id, jsonb_object_agg(per_type.analysis_type, per_type.severities) AS analysis
FROM (
  SELECT s.config_id, s.analysis_type, jsonb_object_agg(s.severity, s.n) AS severities
  FROM (
    SELECT ca.config_id, ca.analysis_type, COALESCE(ca.severity, 'unknown') AS severity,
      count(*) AS n
    FROM config_analysis ca
    WHERE COALESCE(ca.status, '') <> 'resolved' AND ca.analysis_type IS NOT NULL
    GROUP BY ca.config_id, ca.analysis_type, COALESCE(ca.severity, 'unknown')
  ) s
  GROUP BY s.config_id, s.analysis_type
) per_type
GROUP BY per_type.config_id;

CREATE VIEW changes_by_component AS
SELECT cc.id, cc.config_id, ci.name, ci.config_class, ci.type, cc.change_type, cc.created_at,
  cc.created_by,
  cc.id AS change_id,
  cc.severity,
  ccr.component_id,
  ci.deleted_at AS config_deleted_at
FROM config_changes cc
JOIN config_items ci ON ci.id = cc.config_id
JOIN config_component_relationships ccr ON ccr.config_id = cc.config_id
ORDER BY cc.created_at DESC;

-------------------------------------------------------------------------------------------------
-- Scrapers with their latest job.
-------------------------------------------------------------------------------------------------
CREATE VIEW config_scrapers_with_status AS
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
LEFT JOIN job_history_latest_status j ON j.resource_id = cs.id::text
WHERE cs.deleted_at IS NULL;

-------------------------------------------------------------------------------------------------
-- Summaries.
-------------------------------------------------------------------------------------------------

-- Per type over live configs: newest created/updated, open analyses by type and by severity,
-- changes in the last 30 days, number of configs and summed costs.
CREATE VIEW config_summary AS
WITH live AS (
  SELECT * FROM config_items WHERE deleted_at IS NULL
),
open_analysis AS (
  SELECT live.type, ca.analysis_type, ca.severity
  FROM config_analysis ca JOIN live ON live.id = ca.config_id
  WHERE ca.status = 'open'
)
SELECT t.type, t.created_at, t.updated_at,
  COALESCE((SELECT jsonb_object_agg(x.analysis_type, x.n) FROM (
     SELECT oa.analysis_type, count(*) AS n FROM open_analysis oa
     WHERE oa.type = t.type AND oa.analysis_type IS NOT NULL GROUP BY oa.analysis_type) x),
   '{}'::jsonb) AS analysis,
  COALESCE((SELECT jsonb_object_agg(x.severity, x.n) FROM (
     SELECT oa.severity, count(*) AS n FROM open_analysis oa
     WHERE oa.type = t.type AND oa.severity IS NOT NULL GROUP BY oa.severity) x),
   '{}'::jsonb) AS severity,
  (SELECT count(*) FROM config_changes cc JOIN live ON live.id = cc.config_id
    WHERE live.type = t.type AND cc.created_at > now() - interval '30 days') AS changes,
  t.total_configs, t.cost_per_minute, t.cost_total_1d, t.cost_total_7d, t.cost_total_30d
FROM (
  SELECT live.type, max(live.created_at) AS created_at, max(live.updated_at) AS updated_at,
    count(*) AS total_configs,
    sum(live.cost_per_minute)::numeric AS cost_per_minute,
    sum(live.cost_total_1d)::numeric AS cost_total_1d,
    sum(live.cost_total_7d)::numeric AS cost_total_7d,
    sum(live.cost_total_30d)::numeric AS cost_total_30d
  FROM live GROUP BY live.type
) t;

-- Per config class (deleted configs included): open analyses by type, changes in the last 30
-- days, number of configs and summed costs.
CREATE VIEW config_class_summary AS
SELECT t.config_class,
  COALESCE((SELECT jsonb_object_agg(x.analysis_type, x.n) FROM (
     SELECT ca.analysis_type, count(*) AS n FROM config_analysis ca
     JOIN config_items ci ON ci.id = ca.config_id
     WHERE ci.config_class = t.config_class AND ca.status = 'open'
       AND ca.analysis_type IS NOT NULL
     GROUP BY ca.analysis_type) x), '{}'::jsonb) AS analysis,
  (SELECT count(*) FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
    WHERE ci.config_class = t.config_class
      AND cc.created_at > now() - interval '30 days') AS changes,
  t.total_configs, t.cost_per_minute, t.cost_total_1d, t.cost_total_7d, t.cost_total_30d
FROM (
  SELECT ci.config_class, count(*) AS total_configs,
    sum(ci.cost_per_minute)::numeric AS cost_per_minute,
    sum(ci.cost_total_1d)::numeric AS cost_total_1d,
    sum(ci.cost_total_7d)::numeric AS cost_total_7d,
    sum(ci.cost_total_30d)::numeric AS cost_total_30d
  FROM config_items ci GROUP BY ci.config_class
) t;

CREATE VIEW config_analysis_by_severity AS
SELECT ci.type, ca.severity, count(*) AS analysis_count
FROM config_analysis ca
JOIN config_items ci ON ci.id = ca.config_id
WHERE ca.first_observed > now() - interval '30 days'
GROUP BY ci.type, ca.severity;

CREATE VIEW config_changes_by_types AS
SELECT ci.type, count(*) AS change_count
FROM config_changes cc
JOIN config_items ci ON ci.id = cc.config_id
WHERE cc.created_at > now() - interval '30 days'
GROUP BY ci.type;

CREATE VIEW config_items_aws AS
SELECT c.id, c.scraper_id, c.config_class, c.external_id, c.type, c.name, c.namespace,
  c.description, c.source, c.labels, c.tags, c.created_by, c.created_at, c.updated_at,
  c.deleted_at, c.cost_per_minute, c.cost_total_1d, c.cost_total_7d, c.cost_total_30d,
  c.agent_id, c.status, c.health, c.ready, c.path, c.changes, c.analysis,
  c.labels ->> 'zone' AS zone,
  c.labels ->> 'region' AS region,
  c.labels ->> 'account' AS account
FROM configs c
WHERE c.type LIKE 'AWS::%';

-------------------------------------------------------------------------------------------------
-- Materialized per-item summaries (kept for compatibility; nothing above depends on them).
-- Refresh with REFRESH MATERIALIZED VIEW [CONCURRENTLY] config_item_summary_7d.
-------------------------------------------------------------------------------------------------
CREATE MATERIALIZED VIEW config_item_summary_3d AS
SELECT ci.id AS config_id,
  (SELECT count(*) FROM config_changes cc
    WHERE cc.config_id = ci.id AND cc.created_at > now() - interval '3 days')
    AS config_changes_count,
  (SELECT COALESCE(jsonb_object_agg(a.analysis_type, a.n), '{}'::jsonb)
     FROM (SELECT ca.analysis_type, count(*) AS n FROM config_analysis ca
            WHERE ca.config_id = ci.id AND ca.status = 'open' AND ca.analysis_type IS NOT NULL
            GROUP BY ca.analysis_type) a) AS config_analysis_type_counts
FROM config_items ci;

CREATE MATERIALIZED VIEW config_item_summary_7d AS
SELECT ci.id AS config_id,
  (SELECT count(*) FROM config_changes cc
    WHERE cc.config_id = ci.id AND cc.created_at > now() - interval '7 days')
    AS config_changes_count,
  (SELECT COALESCE(jsonb_object_agg(a.analysis_type, a.n), '{}'::jsonb)
     FROM (SELECT ca.analysis_type, count(*) AS n FROM config_analysis ca
            WHERE ca.config_id = ci.id AND ca.status = 'open' AND ca.analysis_type IS NOT NULL
            GROUP BY ca.analysis_type) a) AS config_analysis_type_counts
FROM config_items ci;

CREATE MATERIALIZED VIEW config_item_summary_30d AS
SELECT ci.id AS config_id,
  (SELECT count(*) FROM config_changes cc
    WHERE cc.config_id = ci.id AND cc.created_at > now() - interval '30 days')
    AS config_changes_count,
  (SELECT COALESCE(jsonb_object_agg(a.analysis_type, a.n), '{}'::jsonb)
     FROM (SELECT ca.analysis_type, count(*) AS n FROM config_analysis ca
            WHERE ca.config_id = ci.id AND ca.status = 'open' AND ca.analysis_type IS NOT NULL
            GROUP BY ca.analysis_type) a) AS config_analysis_type_counts
FROM config_items ci;

CREATE UNIQUE INDEX config_item_summary_3d_config_id_key ON config_item_summary_3d (config_id);
CREATE UNIQUE INDEX config_item_summary_7d_config_id_key ON config_item_summary_7d (config_id);
CREATE UNIQUE INDEX config_item_summary_30d_config_id_key ON config_item_summary_30d (config_id);

-------------------------------------------------------------------------------------------------
-- Smaller lookup functions.
-------------------------------------------------------------------------------------------------

-- Children, grandchildren... of a config through config_items.parent_id (live items only), with
-- the level below the config (1 = direct child), up to max_depth levels.
CREATE OR REPLACE FUNCTION lookup_config_children(id text, max_depth integer)
RETURNS TABLE (child_id uuid, parent_id uuid, level integer)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    WITH RECURSIVE children (child_id, parent_id, level, seen) AS (
      SELECT ci.id, ci.parent_id, 1, ARRAY[ci.parent_id, ci.id]
      FROM config_items ci
      WHERE ci.parent_id = lookup_config_children.id::uuid AND ci.deleted_at IS NULL
      UNION ALL
      SELECT ci.id, ci.parent_id, c.level + 1, c.seen || ci.id
      FROM children c
      JOIN config_items ci ON ci.parent_id = c.child_id
      WHERE ci.deleted_at IS NULL AND c.level < COALESCE(max_depth, 5)
        AND NOT ci.id = ANY (c.seen)
    )
    SELECT c.child_id, c.parent_id, c.level FROM children c ORDER BY c.level, c.child_id;
END;
$$;

-- Configs linked to a config by a live config_relationships row, in either direction.
CREATE OR REPLACE FUNCTION lookup_config_relations(config_id text)
RETURNS TABLE (id uuid)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
  target uuid := lookup_config_relations.config_id::uuid;
BEGIN
  RETURN QUERY
    SELECT cr.related_id FROM config_relationships cr
    WHERE cr.config_id = target AND cr.deleted_at IS NULL
    UNION
    SELECT cr.config_id FROM config_relationships cr
    WHERE cr.related_id = target AND cr.deleted_at IS NULL;
END;
$$;

-- The dot-separated ids of a config's ancestors, root first, by walking parent_id (the config's
-- own id is not part of it; a top-level config gives ''). NULL for an unknown id.
CREATE OR REPLACE FUNCTION config_path(uuid) RETURNS text
LANGUAGE plpgsql STABLE AS $$
DECLARE
  current uuid;
  ids text[] := '{}';
  guard integer := 0;
BEGIN
  SELECT ci.parent_id INTO current FROM config_items ci WHERE ci.id = $1;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  WHILE current IS NOT NULL AND guard < 100 LOOP
    ids := current::text || ids;
    SELECT ci.parent_id INTO current FROM config_items ci WHERE ci.id = current;
    guard := guard + 1;
  END LOOP;
  RETURN array_to_string(ids, '.');
END;
$$;

-------------------------------------------------------------------------------------------------
-- Triggers.
-------------------------------------------------------------------------------------------------

-- The shared updated_at rule of 0001 plus the config_items exception: a config item's updated_at
-- moves only when its config body changes (schema.md §0.1). Everything else is as in 0001.
CREATE OR REPLACE FUNCTION update_updated_at_column() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed hstore;
  agent text;
BEGIN
  IF NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN
    RETURN NEW;
  END IF;
  changed := (hstore(NEW) - hstore(OLD)) - ARRAY['is_pushed', 'updated_at'];
  IF changed = ''::hstore THEN
    RETURN NEW;
  END IF;
  IF changed ? 'deleted_at' AND (hstore(NEW) -> 'deleted_at') IS NOT NULL THEN
    RETURN NEW;
  END IF;
  agent := hstore(NEW) -> 'agent_id';
  IF agent IS NOT NULL AND agent <> '00000000-0000-0000-0000-000000000000' THEN
    RETURN NEW;
  END IF;
  IF TG_TABLE_NAME = 'canaries' AND NOT changed ? 'spec' THEN
    RETURN NEW;
  END IF;
  IF TG_TABLE_NAME = 'config_items' AND NOT changed ? 'config' THEN
    RETURN NEW;
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;

-- An empty or NULL name becomes the last 12 characters of the id (the check constraint then
-- still rejects an empty type).
CREATE OR REPLACE FUNCTION config_items_default_name() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS NULL OR NEW.name = '' THEN
    NEW.name := right(NEW.id::text, 12);
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER config_items_default_name BEFORE INSERT ON config_items
FOR EACH ROW EXECUTE FUNCTION config_items_default_name();

-- After insert: mirror parent_id as a 'hard' (parent -> child) relationship and enqueue
-- config.created.
CREATE OR REPLACE FUNCTION config_items_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS NOT NULL THEN
    INSERT INTO config_relationships (config_id, related_id, relation)
    VALUES (NEW.parent_id, NEW.id, 'hard')
    ON CONFLICT (related_id, config_id, relation) DO UPDATE SET deleted_at = NULL;
  END IF;
  INSERT INTO event_queue (name, properties)
  VALUES ('config.created', jsonb_build_object('id', NEW.id))
  ON CONFLICT (name, properties) DO UPDATE
    SET created_at = now(), last_attempt = NULL, attempts = 0, error = NULL;
  RETURN NULL;
END;
$$;

CREATE TRIGGER config_items_after_insert AFTER INSERT ON config_items
FOR EACH ROW EXECUTE FUNCTION config_items_after_insert();

-- After update: move the 'hard' relationship with parent_id; enqueue config.deleted on a soft
-- delete and config.<health> on a health change.
CREATE OR REPLACE FUNCTION config_items_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS DISTINCT FROM OLD.parent_id THEN
    IF OLD.parent_id IS NOT NULL THEN
      DELETE FROM config_relationships
      WHERE config_id = OLD.parent_id AND related_id = NEW.id AND relation = 'hard';
    END IF;
    IF NEW.parent_id IS NOT NULL THEN
      INSERT INTO config_relationships (config_id, related_id, relation)
      VALUES (NEW.parent_id, NEW.id, 'hard')
      ON CONFLICT (related_id, config_id, relation) DO UPDATE SET deleted_at = NULL;
    END IF;
  END IF;
  IF NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL THEN
    INSERT INTO event_queue (name, properties)
    VALUES ('config.deleted', jsonb_build_object('id', NEW.id))
    ON CONFLICT (name, properties) DO UPDATE
      SET created_at = now(), last_attempt = NULL, attempts = 0, error = NULL;
  END IF;
  IF NEW.health IS DISTINCT FROM OLD.health AND NEW.health IS NOT NULL AND NEW.health <> '' THEN
    INSERT INTO event_queue (name, properties)
    VALUES ('config.' || NEW.health, jsonb_build_object('id', NEW.id))
    ON CONFLICT (name, properties) DO UPDATE
      SET created_at = now(), last_attempt = NULL, attempts = 0, error = NULL;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER config_items_after_update AFTER UPDATE ON config_items
FOR EACH ROW EXECUTE FUNCTION config_items_after_update();

-- config_changes de-duplication: a row whose (config_id, external_change_id) already exists
-- (on another row) increments that row's count instead, and the original statement is cancelled
-- for this row (so an INSERT ... RETURNING returns nothing).
CREATE OR REPLACE FUNCTION config_changes_dedupe() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  existing uuid;
BEGIN
  IF NEW.external_change_id IS NULL THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.config_id IS NOT DISTINCT FROM OLD.config_id
     AND NEW.external_change_id IS NOT DISTINCT FROM OLD.external_change_id THEN
    RETURN NEW;
  END IF;
  SELECT cc.id INTO existing FROM config_changes cc
  WHERE cc.config_id = NEW.config_id AND cc.external_change_id = NEW.external_change_id
    AND cc.id <> NEW.id
  LIMIT 1;
  IF existing IS NULL THEN
    RETURN NEW;
  END IF;
  UPDATE config_changes SET count = count + 1 WHERE id = existing;
  RETURN NULL;
END;
$$;

CREATE TRIGGER config_changes_dedupe BEFORE INSERT OR UPDATE ON config_changes
FOR EACH ROW EXECUTE FUNCTION config_changes_dedupe();

-- A new change enqueues config.updated (change_type 'diff') or config.changed (anything else).
CREATE OR REPLACE FUNCTION config_changes_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_queue (name, properties)
  VALUES (
    CASE WHEN NEW.change_type = 'diff' THEN 'config.updated' ELSE 'config.changed' END,
    jsonb_build_object('id', NEW.config_id, 'change_id', NEW.id)
  )
  ON CONFLICT (name, properties) DO UPDATE
    SET created_at = now(), last_attempt = NULL, attempts = 0, error = NULL;
  RETURN NULL;
END;
$$;

CREATE TRIGGER config_changes_event AFTER INSERT ON config_changes
FOR EACH ROW EXECUTE FUNCTION config_changes_event();
