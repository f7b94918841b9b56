-- Incident status transitions (spec doc 2 §4): the server refuses what the console never offers.
-- Allowed targets by current status (the same table as src/api/incident-model.ts
-- INCIDENT_STATUS_TRANSITIONS):
--   new           → any
--   open          → open, investigating, mitigated, resolved, closed
--   investigating → investigating, mitigated, resolved, closed
--   mitigated     → mitigated, resolved, closed, open
--   resolved      → resolved, closed, open
--   closed        → closed, open
-- A forbidden change raises P0001 (raise_exception), which the PostgREST engine answers with
-- 400 and the message 'Cannot change incident status from <from> to <to>'. A target outside the
-- six statuses is refused the same way; a current status outside them (the column has no CHECK,
-- so an old row could hold one) allows any of the six, as the console does. Inserts are not
-- checked: a new incident may start in any status.
CREATE OR REPLACE FUNCTION incident_status_targets(current_status text) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE current_status
    WHEN 'open' THEN ARRAY['open', 'investigating', 'mitigated', 'resolved', 'closed']
    WHEN 'investigating' THEN ARRAY['investigating', 'mitigated', 'resolved', 'closed']
    WHEN 'mitigated' THEN ARRAY['mitigated', 'resolved', 'closed', 'open']
    WHEN 'resolved' THEN ARRAY['resolved', 'closed', 'open']
    WHEN 'closed' THEN ARRAY['closed', 'open']
    ELSE ARRAY['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed']
  END
$$;

CREATE OR REPLACE FUNCTION incidents_status_transition() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  targets text[];
BEGIN
  IF NEW.status IS NOT DISTINCT FROM OLD.status THEN
    RETURN NEW;
  END IF;
  targets := incident_status_targets(OLD.status);
  IF NEW.status = ANY (targets) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'Cannot change incident status from % to %', OLD.status, NEW.status
    USING ERRCODE = 'raise_exception',
      DETAIL = format('Allowed from %s: %s', OLD.status, array_to_string(targets, ', '));
END;
$$;

CREATE TRIGGER incidents_status_transition BEFORE UPDATE OF status ON incidents
FOR EACH ROW EXECUTE FUNCTION incidents_status_transition();
