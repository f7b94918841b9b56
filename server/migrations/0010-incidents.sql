-- Incidents (schema.md §5): the incident views, the history triggers that write
-- incident_histories (the table is written only by triggers) and the triggers that append
-- incident events to event_queue (schema.md §0.1). Depends only on the tables of 0007.

-- format_incident_id takes `seq_value` and returns character varying (0007 named the argument
-- `id` and returned text). An argument cannot be renamed in place, so the column default that
-- calls it is dropped and set again around the re-creation.
ALTER TABLE incidents ALTER COLUMN incident_id DROP DEFAULT;
DROP FUNCTION format_incident_id(bigint);
CREATE FUNCTION format_incident_id(seq_value bigint) RETURNS character varying
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN 'INC-' || seq_value::text;
END;
$$;
ALTER TABLE incidents ALTER COLUMN incident_id
  SET DEFAULT format_incident_id(nextval('incident_id_sequence'::regclass));

-- Per incident: the commander {id, avatar, name} (an object of nulls without one), the distinct
-- people and teams responding (not soft-deleted; teams show their icon as avatar) and the distinct
-- people who commented. Commenters are computed per incident (schema.md §5, Vigil note: Mission
-- Control de-duplicates them across all incidents). responders and commenters are NULL when empty.
CREATE VIEW incident_summary AS
SELECT i.id, i.incident_id, i.title, i.severity, i.type, i.status, i.created_at, i.updated_at,
  jsonb_build_object('id', cp.id, 'avatar', cp.avatar, 'name', cp.name) AS commander,
  (
    SELECT jsonb_agg(jsonb_build_object('id', x.id, 'avatar', x.avatar, 'name', x.name)
      ORDER BY x.name, x.id)
    FROM (
      SELECT DISTINCT p.id, p.avatar, p.name
      FROM responders r JOIN people p ON p.id = r.person_id
      WHERE r.incident_id = i.id AND r.deleted_at IS NULL
      UNION
      SELECT DISTINCT t.id, t.icon AS avatar, t.name
      FROM responders r JOIN teams t ON t.id = r.team_id
      WHERE r.incident_id = i.id AND r.deleted_at IS NULL
    ) x
  ) AS responders,
  (
    SELECT jsonb_agg(jsonb_build_object('id', y.id, 'avatar', y.avatar, 'name', y.name)
      ORDER BY y.name, y.id)
    FROM (
      SELECT DISTINCT p.id, p.avatar, p.name
      FROM comments cm JOIN people p ON p.id = cm.created_by
      WHERE cm.incident_id = i.id
    ) y
  ) AS commenters
FROM incidents i
LEFT JOIN people cp ON cp.id = i.commander_id;

-- Distinct (incident, component) pairs through the evidences of the incident's hypotheses.
CREATE VIEW incidents_by_component AS
SELECT DISTINCT i.title, i.id, i.created_at, i.type, i.status, i.severity, e.component_id
FROM incidents i
JOIN hypotheses h ON h.incident_id = i.id
JOIN evidences e ON e.hypothesis_id = h.id
WHERE e.component_id IS NOT NULL;

-- The same for evidences that reference a config.
CREATE VIEW incidents_by_config AS
SELECT DISTINCT i.title, i.id, i.created_at, i.type, i.status, i.severity, e.config_id
FROM incidents i
JOIN hypotheses h ON h.incident_id = i.id
JOIN evidences e ON e.hypothesis_id = h.id
WHERE e.config_id IS NOT NULL;

-- Per component: incident type -> {severity -> number of incidents} over incidents that are
-- neither resolved nor closed and have evidence on the component (an incident counts once per
-- component however many evidences it has there).
CREATE VIEW incident_summary_by_component AS
SELECT s.id, jsonb_object_agg(s.type, s.severities) AS incidents
FROM (
  SELECT n.id, n.type, jsonb_object_agg(n.severity, n.total) AS severities
  FROM (
    SELECT e.component_id AS id, i.type, i.severity, count(DISTINCT i.id) AS total
    FROM evidences e
    JOIN hypotheses h ON h.id = e.hypothesis_id
    JOIN incidents i ON i.id = h.incident_id
    WHERE e.component_id IS NOT NULL AND i.resolved IS NULL AND i.closed IS NULL
    GROUP BY e.component_id, i.type, i.severity
  ) n
  GROUP BY n.id, n.type
) s
GROUP BY s.id;

-- Append an incident event; a repeat of the same (name, properties) re-arms the queued row.
CREATE OR REPLACE FUNCTION incident_enqueue_event(event_name text, event_properties jsonb)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_queue (name, properties) VALUES (event_name, event_properties)
  ON CONFLICT (name, properties) DO UPDATE
    SET created_at = now(), last_attempt = NULL, attempts = 0, error = NULL;
END;
$$;

-- incidents: incident.created (history + event) on insert; on a status change the history row
-- incident.status_updated (description = new status, attributed to the incident's creator as in
-- Mission Control) and the event incident.status.<status>.
CREATE OR REPLACE FUNCTION incidents_history() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO incident_histories (incident_id, created_by, type, description)
    VALUES (NEW.id, NEW.created_by, 'incident.created', NEW.id::text);
    PERFORM incident_enqueue_event('incident.created', jsonb_build_object('id', NEW.id));
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO incident_histories (incident_id, created_by, type, description)
    VALUES (NEW.id, NEW.created_by, 'incident.status_updated', NEW.status);
    PERFORM incident_enqueue_event('incident.status.' || NEW.status,
      jsonb_build_object('id', NEW.id));
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER incidents_history AFTER INSERT OR UPDATE ON incidents
FOR EACH ROW EXECUTE FUNCTION incidents_history();

-- responders: responder.created history and incident.responder.added on insert;
-- incident.responder.removed when the responder is soft-deleted.
CREATE OR REPLACE FUNCTION responders_history() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO incident_histories (incident_id, created_by, type, responder_id)
    VALUES (NEW.incident_id, NEW.created_by, 'responder.created', NEW.id);
    IF NEW.deleted_at IS NULL THEN
      PERFORM incident_enqueue_event('incident.responder.added', jsonb_build_object('id', NEW.id));
    END IF;
  ELSIF NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL THEN
    PERFORM incident_enqueue_event('incident.responder.removed', jsonb_build_object('id', NEW.id));
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER responders_history AFTER INSERT OR UPDATE ON responders
FOR EACH ROW EXECUTE FUNCTION responders_history();

-- comments: every comment enqueues incident.comment.added; only a comment made by a responder
-- (responder_id set) writes a responder.commented history row.
CREATE OR REPLACE FUNCTION comments_history() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.responder_id IS NOT NULL THEN
    INSERT INTO incident_histories (incident_id, created_by, type, comment_id)
    VALUES (NEW.incident_id, NEW.created_by, 'responder.commented', NEW.id);
  END IF;
  PERFORM incident_enqueue_event('incident.comment.added', jsonb_build_object('id', NEW.id));
  RETURN NULL;
END;
$$;

CREATE TRIGGER comments_history AFTER INSERT ON comments
FOR EACH ROW EXECUTE FUNCTION comments_history();

-- hypotheses: hypothesis.created on insert (the spec lists it; Mission Control never writes it,
-- so clients must not depend on it) and hypothesis.status_updated (description = new status,
-- attributed to the hypothesis' creator) on a status change.
CREATE OR REPLACE FUNCTION hypotheses_history() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO incident_histories (incident_id, created_by, type, hypothesis_id)
    VALUES (NEW.incident_id, NEW.created_by, 'hypothesis.created', NEW.id);
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO incident_histories (incident_id, created_by, type, description, hypothesis_id)
    VALUES (NEW.incident_id, NEW.created_by, 'hypothesis.status_updated', NEW.status, NEW.id);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER hypotheses_history AFTER INSERT OR UPDATE ON hypotheses
FOR EACH ROW EXECUTE FUNCTION hypotheses_history();

-- evidences (the incident is the hypothesis' incident):
--   insert                         -> history evidence.created (hypothesis_id, evidence_id)
--   definition_of_done becomes true (on update, or inserted true)
--                                  -> history evidence.done_definition_added, event incident.dod.added
--   definition_of_done true->false -> event incident.dod.removed
--   done changes on a definition-of-done evidence
--                                  -> event incident.dod.passed (now done) / incident.dod.regressed
CREATE OR REPLACE FUNCTION evidences_history() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  incident uuid;
  was_dod boolean := false;
  was_done boolean := false;
BEGIN
  SELECT h.incident_id INTO incident FROM hypotheses h WHERE h.id = NEW.hypothesis_id;
  IF incident IS NULL THEN
    RAISE EXCEPTION 'hypothesis % of evidence % not found', NEW.hypothesis_id, NEW.id;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO incident_histories (incident_id, created_by, type, hypothesis_id, evidence_id)
    VALUES (incident, NEW.created_by, 'evidence.created', NEW.hypothesis_id, NEW.id);
  ELSE
    was_dod := coalesce(OLD.definition_of_done, false);
    was_done := coalesce(OLD.done, false);
  END IF;

  IF coalesce(NEW.definition_of_done, false) AND NOT was_dod THEN
    INSERT INTO incident_histories (incident_id, created_by, type, evidence_id)
    VALUES (incident, NEW.created_by, 'evidence.done_definition_added', NEW.id);
    PERFORM incident_enqueue_event('incident.dod.added', jsonb_build_object('id', NEW.id));
  ELSIF was_dod AND NOT coalesce(NEW.definition_of_done, false) THEN
    PERFORM incident_enqueue_event('incident.dod.removed', jsonb_build_object('id', NEW.id));
  END IF;

  IF TG_OP = 'UPDATE' AND coalesce(NEW.definition_of_done, false)
     AND coalesce(NEW.done, false) IS DISTINCT FROM was_done THEN
    IF coalesce(NEW.done, false) THEN
      PERFORM incident_enqueue_event('incident.dod.passed', jsonb_build_object('id', NEW.id));
    ELSE
      PERFORM incident_enqueue_event('incident.dod.regressed', jsonb_build_object('id', NEW.id));
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER evidences_history AFTER INSERT OR UPDATE ON evidences
FOR EACH ROW EXECUTE FUNCTION evidences_history();

-- History rows reference evidences, comments, hypotheses and responders without ON DELETE, so the
-- console's delete flows (comments and evidences, then the hypothesis) would fail on the rows the
-- triggers above wrote. Before such a row is deleted its history entries let go of it (the entry
-- itself stays in the change log).
CREATE OR REPLACE FUNCTION incident_histories_detach() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'evidences' THEN
      UPDATE incident_histories SET evidence_id = NULL WHERE evidence_id = OLD.id;
    WHEN 'comments' THEN
      UPDATE incident_histories SET comment_id = NULL WHERE comment_id = OLD.id;
    WHEN 'hypotheses' THEN
      UPDATE incident_histories SET hypothesis_id = NULL WHERE hypothesis_id = OLD.id;
    WHEN 'responders' THEN
      UPDATE incident_histories SET responder_id = NULL WHERE responder_id = OLD.id;
  END CASE;
  RETURN OLD;
END;
$$;

CREATE TRIGGER evidences_detach_history BEFORE DELETE ON evidences
FOR EACH ROW EXECUTE FUNCTION incident_histories_detach();
CREATE TRIGGER comments_detach_history BEFORE DELETE ON comments
FOR EACH ROW EXECUTE FUNCTION incident_histories_detach();
CREATE TRIGGER hypotheses_detach_history BEFORE DELETE ON hypotheses
FOR EACH ROW EXECUTE FUNCTION incident_histories_detach();
CREATE TRIGGER responders_detach_history BEFORE DELETE ON responders
FOR EACH ROW EXECUTE FUNCTION incident_histories_detach();
