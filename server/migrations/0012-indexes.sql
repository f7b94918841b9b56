-- Indexes for the filters, sorts and joins of the console's calls (postgrest.md §8, api.md §3–4),
-- checked with EXPLAIN at the large scale (docs/performance.md). Foreign-key columns that the
-- console embeds through get an index so embeds are index lookups, not scans.

-- Health
CREATE INDEX IF NOT EXISTS checks_deleted_at_null_idx ON checks (canary_id) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS check_component_relationships_component_id_idx ON check_component_relationships (component_id);
CREATE INDEX IF NOT EXISTS check_component_relationships_check_id_idx ON check_component_relationships (check_id);
CREATE INDEX IF NOT EXISTS check_config_relationships_check_id_idx ON check_config_relationships (check_id);

-- Catalog: the list sorts by type then name (default) or any column, usually without deleted rows.
CREATE INDEX IF NOT EXISTS config_items_type_name_idx ON config_items (type, name) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS config_items_name_idx ON config_items (name);
CREATE INDEX IF NOT EXISTS config_items_parent_id_idx ON config_items (parent_id);
CREATE INDEX IF NOT EXISTS config_items_scraper_id_idx ON config_items (scraper_id);
CREATE INDEX IF NOT EXISTS config_items_agent_id_idx ON config_items (agent_id);
CREATE INDEX IF NOT EXISTS config_items_created_at_idx ON config_items (created_at DESC);
CREATE INDEX IF NOT EXISTS config_items_updated_at_idx ON config_items (updated_at DESC);
CREATE INDEX IF NOT EXISTS config_items_labels_idx ON config_items USING gin (labels jsonb_path_ops);
CREATE INDEX IF NOT EXISTS config_items_tags_idx ON config_items USING gin (tags jsonb_path_ops);
CREATE INDEX IF NOT EXISTS config_changes_created_at_idx ON config_changes (created_at DESC);
CREATE INDEX IF NOT EXISTS config_changes_config_id_created_at_idx ON config_changes (config_id, created_at DESC);
CREATE INDEX IF NOT EXISTS config_changes_change_type_idx ON config_changes (change_type);
CREATE INDEX IF NOT EXISTS config_analysis_config_id_idx ON config_analysis (config_id);
CREATE INDEX IF NOT EXISTS config_analysis_first_observed_idx ON config_analysis (first_observed DESC);
CREATE INDEX IF NOT EXISTS config_analysis_status_type_idx ON config_analysis (status, analysis_type);
CREATE INDEX IF NOT EXISTS config_relationships_config_id_idx ON config_relationships (config_id);
CREATE INDEX IF NOT EXISTS config_component_relationships_config_id_idx ON config_component_relationships (config_id);

-- Topology
CREATE INDEX IF NOT EXISTS components_parent_id_idx ON components (parent_id);
CREATE INDEX IF NOT EXISTS components_topology_id_idx ON components (topology_id);
CREATE INDEX IF NOT EXISTS components_config_id_idx ON components (config_id);
CREATE INDEX IF NOT EXISTS components_name_idx ON components (name);
CREATE INDEX IF NOT EXISTS component_relationships_relationship_id_idx ON component_relationships (relationship_id);
CREATE INDEX IF NOT EXISTS team_components_component_id_idx ON team_components (component_id);

-- Incidents: the list orders by created_at and filters status/severity/type/owner.
CREATE INDEX IF NOT EXISTS incidents_created_at_idx ON incidents (created_at DESC);
CREATE INDEX IF NOT EXISTS incidents_status_created_at_idx ON incidents (status, created_at DESC);
CREATE INDEX IF NOT EXISTS incidents_created_by_idx ON incidents (created_by);
CREATE INDEX IF NOT EXISTS incidents_commander_id_idx ON incidents (commander_id);
CREATE INDEX IF NOT EXISTS hypotheses_incident_id_idx ON hypotheses (incident_id);
CREATE INDEX IF NOT EXISTS hypotheses_parent_id_idx ON hypotheses (parent_id);
CREATE INDEX IF NOT EXISTS evidences_hypothesis_id_idx ON evidences (hypothesis_id);
CREATE INDEX IF NOT EXISTS evidences_component_id_idx ON evidences (component_id);
CREATE INDEX IF NOT EXISTS evidences_config_id_idx ON evidences (config_id);
CREATE INDEX IF NOT EXISTS comments_hypothesis_id_idx ON comments (hypothesis_id);
CREATE INDEX IF NOT EXISTS comments_incident_id_idx ON comments (incident_id);
CREATE INDEX IF NOT EXISTS responders_incident_id_idx ON responders (incident_id);
CREATE INDEX IF NOT EXISTS incident_histories_incident_id_idx ON incident_histories (incident_id, created_at DESC);

-- Settings: job history pages by created_at with name/status/resource filters; the event queue.
CREATE INDEX IF NOT EXISTS job_history_created_at_idx ON job_history (created_at DESC);
CREATE INDEX IF NOT EXISTS job_history_name_idx ON job_history (name, created_at DESC);
CREATE INDEX IF NOT EXISTS event_queue_name_idx ON event_queue (name);

-- Notifications and playbooks
CREATE INDEX IF NOT EXISTS notification_send_history_notification_id_idx ON notification_send_history (notification_id, created_at DESC);
CREATE INDEX IF NOT EXISTS notification_send_history_created_at_idx ON notification_send_history (created_at DESC);
CREATE INDEX IF NOT EXISTS playbook_runs_playbook_id_idx ON playbook_runs (playbook_id, created_at DESC);
CREATE INDEX IF NOT EXISTS playbook_runs_created_at_idx ON playbook_runs (created_at DESC);
CREATE INDEX IF NOT EXISTS playbook_runs_component_id_idx ON playbook_runs (component_id);
CREATE INDEX IF NOT EXISTS playbook_runs_config_id_idx ON playbook_runs (config_id);
CREATE INDEX IF NOT EXISTS playbook_runs_check_id_idx ON playbook_runs (check_id);
CREATE INDEX IF NOT EXISTS playbook_run_actions_run_id_idx ON playbook_run_actions (playbook_run_id, start_time);
