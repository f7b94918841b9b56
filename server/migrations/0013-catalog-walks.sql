-- The relationship walks at the large scale (100,000 config items): the visited set is probed
-- through a hashed subplan instead of an array scan per edge, and related_ids are grouped once
-- instead of a correlated scan of all edges per returned config. Same signatures and results as
-- 0008; server/test/schema-catalog.test.ts covers the behaviour.

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
          AND (NOT hard_out OR cr.relation = 'hard') AND cr.related_id NOT IN (SELECT unnest(visited));
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
          AND (NOT hard_in OR cr.relation = 'hard') AND cr.config_id NOT IN (SELECT unnest(visited));
      visited := visited || frontier;
      level := level + 1;
    END LOOP;
  END IF;
END;
$$;

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
    related AS (
      SELECT e.src, array_agg(DISTINCT e.dst::text) AS ids FROM edges e GROUP BY e.src
    ),
    nodes AS (
      SELECT n.node, min(n.lvl) AS lvl
      FROM (SELECT start_id AS node, 0 AS lvl UNION ALL SELECT edges.node, edges.lvl FROM edges) n
      GROUP BY n.node
    )
    SELECT c.id, c.name, c.type,
           COALESCE(r.ids, '{}'::text[]),
           c.tags, c.changes, c.analysis, c.cost_per_minute, c.cost_total_1d, c.cost_total_7d,
           c.cost_total_30d, c.created_at, c.updated_at, c.deleted_at, c.agent_id, c.health,
           c.ready, c.status, c.path
    FROM nodes
    JOIN configs c ON c.id = nodes.node
    LEFT JOIN related r ON r.src = c.id
    WHERE related_configs_recursive.include_deleted_configs OR c.deleted_at IS NULL
    ORDER BY nodes.lvl, c.name, c.id;
END;
$$;
