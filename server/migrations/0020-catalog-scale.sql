-- The catalog at the large scale (issue 11 §7: 100,000 config items, 1,000,000 config changes),
-- checked with bench/queries.ts on PGlite and PostgreSQL (docs/benchmarks.md has the figures).

-- The changes list pages newest first with the id as tie-breaker (server/src/catalog/changes.ts
-- orders by created_at, id): one index gives that order, so a page reads page_size index entries
-- instead of sorting every change of the window, and the window's total is an index-only range
-- count. It replaces the index on created_at alone (0008/0012), which it covers.
CREATE INDEX IF NOT EXISTS config_changes_created_at_id_idx ON config_changes (created_at, id);
DROP INDEX IF EXISTS config_changes_created_at_idx;

-- A change-type filter (the changes list's most used one) counts its window from one index range
-- per type; the change_types filter list below walks it. Replaces the index on change_type alone.
CREATE INDEX IF NOT EXISTS config_changes_change_type_created_at_idx
  ON config_changes (change_type, created_at);
DROP INDEX IF EXISTS config_changes_change_type_idx;

-- The change-type filter list: SELECT DISTINCT read every change (1,000,000 rows); this skips
-- from one type to the next through the index above (a loose index scan, one probe per type).
-- Same column, same rows, same order.
CREATE OR REPLACE VIEW change_types AS
WITH RECURSIVE types AS (
  (SELECT cc.change_type FROM config_changes cc
    WHERE cc.change_type IS NOT NULL ORDER BY cc.change_type LIMIT 1)
  UNION ALL
  SELECT (SELECT cc.change_type FROM config_changes cc
           WHERE cc.change_type > types.change_type ORDER BY cc.change_type LIMIT 1)
  FROM types WHERE types.change_type IS NOT NULL
)
SELECT types.change_type FROM types WHERE types.change_type IS NOT NULL ORDER BY types.change_type;

-- config_detail's change badge counted through related_changes_recursive, whose
-- `config_id = id OR config_id IN (walk)` cannot use an index: every change was read for every
-- detail. The same count (the config and its downstream configs up to depth 5, the last 2 days)
-- is now an index probe per related config. Everything else is as in 0008.
CREATE OR REPLACE VIEW config_detail AS
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
                 (SELECT count(*) FROM config_changes cc
                   WHERE cc.created_at > now() - interval '2 days'
                     AND cc.config_id IN (
                       SELECT ci.id
                       UNION
                       SELECT r.id FROM related_config_ids_recursive(ci.id, 'outgoing', 5) r)) END,
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

-- The config-type filter list (the catalog's and the changes' Type pickers): the same loose index
-- scan over a plain index on type (config_items_type_name_idx leaves deleted items out, and the
-- list names the types of every item, as in 0008).
CREATE INDEX IF NOT EXISTS config_items_type_idx ON config_items (type);
CREATE OR REPLACE VIEW config_types AS
WITH RECURSIVE types AS (
  (SELECT ci.type FROM config_items ci ORDER BY ci.type LIMIT 1)
  UNION ALL
  SELECT (SELECT ci.type FROM config_items ci WHERE ci.type > types.type ORDER BY ci.type LIMIT 1)
  FROM types WHERE types.type IS NOT NULL
)
SELECT types.type FROM types WHERE types.type IS NOT NULL ORDER BY types.type;
