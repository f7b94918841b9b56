-- The topology view (0009) reads `analysis` per component instead of joining
-- analysis_summary_by_component: the planner cannot narrow a grouped view to the ids asked for, so
-- `SELECT … FROM topology WHERE id = ANY(…)` (the topology endpoint, a few hundred components)
-- summed the analyses of every component in the catalog first (about 100 ms of 150 at the large
-- scale). Same columns, same order, same values (NULL when there is none, as the outer join gave).

CREATE OR REPLACE VIEW topology AS
SELECT c.id, c.agent_id, c.topology_id, c.external_id, c.parent_id, c.config_id, c.name, c.text,
  c.topology_type, c.namespace, c.labels, c.hidden, c.silenced, c.is_pushed, c.status,
  c.status_expr, c.health_expr, c.health, c.description, c.lifecycle, c.tooltip, c.status_reason,
  c.schedule, c.icon, c.type, c.owner, c.selectors, c.log_selectors, c.component_checks,
  c.configs, c.properties, c.path, c.summary, c.is_leaf, c.cost_per_minute, c.cost_total_1d,
  c.cost_total_7d, c.cost_total_30d, c.created_by, c.created_at, c.updated_at, c.deleted_at,
  CASE WHEN jsonb_typeof(c.log_selectors) = 'array' THEN (
    SELECT json_agg(json_build_object('name', ls ->> 'name'))
    FROM jsonb_array_elements(c.log_selectors) ls
  ) END AS logs,
  (
    SELECT json_object_agg(cs.status, cs.total)
    FROM (
      SELECT coalesce(ch.status, 'unknown') AS status, count(*) AS total
      FROM check_component_relationships cr
      JOIN checks ch ON ch.id = cr.check_id AND ch.deleted_at IS NULL
      WHERE cr.component_id = c.id AND cr.deleted_at IS NULL
      GROUP BY coalesce(ch.status, 'unknown')
    ) cs
  ) AS checks,
  (
    SELECT array_agg(tm.name ORDER BY tm.name)
    FROM team_components tc
    JOIN teams tm ON tm.id = tc.team_id AND tm.deleted_at IS NULL
    WHERE tc.component_id = c.id
  ) AS team_names,
  (
    SELECT jsonb_object_agg(it.type, it.severities)
    FROM (
      SELECT iv.type, jsonb_object_agg(iv.severity, iv.total) AS severities
      FROM (
        SELECT i.type, i.severity, count(DISTINCT i.id) AS total
        FROM evidences e
        JOIN hypotheses h ON h.id = e.hypothesis_id
        JOIN incidents i ON i.id = h.incident_id
        WHERE e.component_id = c.id AND i.resolved IS NULL AND i.closed IS NULL
        GROUP BY i.type, i.severity
      ) iv
      GROUP BY iv.type
    ) it
  ) AS incidents,
  (
    SELECT jsonb_object_agg(an.analysis_type, an.severities)
    FROM (
      SELECT av.analysis_type, jsonb_object_agg(av.severity, av.total) AS severities
      FROM (
        SELECT coalesce(ca.analysis_type, 'other') AS analysis_type,
          coalesce(ca.severity, 'info') AS severity, count(*) AS total
        FROM config_component_relationships r
        JOIN config_items ci ON ci.id = r.config_id AND ci.deleted_at IS NULL
        JOIN config_analysis ca ON ca.config_id = ci.id
        WHERE r.component_id = c.id AND r.deleted_at IS NULL
        GROUP BY coalesce(ca.analysis_type, 'other'), coalesce(ca.severity, 'info')
      ) av
      GROUP BY av.analysis_type
    ) an
  ) AS analysis,
  (
    SELECT array_agg(DISTINCT cr.component_id)
    FROM component_relationships cr
    WHERE cr.relationship_id = c.id AND cr.deleted_at IS NULL
  ) AS children,
  (
    SELECT array_agg(DISTINCT cr.relationship_id)
    FROM component_relationships cr
    WHERE cr.component_id = c.id AND cr.deleted_at IS NULL
  ) AS parents
FROM components c
WHERE c.deleted_at IS NULL;
