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
