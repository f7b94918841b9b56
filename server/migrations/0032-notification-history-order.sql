-- The send history's list (/notifications: notification_send_history_summary, newest first, a
-- page of 50) at the large scale. The view was a UNION ALL of four joins, one per resource type:
-- PostgreSQL joined and sorted every row of the history (20,000 rows, the config branch through
-- all 100,000 config items) to return 50, some 300 ms a page on PGlite. The same rows and columns,
-- read as one scan of the history: newest first through the index below, and each row's resource
-- looked up by its id (a scalar subquery per row, which the planner evaluates after the LIMIT),
-- so a first page reads 50 rows and 50 resources (2–6 ms warm on PGlite, loaded machine).
CREATE INDEX IF NOT EXISTS notification_send_history_created_at_id_idx
  ON notification_send_history (created_at DESC, id);

CREATE OR REPLACE VIEW notification_send_history_summary AS
SELECT h.id, h.notification_id, h.body, h.status, h.count, h.first_observed, h.source_event,
  h.resource_id, h.person_id, h.error, h.duration_millis, h.created_at,
  (CASE
    WHEN h.source_event LIKE 'config.%' THEN 'config'
    WHEN h.source_event LIKE 'component.%' THEN 'component'
    WHEN h.source_event LIKE 'check.%' THEN 'check'
    ELSE 'canary'
  END)::text AS resource_type,
  CASE
    WHEN h.source_event LIKE 'config.%' THEN (
      SELECT jsonb_build_object('id', ci.id, 'name', ci.name, 'type', ci.type,
        'config_class', ci.config_class)
      FROM config_items ci WHERE ci.id = h.resource_id)
    WHEN h.source_event LIKE 'component.%' THEN (
      SELECT jsonb_build_object('id', co.id, 'name', co.name, 'icon', co.icon)
      FROM components co WHERE co.id = h.resource_id)
    WHEN h.source_event LIKE 'check.%' THEN (
      SELECT jsonb_build_object('id', ch.id, 'name', ch.name, 'type', ch.type,
        'status', ch.status, 'icon', ch.icon)
      FROM checks ch WHERE ch.id = h.resource_id)
    ELSE (
      SELECT jsonb_build_object('id', ca.id, 'name', ca.name)
      FROM canaries ca WHERE ca.id = h.resource_id)
  END AS resource
FROM notification_send_history h
WHERE h.source_event LIKE 'config.%' OR h.source_event LIKE 'component.%'
  OR h.source_event LIKE 'check.%' OR h.source_event LIKE 'canary.%';
