-- The change search's kept totals (server/src/catalog/changes-count-cache.ts, issue 18: a sort
-- of /catalog/changes under 100 ms p95 at the large scale). A total was kept while the WAL insert
-- position was unchanged, so any write at all (a check's status from the runner, a job's history,
-- a session) made the next sort count the window's 220,000 changes again (50–65 ms on PGlite).
-- A total is made of these tables only: the changes, their configs (type, tags, agent, deleted_at
-- and the parent_id hierarchy of a config's related changes) and the relationships the related
-- changes follow. Every statement that writes one of them now advances this sequence; a total is
-- kept while its value is unchanged.
--
-- As the health summary's version (migration 0037): a sequence advances outside the writing
-- transaction, so a rolled-back write still advances it (a needless count, never a wrong total),
-- and only PGlite keeps totals (one transaction at a time: no write under way while it is read).
-- Statement-level: one step per statement however many rows it touches.
CREATE SEQUENCE IF NOT EXISTS vigil_catalog_changes_version;

CREATE OR REPLACE FUNCTION vigil_catalog_changes_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('vigil_catalog_changes_version');
  RETURN NULL;
END;
$$;

CREATE TRIGGER config_changes_catalog_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON config_changes
  FOR EACH STATEMENT EXECUTE FUNCTION vigil_catalog_changes_changed();
CREATE TRIGGER config_items_catalog_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON config_items
  FOR EACH STATEMENT EXECUTE FUNCTION vigil_catalog_changes_changed();
CREATE TRIGGER config_relationships_catalog_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON config_relationships
  FOR EACH STATEMENT EXECUTE FUNCTION vigil_catalog_changes_changed();
