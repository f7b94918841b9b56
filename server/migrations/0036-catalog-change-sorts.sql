-- The change search's sorts at the large scale (issue 18: a sort click under 100 ms p95 on
-- /catalog/changes, bench/screens-ui.ts). Same rows, same order; the page reads the first rows of
-- an index in the requested order and stops after page_size matches of the window instead of
-- sorting every change of the window (about 220,000 of the last 2 days, 1–2 s on PGlite).
--
-- server/src/catalog/changes.ts orders by `<column> <dir> NULLS LAST, cc.id <dir>` (count and
-- created_at, NOT NULL, without NULLS LAST). A btree read backwards gives `DESC NULLS FIRST`, so a
-- nullable column needs an index of its own for each direction.
--
-- By name: config_items_name_idx (name) gives `name ASC NULLS LAST`; the descending order needs
-- `name DESC NULLS LAST`. The page then walks configs by name and probes each one's changes of the
-- window (config_changes_config_id_created_at_idx), sorting by id only within one name.
CREATE INDEX IF NOT EXISTS config_items_name_desc_idx ON config_items (name DESC NULLS LAST);

-- By count (NOT NULL): one index, read forwards or backwards.
CREATE INDEX IF NOT EXISTS config_changes_count_id_idx ON config_changes (count, id);

-- By change type and by source, each direction with its id tie-breaker.
CREATE INDEX IF NOT EXISTS config_changes_change_type_id_idx ON config_changes (change_type, id);
CREATE INDEX IF NOT EXISTS config_changes_change_type_desc_id_idx
  ON config_changes (change_type DESC NULLS LAST, id DESC);
CREATE INDEX IF NOT EXISTS config_changes_source_id_idx ON config_changes (source, id);
CREATE INDEX IF NOT EXISTS config_changes_source_desc_id_idx
  ON config_changes (source DESC NULLS LAST, id DESC);
