-- The catalog's filter lists at the large scale (issue 11 §7), after 0020: measured in the browser
-- (bench/catalog-ui.ts), the pages' option lists ran before or beside the first page on PGlite,
-- which answers one statement at a time, and held its first rows back.

-- config_statuses (the catalog's Status filter): 0020's loose index scan, over an index on status.
CREATE INDEX IF NOT EXISTS config_items_status_idx ON config_items (status);
CREATE OR REPLACE VIEW config_statuses AS
WITH RECURSIVE statuses AS (
  (SELECT ci.status FROM config_items ci WHERE ci.status IS NOT NULL ORDER BY ci.status LIMIT 1)
  UNION ALL
  SELECT (SELECT ci.status FROM config_items ci
           WHERE ci.status > statuses.status ORDER BY ci.status LIMIT 1)
  FROM statuses WHERE statuses.status IS NOT NULL
)
SELECT statuses.status FROM statuses WHERE statuses.status IS NOT NULL ORDER BY statuses.status;

-- config_labels and config_tags (the Labels and Tags filters, loaded with the catalog and the
-- changes pages): SELECT DISTINCT over jsonb_each_text of every live item expanded 100,000 items
-- into about a million pairs on every request, a second or more on PGlite, where requests run one
-- at a time and that delayed the page's first rows. The distinct pairs of live items are now kept
-- with the number of items carrying each, by statement triggers on config_items (one pass over
-- the statement's rows, so a bulk load stays a bulk load), and the views read them. Same columns,
-- same pairs.
CREATE TABLE IF NOT EXISTS config_key_value_counts (
  kind text NOT NULL CHECK (kind IN ('labels', 'tags')),
  key text NOT NULL,
  value text NOT NULL,
  items integer NOT NULL,
  CONSTRAINT config_key_value_counts_pkey PRIMARY KEY (kind, key, value)
);
-- Pairs whose last item went away, for the clean-up at the end of each statement.
CREATE INDEX IF NOT EXISTS config_key_value_counts_gone_idx ON config_key_value_counts (kind)
  WHERE items <= 0;

CREATE OR REPLACE FUNCTION config_items_key_value_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The pairs of live items: +1 for each new row, -1 for each old row (an UPDATE has both).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO config_key_value_counts AS c (kind, key, value, items)
    SELECT d.kind, d.key, d.value, sum(d.n)::integer FROM (
      SELECT 'labels' AS kind, l.key, l.value, 1 AS n FROM new_rows r,
        jsonb_each_text(CASE WHEN jsonb_typeof(r.labels) = 'object' THEN r.labels ELSE '{}' END) l
      WHERE r.deleted_at IS NULL
      UNION ALL
      SELECT 'tags', t.key, t.value, 1 FROM new_rows r,
        jsonb_each_text(CASE WHEN jsonb_typeof(r.tags) = 'object' THEN r.tags ELSE '{}' END) t
      WHERE r.deleted_at IS NULL
    ) d
    GROUP BY d.kind, d.key, d.value HAVING sum(d.n) <> 0
    ON CONFLICT (kind, key, value) DO UPDATE SET items = c.items + EXCLUDED.items;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO config_key_value_counts AS c (kind, key, value, items)
    SELECT d.kind, d.key, d.value, sum(d.n)::integer FROM (
      SELECT 'labels' AS kind, l.key, l.value, -1 AS n FROM old_rows r,
        jsonb_each_text(CASE WHEN jsonb_typeof(r.labels) = 'object' THEN r.labels ELSE '{}' END) l
      WHERE r.deleted_at IS NULL
      UNION ALL
      SELECT 'tags', t.key, t.value, -1 FROM old_rows r,
        jsonb_each_text(CASE WHEN jsonb_typeof(r.tags) = 'object' THEN r.tags ELSE '{}' END) t
      WHERE r.deleted_at IS NULL
    ) d
    GROUP BY d.kind, d.key, d.value HAVING sum(d.n) <> 0
    ON CONFLICT (kind, key, value) DO UPDATE SET items = c.items + EXCLUDED.items;
  ELSE
    INSERT INTO config_key_value_counts AS c (kind, key, value, items)
    SELECT d.kind, d.key, d.value, sum(d.n)::integer FROM (
      SELECT 'labels' AS kind, l.key, l.value, 1 AS n FROM new_rows r,
        jsonb_each_text(CASE WHEN jsonb_typeof(r.labels) = 'object' THEN r.labels ELSE '{}' END) l
      WHERE r.deleted_at IS NULL
      UNION ALL
      SELECT 'tags', t.key, t.value, 1 FROM new_rows r,
        jsonb_each_text(CASE WHEN jsonb_typeof(r.tags) = 'object' THEN r.tags ELSE '{}' END) t
      WHERE r.deleted_at IS NULL
      UNION ALL
      SELECT 'labels' AS kind, l.key, l.value, -1 AS n FROM old_rows r,
        jsonb_each_text(CASE WHEN jsonb_typeof(r.labels) = 'object' THEN r.labels ELSE '{}' END) l
      WHERE r.deleted_at IS NULL
      UNION ALL
      SELECT 'tags', t.key, t.value, -1 FROM old_rows r,
        jsonb_each_text(CASE WHEN jsonb_typeof(r.tags) = 'object' THEN r.tags ELSE '{}' END) t
      WHERE r.deleted_at IS NULL
    ) d
    GROUP BY d.kind, d.key, d.value HAVING sum(d.n) <> 0
    ON CONFLICT (kind, key, value) DO UPDATE SET items = c.items + EXCLUDED.items;
  END IF;
  DELETE FROM config_key_value_counts c WHERE c.items <= 0;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS config_items_key_values_insert ON config_items;
CREATE TRIGGER config_items_key_values_insert AFTER INSERT ON config_items
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION config_items_key_value_counts();
DROP TRIGGER IF EXISTS config_items_key_values_update ON config_items;
CREATE TRIGGER config_items_key_values_update AFTER UPDATE ON config_items
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION config_items_key_value_counts();
DROP TRIGGER IF EXISTS config_items_key_values_delete ON config_items;
CREATE TRIGGER config_items_key_values_delete AFTER DELETE ON config_items
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION config_items_key_value_counts();

INSERT INTO config_key_value_counts (kind, key, value, items)
SELECT 'labels', l.key, l.value, count(*)::integer
FROM config_items ci, jsonb_each_text(ci.labels) l
WHERE ci.deleted_at IS NULL AND jsonb_typeof(ci.labels) = 'object'
GROUP BY l.key, l.value
UNION ALL
SELECT 'tags', t.key, t.value, count(*)::integer
FROM config_items ci, jsonb_each_text(ci.tags) t
WHERE ci.deleted_at IS NULL AND jsonb_typeof(ci.tags) = 'object'
GROUP BY t.key, t.value
ON CONFLICT DO NOTHING;

CREATE OR REPLACE VIEW config_labels AS
SELECT c.key, c.value FROM config_key_value_counts c WHERE c.kind = 'labels';

CREATE OR REPLACE VIEW config_tags AS
SELECT c.key, c.value FROM config_key_value_counts c WHERE c.kind = 'tags';
