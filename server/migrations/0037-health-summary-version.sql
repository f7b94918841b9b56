-- The health summary's kept answer (server/src/routes/summary-cache.ts, issue 18: /health at the
-- large scale). The server kept the answer while the WAL insert position was unchanged, so any
-- write at all (a sign-in, a session, a job's history, a notification) made the next /health load
-- read all 10,000 checks again (0.5–0.8 s on PGlite). What the summary is made of changes only
-- with these tables: the stored parts (migration 0014: every change of a check, its canary or its
-- statuses rewrites them, by trigger), the checks (deleted_at, name: which checks and in which
-- order) and the canaries (namespace and name: the order). Every statement that writes one of
-- them now advances this sequence; the summary is kept while its value is unchanged.
--
-- A sequence advances outside the writing transaction: a rolled-back write still advances it
-- (the next read reads again, needlessly but correctly), and an open transaction has advanced it
-- before its writes are visible, which is why only PGlite keeps the answer (one transaction at a
-- time there, so no write is under way while the value is read; module comment of
-- summary-cache.ts). Statement-level: one step per statement however many rows it touches.
CREATE SEQUENCE IF NOT EXISTS vigil_check_summary_version;

CREATE OR REPLACE FUNCTION vigil_check_summary_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('vigil_check_summary_version');
  RETURN NULL;
END;
$$;

CREATE TRIGGER vigil_check_summary_parts_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vigil_check_summary_parts
  FOR EACH STATEMENT EXECUTE FUNCTION vigil_check_summary_changed();
CREATE TRIGGER checks_summary_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON checks
  FOR EACH STATEMENT EXECUTE FUNCTION vigil_check_summary_changed();
CREATE TRIGGER canaries_summary_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON canaries
  FOR EACH STATEMENT EXECUTE FUNCTION vigil_check_summary_changed();
