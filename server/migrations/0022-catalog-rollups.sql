-- The catalog's two remaining slow paths at the large scale (issue 11 §8, bench/catalog-ui.ts).

-- 1. Catalog search. The list's search is `ilike '%term%'` over name, type, description and
-- namespace of the configs view (src/api/catalog.ts); without an index every item is read
-- (about 0.45 s at 100,000 items on PGlite). Trigram GIN indexes answer each of the four with a
-- bitmap scan, OR-ed together. pg_trgm ships with PostgreSQL's contrib and with PGlite (loaded in
-- server/src/db/pglite.ts). Where the extension cannot be created (no contrib, no privilege), the
-- migration goes on without the indexes and search reads every item as before.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%): catalog search stays unindexed', SQLERRM;
END $$;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS config_items_name_trgm_idx
      ON config_items USING gin (name gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS config_items_type_trgm_idx
      ON config_items USING gin (type gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS config_items_description_trgm_idx
      ON config_items USING gin (description gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS config_items_namespace_trgm_idx
      ON config_items USING gin ((tags ->> 'namespace') gin_trgm_ops);
  END IF;
END $$;

-- 2. The grouped summary's change counts. POST /catalog/summary counts every config's changes of
-- the last 30 days; live, that is one pass over the window's index entries (1,000,000 at the
-- large scale, about 0.7 s on PGlite). This keeps the per-config counts of one sliding window
-- instead:
--   config_change_window         one row: the window's start and span (30 days);
--   config_change_window_counts  per config, its changes created at or after window_start.
-- Writes keep the counts exact at once (statement triggers with transition tables on insert,
-- update, delete and truncate of config_changes). Time moves the window: advancing it
-- (config_change_window_advance(), called every minute by the server) subtracts the changes that
-- fell out of it, a short range of the created_at index. A reader asking for the last 30 days
-- subtracts the few changes between window_start and its own start (the time since the last
-- advance), so its answer is exact whenever it is asked (server/src/catalog/summary.ts).
-- Trigger and advance serialise on the window row (FOR SHARE / FOR UPDATE), so concurrent writers
-- on PostgreSQL never count against a window that is moving under them.
CREATE TABLE IF NOT EXISTS config_change_window (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  window_start timestamp with time zone NOT NULL,
  span interval NOT NULL DEFAULT interval '30 days'
);

CREATE TABLE IF NOT EXISTS config_change_window_counts (
  config_id uuid PRIMARY KEY,
  n bigint NOT NULL
);

CREATE OR REPLACE FUNCTION config_change_window_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  start_at timestamp with time zone;
BEGIN
  SELECT window_start INTO start_at FROM config_change_window FOR SHARE;
  IF start_at IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO config_change_window_counts AS w (config_id, n)
  SELECT nr.config_id, count(*) FROM new_rows nr
  WHERE nr.config_id IS NOT NULL AND nr.created_at >= start_at
  GROUP BY nr.config_id
  ON CONFLICT (config_id) DO UPDATE SET n = w.n + excluded.n;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION config_change_window_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  start_at timestamp with time zone;
BEGIN
  SELECT window_start INTO start_at FROM config_change_window FOR SHARE;
  IF start_at IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE config_change_window_counts w SET n = w.n - gone.n
  FROM (
    SELECT o.config_id, count(*) AS n FROM old_rows o
    WHERE o.config_id IS NOT NULL AND o.created_at >= start_at
    GROUP BY o.config_id
  ) gone
  WHERE w.config_id = gone.config_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION config_change_window_update() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  start_at timestamp with time zone;
BEGIN
  SELECT window_start INTO start_at FROM config_change_window FOR SHARE;
  IF start_at IS NULL THEN
    RETURN NULL;
  END IF;
  -- Only rows whose config or time changed move between counts (most updates touch neither).
  INSERT INTO config_change_window_counts AS w (config_id, n)
  SELECT delta.config_id, sum(delta.n) FROM (
    SELECT nr.config_id, 1 AS n FROM new_rows nr
    WHERE nr.config_id IS NOT NULL AND nr.created_at >= start_at
    UNION ALL
    SELECT o.config_id, -1 AS n FROM old_rows o
    WHERE o.config_id IS NOT NULL AND o.created_at >= start_at
  ) delta
  GROUP BY delta.config_id
  HAVING sum(delta.n) <> 0
  ON CONFLICT (config_id) DO UPDATE SET n = w.n + excluded.n;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION config_change_window_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM config_change_window_counts;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS config_change_window_insert ON config_changes;
CREATE TRIGGER config_change_window_insert AFTER INSERT ON config_changes
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION config_change_window_insert();
DROP TRIGGER IF EXISTS config_change_window_delete ON config_changes;
CREATE TRIGGER config_change_window_delete AFTER DELETE ON config_changes
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION config_change_window_delete();
DROP TRIGGER IF EXISTS config_change_window_update ON config_changes;
CREATE TRIGGER config_change_window_update AFTER UPDATE ON config_changes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION config_change_window_update();
DROP TRIGGER IF EXISTS config_change_window_truncate ON config_changes;
CREATE TRIGGER config_change_window_truncate AFTER TRUNCATE ON config_changes
  FOR EACH STATEMENT EXECUTE FUNCTION config_change_window_truncate();

-- Move the window to now() - span: subtract the changes that left it, drop configs left at zero.
-- Returns the new start. Cheap when called often (one short range of the created_at index).
CREATE OR REPLACE FUNCTION config_change_window_advance() RETURNS timestamp with time zone
LANGUAGE plpgsql AS $$
DECLARE
  old_start timestamp with time zone;
  new_start timestamp with time zone;
  emptied uuid[];
BEGIN
  SELECT window_start, now() - span INTO old_start, new_start FROM config_change_window FOR UPDATE;
  IF old_start IS NULL OR new_start <= old_start THEN
    RETURN old_start;
  END IF;
  WITH gone AS (
    SELECT cc.config_id, count(*) AS n FROM config_changes cc
    WHERE cc.created_at >= old_start AND cc.created_at < new_start AND cc.config_id IS NOT NULL
    GROUP BY cc.config_id
  ), updated AS (
    UPDATE config_change_window_counts w SET n = w.n - gone.n
    FROM gone WHERE w.config_id = gone.config_id
    RETURNING w.config_id, w.n
  )
  SELECT array_agg(updated.config_id) INTO emptied FROM updated WHERE updated.n <= 0;
  IF emptied IS NOT NULL THEN
    DELETE FROM config_change_window_counts w WHERE w.config_id = ANY (emptied) AND w.n <= 0;
  END IF;
  UPDATE config_change_window SET window_start = new_start;
  RETURN new_start;
END $$;

INSERT INTO config_change_window (window_start) VALUES (now() - interval '30 days')
ON CONFLICT (singleton) DO NOTHING;

INSERT INTO config_change_window_counts (config_id, n)
SELECT cc.config_id, count(*) FROM config_changes cc
WHERE cc.config_id IS NOT NULL
  AND cc.created_at >= (SELECT window_start FROM config_change_window)
GROUP BY cc.config_id
ON CONFLICT (config_id) DO NOTHING;
