-- Every remaining table of the contract (schema.md §1–§8): columns in their real order, types,
-- NOT NULL, defaults, primary keys, unique and check constraints, and every foreign key with its
-- exact constraint name. Generated from the contract (a copy: server/test/contract/schema.json) and checked by
-- server/test/migrations.test.ts against it. Views, functions and triggers of each area follow in
-- later migrations.

-- incidents.incident_id is 'INC-<n>' from this sequence (schema.md §0.1).
CREATE SEQUENCE incident_id_sequence START 1;

CREATE OR REPLACE FUNCTION format_incident_id(id bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$ SELECT 'INC-' || id::text $$;

-- Fine-grained permissions (not used by the reference frontend 1.0.805 nor by Vigil's console).
CREATE TABLE permissions (
  id uuid DEFAULT generate_ulid() NOT NULL,
  description text,
  source text,
  action text NOT NULL,
  object text,
  deny boolean DEFAULT false NOT NULL,
  component_id uuid,
  config_id uuid,
  canary_id uuid,
  playbook_id uuid,
  connection_id uuid,
  created_by uuid NOT NULL,
  person_id uuid,
  team_id uuid,
  updated_by uuid,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  until timestamp with time zone,
  CONSTRAINT permissions_pkey PRIMARY KEY (id)
);

CREATE TRIGGER permissions_updated_at BEFORE UPDATE ON permissions FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Join table team <-> component with optional role/selector_id.
CREATE TABLE team_components (
  team_id uuid NOT NULL,
  component_id uuid NOT NULL,
  role text,
  selector_id text,
  CONSTRAINT team_components_pkey PRIMARY KEY (team_id, component_id),
  CONSTRAINT team_components_team_id_component_id_selector_id_key UNIQUE (team_id, component_id, selector_id)
);

-- Artifacts produced by checks / playbook actions.
CREATE TABLE artifacts (
  id uuid DEFAULT generate_ulid() NOT NULL,
  check_id uuid,
  check_time timestamp with time zone,
  playbook_run_action_id uuid,
  connection_id uuid,
  path text NOT NULL,
  filename text NOT NULL,
  content_type text,
  size integer NOT NULL,
  checksum text NOT NULL,
  is_pushed boolean DEFAULT false NOT NULL,
  is_data_pushed boolean DEFAULT false NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  deleted_at timestamp with time zone,
  expires_at timestamp with time zone,
  CONSTRAINT artifacts_pkey PRIMARY KEY (id)
);

CREATE TRIGGER artifacts_updated_at BEFORE UPDATE ON artifacts FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Links checks to components (no PK; unique on component_id, check_id, canary_id, selector_id).
CREATE TABLE check_component_relationships (
  component_id uuid NOT NULL,
  check_id uuid NOT NULL,
  canary_id uuid NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  deleted_at timestamp with time zone,
  selector_id text,
  is_pushed boolean DEFAULT false NOT NULL,
  CONSTRAINT check_component_relationships_component_id_check_id_canary__key UNIQUE (component_id, check_id, canary_id, selector_id)
);

CREATE TRIGGER check_component_relationships_updated_at BEFORE UPDATE ON check_component_relationships FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Links checks to config items (no PK; unique on config_id, check_id, canary_id, selector_id).
CREATE TABLE check_config_relationships (
  config_id uuid NOT NULL,
  check_id uuid NOT NULL,
  canary_id uuid NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  deleted_at timestamp with time zone,
  selector_id text,
  is_pushed boolean DEFAULT false NOT NULL,
  CONSTRAINT check_config_relationships_config_id_check_id_canary__key UNIQUE (config_id, check_id, canary_id, selector_id)
);

CREATE TRIGGER check_config_relationships_updated_at BEFORE UPDATE ON check_config_relationships FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Insights/analysis findings on config items; status defaults to 'open'.
CREATE TABLE config_analysis (
  id uuid DEFAULT generate_ulid() NOT NULL,
  config_id uuid NOT NULL,
  scraper_id uuid,
  created_by uuid,
  source text,
  analyzer text NOT NULL,
  analysis_type text,
  severity text,
  summary text,
  status text DEFAULT 'open'::text,
  message text,
  analysis jsonb,
  first_observed timestamp with time zone DEFAULT now() NOT NULL,
  last_observed timestamp with time zone,
  is_pushed boolean DEFAULT false NOT NULL,
  CONSTRAINT config_analysis_pkey PRIMARY KEY (id)
);

-- Change events on config items; inserts/updates are intercepted by triggers that de-duplicate on (config_id, external_change_id) and bump count.
CREATE TABLE config_changes (
  id uuid DEFAULT generate_ulid() NOT NULL,
  config_id uuid NOT NULL,
  external_change_id text,
  external_created_by text,
  change_type text,
  severity text,
  source text,
  summary text,
  patches jsonb,
  diff text,
  details jsonb,
  created_by uuid,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  count integer DEFAULT 1 NOT NULL,
  fingerprint text,
  first_observed timestamp with time zone DEFAULT now() NOT NULL,
  is_pushed boolean DEFAULT false NOT NULL,
  CONSTRAINT config_changes_pkey PRIMARY KEY (id),
  CONSTRAINT config_changes_config_id_external_change_id_key UNIQUE (config_id, external_change_id)
);

-- Links config items to components; selector_id 'manual' marks user-made links. No PK; unique (component_id, config_id).
CREATE TABLE config_component_relationships (
  component_id uuid NOT NULL,
  config_id uuid NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now(),
  deleted_at timestamp with time zone,
  selector_id text,
  is_pushed boolean DEFAULT false NOT NULL,
  CONSTRAINT config_component_relationships_component_id_config_id_key UNIQUE (component_id, config_id)
);

CREATE TRIGGER config_component_relationships_updated_at BEFORE UPDATE ON config_component_relationships FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Catalog items (configs). name+type must be non-empty; empty/NULL name is replaced by the last 12 chars of id on insert.
CREATE TABLE config_items (
  id uuid DEFAULT generate_ulid() NOT NULL,
  agent_id uuid DEFAULT '00000000-0000-0000-0000-000000000000'::uuid NOT NULL,
  icon text,
  scraper_id uuid,
  config_class text NOT NULL,
  status text,
  health text,
  ready boolean,
  external_id text[],
  type text NOT NULL,
  cost_per_minute numeric(16,4),
  cost_total_1d numeric(16,4),
  cost_total_7d numeric(16,4),
  cost_total_30d numeric(16,4),
  name text,
  description text,
  config jsonb,
  source text,
  labels jsonb,
  tags jsonb,
  properties jsonb,
  parent_id uuid,
  path text,
  is_pushed boolean DEFAULT false NOT NULL,
  created_by uuid,
  last_scraped_time timestamp with time zone,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now(),
  deleted_at timestamp with time zone,
  delete_reason text,
  CONSTRAINT config_items_pkey PRIMARY KEY (id),
  CONSTRAINT config_item_name_type_not_empty CHECK (length(name) > 0 AND length(type) > 0)
);

CREATE TRIGGER config_items_updated_at BEFORE UPDATE ON config_items FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Config-to-config edges; relation is 'hard' (parent/child, auto-maintained from config_items.parent_id) or other values (soft).
CREATE TABLE config_relationships (
  config_id uuid NOT NULL,
  related_id uuid NOT NULL,
  relation text,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  deleted_at timestamp with time zone,
  selector_id text,
  is_pushed boolean DEFAULT false NOT NULL,
  CONSTRAINT config_relationships_related_id_config_id_relation_key UNIQUE (related_id, config_id, relation)
);

CREATE TRIGGER config_relationships_updated_at BEFORE UPDATE ON config_relationships FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Catalog scraper definitions.
CREATE TABLE config_scrapers (
  id uuid DEFAULT generate_ulid() NOT NULL,
  description text,
  name text NOT NULL,
  spec jsonb NOT NULL,
  source source NOT NULL,
  created_by uuid,
  agent_id uuid DEFAULT '00000000-0000-0000-0000-000000000000'::uuid NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone,
  deleted_at timestamp with time zone,
  is_pushed boolean DEFAULT false NOT NULL,
  CONSTRAINT config_scrapers_pkey PRIMARY KEY (id)
);

CREATE TRIGGER config_scrapers_updated_at BEFORE UPDATE ON config_scrapers FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Saved catalog queries (query builder).
CREATE TABLE saved_query (
  id uuid DEFAULT generate_ulid() NOT NULL,
  icon text,
  description text,
  query text NOT NULL,
  columns jsonb,
  created_by text,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT saved_query_pkey PRIMARY KEY (id)
);

CREATE TRIGGER saved_query_updated_at BEFORE UPDATE ON saved_query FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Links components to other components (relationship_id = parent side).
CREATE TABLE component_relationships (
  component_id uuid NOT NULL,
  relationship_id uuid NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  deleted_at timestamp with time zone,
  selector_id text,
  relationship_path text,
  is_pushed boolean DEFAULT false NOT NULL,
  CONSTRAINT component_relationships_component_id_relationship_id_select_key UNIQUE (component_id, relationship_id, selector_id)
);

CREATE TRIGGER component_relationships_updated_at BEFORE UPDATE ON component_relationships FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Topology components.
CREATE TABLE components (
  id uuid DEFAULT generate_ulid() NOT NULL,
  agent_id uuid DEFAULT '00000000-0000-0000-0000-000000000000'::uuid NOT NULL,
  topology_id uuid,
  external_id text NOT NULL,
  parent_id uuid,
  config_id uuid,
  name text NOT NULL,
  text text,
  topology_type text,
  namespace text,
  labels jsonb,
  hidden boolean DEFAULT false NOT NULL,
  silenced boolean DEFAULT false NOT NULL,
  is_pushed boolean DEFAULT false NOT NULL,
  status text NOT NULL,
  status_expr text,
  health_expr text,
  health text,
  description text,
  lifecycle text,
  tooltip text,
  status_reason text,
  schedule text,
  icon text,
  type text,
  owner text,
  selectors jsonb,
  log_selectors jsonb,
  component_checks jsonb,
  configs jsonb,
  properties jsonb,
  path text,
  summary jsonb,
  is_leaf boolean DEFAULT false,
  cost_per_minute numeric(16,4),
  cost_total_1d numeric(16,4),
  cost_total_7d numeric(16,4),
  cost_total_30d numeric(16,4),
  created_by uuid,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now(),
  deleted_at timestamp with time zone,
  CONSTRAINT components_pkey PRIMARY KEY (id),
  CONSTRAINT components_topology_id_type_name_parent_id_key UNIQUE (topology_id, type, name, parent_id)
);

CREATE TRIGGER components_updated_at BEFORE UPDATE ON components FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Topology definitions (templates) that produce components.
CREATE TABLE topologies (
  id uuid DEFAULT generate_ulid() NOT NULL,
  agent_id uuid DEFAULT '00000000-0000-0000-0000-000000000000'::uuid NOT NULL,
  name text NOT NULL,
  namespace text NOT NULL,
  labels jsonb,
  source source DEFAULT 'UI'::source NOT NULL,
  spec jsonb,
  created_at timestamp with time zone DEFAULT now(),
  updated_at timestamp with time zone DEFAULT now(),
  is_pushed boolean DEFAULT false NOT NULL,
  schedule text,
  created_by uuid,
  deleted_at timestamp with time zone,
  CONSTRAINT topologies_pkey PRIMARY KEY (id),
  CONSTRAINT topologies_name_namespace_key UNIQUE (agent_id, name, namespace)
);

CREATE TRIGGER topologies_updated_at BEFORE UPDATE ON topologies FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- External ids of comments pushed to responders.
CREATE TABLE comment_responders (
  id uuid DEFAULT generate_ulid() NOT NULL,
  comment_id uuid NOT NULL,
  responder_id uuid NOT NULL,
  external_id text,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT comment_responders_pkey PRIMARY KEY (id)
);

CREATE TRIGGER comment_responders_updated_at BEFORE UPDATE ON comment_responders FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Incident comments (optionally on a hypothesis and/or by a responder).
CREATE TABLE comments (
  id uuid DEFAULT generate_ulid() NOT NULL,
  created_by uuid NOT NULL,
  comment text NOT NULL,
  external_id text,
  external_created_by text,
  incident_id uuid NOT NULL,
  responder_id uuid,
  hypothesis_id uuid,
  read smallint[],
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT comments_pkey PRIMARY KEY (id)
);

CREATE TRIGGER comments_updated_at BEFORE UPDATE ON comments FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Evidence attached to a hypothesis, optionally referencing a config/change/analysis/component/check.
CREATE TABLE evidences (
  id uuid DEFAULT generate_ulid() NOT NULL,
  description text NOT NULL,
  hypothesis_id uuid NOT NULL,
  config_id uuid,
  config_change_id uuid,
  config_analysis_id uuid,
  component_id uuid,
  check_id uuid,
  definition_of_done boolean DEFAULT false,
  done boolean,
  factor boolean,
  mitigator boolean,
  created_by uuid NOT NULL,
  type text NOT NULL,
  evidence jsonb,
  properties jsonb,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  script text,
  script_result text,
  CONSTRAINT evidences_pkey PRIMARY KEY (id)
);

CREATE TRIGGER evidences_updated_at BEFORE UPDATE ON evidences FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Hypothesis tree nodes of an incident (type root/factor/solution).
CREATE TABLE hypotheses (
  id uuid DEFAULT generate_ulid() NOT NULL,
  created_by uuid NOT NULL,
  incident_id uuid NOT NULL,
  parent_id uuid,
  owner uuid,
  team_id uuid,
  type text NOT NULL,
  title text NOT NULL,
  status text NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT hypotheses_pkey PRIMARY KEY (id),
  CONSTRAINT hypotheses_type_check CHECK (type = ANY (ARRAY['root'::text, 'factor'::text, 'solution'::text]))
);

CREATE TRIGGER hypotheses_updated_at BEFORE UPDATE ON hypotheses FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Incident change log, written only by triggers.
CREATE TABLE incident_histories (
  id uuid DEFAULT generate_ulid() NOT NULL,
  incident_id uuid NOT NULL,
  created_by uuid NOT NULL,
  type text,
  description text,
  hypothesis_id uuid,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  responder_id uuid,
  evidence_id uuid,
  comment_id uuid,
  CONSTRAINT incident_histories_pkey PRIMARY KEY (id)
);

CREATE TRIGGER incident_histories_updated_at BEFORE UPDATE ON incident_histories FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Incident-to-incident links (no PK).
CREATE TABLE incident_relationships (
  incident_id uuid NOT NULL,
  related_id uuid NOT NULL,
  relationship text NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TRIGGER incident_relationships_updated_at BEFORE UPDATE ON incident_relationships FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Incident rule definitions (spec JSON); name unique.
CREATE TABLE incident_rules (
  id uuid DEFAULT generate_ulid() NOT NULL,
  name text NOT NULL,
  spec jsonb,
  source text,
  created_by uuid NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  deleted_at timestamp with time zone,
  CONSTRAINT incident_rules_pkey PRIMARY KEY (id),
  CONSTRAINT incident_rules_name_key UNIQUE (name)
);

CREATE TRIGGER incident_rules_updated_at BEFORE UPDATE ON incident_rules FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Incidents; incident_id is a display id 'INC-<n>' from a sequence.
CREATE TABLE incidents (
  id uuid DEFAULT generate_ulid() NOT NULL,
  incident_id character varying(10) DEFAULT format_incident_id(nextval('incident_id_sequence'::regclass)) NOT NULL,
  incident_rule_id uuid,
  title text NOT NULL,
  created_by uuid NOT NULL,
  commander_id uuid,
  communicator_id uuid,
  severity text NOT NULL,
  description text NOT NULL,
  type text NOT NULL,
  status text NOT NULL,
  acknowledged timestamp with time zone,
  resolved timestamp with time zone,
  closed timestamp with time zone,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT incidents_pkey PRIMARY KEY (id),
  CONSTRAINT incidents_incident_id_key UNIQUE (incident_id)
);

CREATE TRIGGER incidents_updated_at BEFORE UPDATE ON incidents FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Responders (person, team or external system) of an incident; soft-deleted via deleted_at.
CREATE TABLE responders (
  id uuid DEFAULT generate_ulid() NOT NULL,
  incident_id uuid NOT NULL,
  type text NOT NULL,
  index smallint,
  person_id uuid,
  team_id uuid,
  external_id text,
  properties jsonb,
  acknowledged timestamp with time zone,
  resolved timestamp with time zone,
  closed timestamp with time zone,
  created_by uuid NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  deleted_at timestamp with time zone,
  CONSTRAINT responders_pkey PRIMARY KEY (id)
);

CREATE TRIGGER responders_updated_at BEFORE UPDATE ON responders FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Seeded lookup table (Critical, Blocker, High, Medium, Low) with P-aliases; no PK.
CREATE TABLE severities (
  id integer,
  name text NOT NULL,
  aliases text[],
  icon text
);

-- Stored connections/credentials; unique (name, namespace) among non-deleted.
CREATE TABLE connections (
  id uuid DEFAULT generate_ulid() NOT NULL,
  name text NOT NULL,
  namespace text DEFAULT 'default'::text NOT NULL,
  type text NOT NULL,
  url text,
  source source,
  username text,
  password text,
  certificate text,
  properties jsonb,
  insecure_tls boolean DEFAULT true,
  created_by uuid,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  deleted_at timestamp with time zone,
  CONSTRAINT connections_pkey PRIMARY KEY (id),
  CONSTRAINT connections_name_namespace_key UNIQUE (name, namespace)
);

CREATE TRIGGER connections_updated_at BEFORE UPDATE ON connections FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Internal event queue; unique (name, properties).
CREATE TABLE event_queue (
  id uuid DEFAULT generate_ulid() NOT NULL,
  name text NOT NULL,
  properties jsonb,
  error text,
  delay bigint,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  last_attempt timestamp with time zone,
  attempts integer DEFAULT 0,
  priority integer DEFAULT 100 NOT NULL,
  CONSTRAINT event_queue_pkey PRIMARY KEY (id),
  CONSTRAINT event_queue_name_properties UNIQUE (name, properties)
);

-- Generic integrations table (NOT what integrations_with_status reads).
CREATE TABLE integrations (
  id uuid DEFAULT generate_ulid() NOT NULL,
  name text NOT NULL,
  icon text,
  spec jsonb,
  source text,
  created_by uuid NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT integrations_pkey PRIMARY KEY (id)
);

CREATE TRIGGER integrations_updated_at BEFORE UPDATE ON integrations FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Log backend definitions.
CREATE TABLE logging_backends (
  id uuid DEFAULT generate_ulid() NOT NULL,
  name text NOT NULL,
  labels jsonb,
  spec jsonb NOT NULL,
  source source,
  agent_id uuid,
  created_at timestamp with time zone DEFAULT now(),
  created_by uuid,
  updated_at timestamp with time zone,
  deleted_at timestamp with time zone,
  CONSTRAINT logging_backends_pkey PRIMARY KEY (id)
);

CREATE TRIGGER logging_backends_updated_at BEFORE UPDATE ON logging_backends FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- One row per notification send attempt or suppression.
CREATE TABLE notification_send_history (
  id uuid DEFAULT generate_ulid() NOT NULL,
  notification_id uuid NOT NULL,
  body text,
  status text,
  count integer DEFAULT 1 NOT NULL,
  first_observed timestamp with time zone DEFAULT now() NOT NULL,
  source_event text NOT NULL,
  resource_id uuid NOT NULL,
  person_id uuid,
  error text,
  duration_millis integer,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT notification_send_history_pkey PRIMARY KEY (id)
);

-- Silences for notifications on a resource.
CREATE TABLE notification_silences (
  id uuid DEFAULT generate_ulid() NOT NULL,
  namespace text NOT NULL,
  description text,
  "from" timestamp with time zone NOT NULL,
  until timestamp with time zone NOT NULL,
  recursive boolean,
  config_id uuid,
  check_id uuid,
  canary_id uuid,
  component_id uuid,
  source source,
  created_by uuid,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  deleted_at timestamp with time zone,
  CONSTRAINT notification_silences_pkey PRIMARY KEY (id)
);

CREATE TRIGGER notification_silences_updated_at BEFORE UPDATE ON notification_silences FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Notification rules.
CREATE TABLE notifications (
  id uuid DEFAULT generate_ulid() NOT NULL,
  name text DEFAULT generate_ulid() NOT NULL,
  namespace text,
  events text[] NOT NULL,
  error text,
  title text,
  template text,
  filter text,
  properties jsonb,
  person_id uuid,
  team_id uuid,
  repeat_interval text,
  wait_for bigint,
  group_by text[],
  custom_services jsonb,
  created_by uuid,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  source source,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  deleted_at timestamp with time zone,
  CONSTRAINT notifications_pkey PRIMARY KEY (id),
  CONSTRAINT notifications_name_namespace_key UNIQUE (name, namespace)
);

CREATE TRIGGER notifications_updated_at BEFORE UPDATE ON notifications FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Agent-side data for playbook actions (no PK).
CREATE TABLE playbook_action_agent_data (
  action_id uuid NOT NULL,
  playbook_id uuid NOT NULL,
  run_id uuid NOT NULL,
  spec jsonb NOT NULL,
  env jsonb
);

-- Approvals of a playbook run (no PK).
CREATE TABLE playbook_approvals (
  id uuid DEFAULT generate_ulid() NOT NULL,
  run_id uuid NOT NULL,
  person_id uuid,
  team_id uuid,
  created_at timestamp with time zone DEFAULT now() NOT NULL
);

-- Steps/actions of a playbook run; status TEXT default 'running'.
CREATE TABLE playbook_run_actions (
  id uuid DEFAULT generate_ulid() NOT NULL,
  name text NOT NULL,
  status text DEFAULT 'running'::text NOT NULL,
  playbook_run_id uuid,
  start_time timestamp with time zone,
  scheduled_time timestamp with time zone DEFAULT now() NOT NULL,
  end_time timestamp with time zone,
  result jsonb,
  is_pushed boolean DEFAULT false NOT NULL,
  agent_id uuid DEFAULT '00000000-0000-0000-0000-000000000000'::uuid,
  error text,
  CONSTRAINT playbook_run_actions_pkey PRIMARY KEY (id),
  CONSTRAINT playbook_action_not_null_run_id CHECK (playbook_run_id IS NOT NULL OR agent_id IS NOT NULL)
);

-- Playbook runs; status is TEXT (default 'scheduled') although an enum type exists.
CREATE TABLE playbook_runs (
  id uuid DEFAULT generate_ulid() NOT NULL,
  playbook_id uuid NOT NULL,
  spec jsonb DEFAULT '{}'::jsonb NOT NULL,
  status text DEFAULT 'scheduled'::text NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  start_time timestamp with time zone,
  scheduled_time timestamp with time zone DEFAULT now() NOT NULL,
  end_time timestamp with time zone,
  created_by uuid,
  check_id uuid,
  config_id uuid,
  component_id uuid,
  parameters jsonb,
  request jsonb,
  agent_id uuid DEFAULT '00000000-0000-0000-0000-000000000000'::uuid,
  error text,
  CONSTRAINT playbook_runs_pkey PRIMARY KEY (id)
);

-- Playbook definitions; unique (namespace, name, category) among non-deleted.
CREATE TABLE playbooks (
  id uuid DEFAULT generate_ulid() NOT NULL,
  namespace text DEFAULT 'default'::text NOT NULL,
  name text NOT NULL,
  title text DEFAULT ''::text NOT NULL,
  icon text,
  description text,
  spec jsonb NOT NULL,
  created_by uuid,
  source source NOT NULL,
  category text DEFAULT ''::text NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  deleted_at timestamp with time zone,
  CONSTRAINT playbooks_pkey PRIMARY KEY (id),
  CONSTRAINT playbook_name_namespace_category_key UNIQUE (namespace, name, category)
);

CREATE TRIGGER playbooks_updated_at BEFORE UPDATE ON playbooks FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- Foreign keys, with the contract's constraint names.
ALTER TABLE artifacts ADD CONSTRAINT artifacts_checks_fkey FOREIGN KEY (check_id) REFERENCES checks (id);
ALTER TABLE artifacts ADD CONSTRAINT artifacts_playbook_run_action_fkey FOREIGN KEY (playbook_run_action_id) REFERENCES playbook_run_actions (id);
ALTER TABLE check_component_relationships ADD CONSTRAINT check_component_relationships_canary_id_fkey FOREIGN KEY (canary_id) REFERENCES canaries (id) ON DELETE CASCADE;
ALTER TABLE check_component_relationships ADD CONSTRAINT check_component_relationships_check_id_fkey FOREIGN KEY (check_id) REFERENCES checks (id) ON DELETE CASCADE;
ALTER TABLE check_component_relationships ADD CONSTRAINT check_component_relationships_component_id_fkey FOREIGN KEY (component_id) REFERENCES components (id) ON DELETE CASCADE;
ALTER TABLE check_config_relationships ADD CONSTRAINT check_config_relationships_canary_id_fkey FOREIGN KEY (canary_id) REFERENCES canaries (id) ON DELETE CASCADE;
ALTER TABLE check_config_relationships ADD CONSTRAINT check_config_relationships_check_id_fkey FOREIGN KEY (check_id) REFERENCES checks (id) ON DELETE CASCADE;
ALTER TABLE check_config_relationships ADD CONSTRAINT check_config_relationships_config_id_fkey FOREIGN KEY (config_id) REFERENCES config_items (id) ON DELETE CASCADE DEFERRABLE;
ALTER TABLE permissions ADD CONSTRAINT permissions_canary_id_fkey FOREIGN KEY (canary_id) REFERENCES canaries (id);
ALTER TABLE permissions ADD CONSTRAINT permissions_component_id_fkey FOREIGN KEY (component_id) REFERENCES components (id);
ALTER TABLE permissions ADD CONSTRAINT permissions_config_id_fkey FOREIGN KEY (config_id) REFERENCES config_items (id);
ALTER TABLE permissions ADD CONSTRAINT permissions_connection_id_fkey FOREIGN KEY (connection_id) REFERENCES connections (id);
ALTER TABLE permissions ADD CONSTRAINT permissions_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);
ALTER TABLE permissions ADD CONSTRAINT permissions_person_fkey FOREIGN KEY (person_id) REFERENCES people (id);
ALTER TABLE permissions ADD CONSTRAINT permissions_playbook_id_fkey FOREIGN KEY (playbook_id) REFERENCES playbooks (id);
ALTER TABLE permissions ADD CONSTRAINT permissions_team_fkey FOREIGN KEY (team_id) REFERENCES teams (id);
ALTER TABLE team_components ADD CONSTRAINT team_components_component_id_fkey FOREIGN KEY (component_id) REFERENCES components (id) ON DELETE CASCADE;
ALTER TABLE team_components ADD CONSTRAINT team_components_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE;
ALTER TABLE config_analysis ADD CONSTRAINT config_analysis_config_id_fkey FOREIGN KEY (config_id) REFERENCES config_items (id) ON DELETE CASCADE DEFERRABLE;
ALTER TABLE config_analysis ADD CONSTRAINT config_analysis_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);
ALTER TABLE config_changes ADD CONSTRAINT config_changes_config_id_fkey FOREIGN KEY (config_id) REFERENCES config_items (id) ON DELETE CASCADE DEFERRABLE;
ALTER TABLE config_component_relationships ADD CONSTRAINT config_component_relationships_component_id_fkey FOREIGN KEY (component_id) REFERENCES components (id) ON DELETE CASCADE;
ALTER TABLE config_component_relationships ADD CONSTRAINT config_component_relationships_config_id_fkey FOREIGN KEY (config_id) REFERENCES config_items (id) ON DELETE CASCADE;
ALTER TABLE config_items ADD CONSTRAINT config_items_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES agents (id);
ALTER TABLE config_items ADD CONSTRAINT config_items_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES config_items (id) DEFERRABLE;
ALTER TABLE config_items ADD CONSTRAINT config_items_scraper_id_fkey FOREIGN KEY (scraper_id) REFERENCES config_scrapers (id);
ALTER TABLE config_relationships ADD CONSTRAINT config_relationships_config_id_fkey FOREIGN KEY (config_id) REFERENCES config_items (id) ON DELETE CASCADE DEFERRABLE;
ALTER TABLE config_relationships ADD CONSTRAINT config_relationships_related_id_fkey FOREIGN KEY (related_id) REFERENCES config_items (id) ON DELETE CASCADE DEFERRABLE;
ALTER TABLE config_scrapers ADD CONSTRAINT config_scrapers_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES agents (id);
ALTER TABLE config_scrapers ADD CONSTRAINT config_scrapers_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);
ALTER TABLE component_relationships ADD CONSTRAINT component_relationships_component_id_fkey FOREIGN KEY (component_id) REFERENCES components (id) ON DELETE CASCADE;
ALTER TABLE component_relationships ADD CONSTRAINT component_relationships_relationship_id_fkey FOREIGN KEY (relationship_id) REFERENCES components (id) ON DELETE CASCADE;
ALTER TABLE components ADD CONSTRAINT components_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES agents (id);
ALTER TABLE components ADD CONSTRAINT components_config_id_fkey FOREIGN KEY (config_id) REFERENCES config_items (id);
ALTER TABLE components ADD CONSTRAINT components_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);
ALTER TABLE components ADD CONSTRAINT components_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES components (id);
ALTER TABLE components ADD CONSTRAINT components_topology_id_fkey FOREIGN KEY (topology_id) REFERENCES topologies (id);
ALTER TABLE topologies ADD CONSTRAINT topologies_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES agents (id);
ALTER TABLE topologies ADD CONSTRAINT topologies_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);
ALTER TABLE comment_responders ADD CONSTRAINT comment_responders_comment_id_fkey FOREIGN KEY (comment_id) REFERENCES comments (id);
ALTER TABLE comment_responders ADD CONSTRAINT comment_responders_responder_id_fkey FOREIGN KEY (responder_id) REFERENCES responders (id);
ALTER TABLE comments ADD CONSTRAINT comments_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);
ALTER TABLE comments ADD CONSTRAINT comments_hypothesis_id_fkey FOREIGN KEY (hypothesis_id) REFERENCES hypotheses (id);
ALTER TABLE comments ADD CONSTRAINT comments_incident_id_fkey FOREIGN KEY (incident_id) REFERENCES incidents (id);
ALTER TABLE comments ADD CONSTRAINT comments_responder_id_fkey FOREIGN KEY (responder_id) REFERENCES responders (id);
ALTER TABLE evidences ADD CONSTRAINT evidences_check_id_fkey FOREIGN KEY (check_id) REFERENCES checks (id);
ALTER TABLE evidences ADD CONSTRAINT evidences_component_id_fkey FOREIGN KEY (component_id) REFERENCES components (id);
ALTER TABLE evidences ADD CONSTRAINT evidences_config_analysis_id_fkey FOREIGN KEY (config_analysis_id) REFERENCES config_analysis (id);
ALTER TABLE evidences ADD CONSTRAINT evidences_config_change_id_fkey FOREIGN KEY (config_change_id) REFERENCES config_changes (id);
ALTER TABLE evidences ADD CONSTRAINT evidences_config_id_fkey FOREIGN KEY (config_id) REFERENCES config_items (id);
ALTER TABLE evidences ADD CONSTRAINT evidences_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);
ALTER TABLE evidences ADD CONSTRAINT evidences_hypothesis_id_fkey FOREIGN KEY (hypothesis_id) REFERENCES hypotheses (id);
ALTER TABLE hypotheses ADD CONSTRAINT hypotheses_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);
ALTER TABLE hypotheses ADD CONSTRAINT hypotheses_incident_id_fkey FOREIGN KEY (incident_id) REFERENCES incidents (id);
ALTER TABLE hypotheses ADD CONSTRAINT hypotheses_owner_fkey FOREIGN KEY (owner) REFERENCES responders (id);
ALTER TABLE hypotheses ADD CONSTRAINT hypotheses_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES hypotheses (id);
ALTER TABLE hypotheses ADD CONSTRAINT hypotheses_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id);
ALTER TABLE incident_histories ADD CONSTRAINT incident_histories_comment_id_fkey FOREIGN KEY (comment_id) REFERENCES comments (id);
ALTER TABLE incident_histories ADD CONSTRAINT incident_histories_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);
ALTER TABLE incident_histories ADD CONSTRAINT incident_histories_evidence_id_fkey FOREIGN KEY (evidence_id) REFERENCES evidences (id);
ALTER TABLE incident_histories ADD CONSTRAINT incident_histories_hypothesis_id_fkey FOREIGN KEY (hypothesis_id) REFERENCES hypotheses (id);
ALTER TABLE incident_histories ADD CONSTRAINT incident_histories_incident_id_fkey FOREIGN KEY (incident_id) REFERENCES incidents (id);
ALTER TABLE incident_histories ADD CONSTRAINT incident_histories_responder_id_fkey FOREIGN KEY (responder_id) REFERENCES responders (id);
ALTER TABLE incident_relationships ADD CONSTRAINT incident_relationships_incident_id_fkey FOREIGN KEY (incident_id) REFERENCES incidents (id);
ALTER TABLE incident_relationships ADD CONSTRAINT incident_relationships_related_id_fkey FOREIGN KEY (related_id) REFERENCES incidents (id);
ALTER TABLE incident_rules ADD CONSTRAINT incident_rules_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);
ALTER TABLE incidents ADD CONSTRAINT incidents_commander_id_fkey FOREIGN KEY (commander_id) REFERENCES people (id);
ALTER TABLE incidents ADD CONSTRAINT incidents_communicator_id_fkey FOREIGN KEY (communicator_id) REFERENCES people (id);
ALTER TABLE incidents ADD CONSTRAINT incidents_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);
ALTER TABLE incidents ADD CONSTRAINT incidents_incident_rule_id_fkey FOREIGN KEY (incident_rule_id) REFERENCES incident_rules (id);
ALTER TABLE responders ADD CONSTRAINT responders_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);
ALTER TABLE responders ADD CONSTRAINT responders_incident_id_fkey FOREIGN KEY (incident_id) REFERENCES incidents (id);
ALTER TABLE responders ADD CONSTRAINT responders_person_id_fkey FOREIGN KEY (person_id) REFERENCES people (id);
ALTER TABLE responders ADD CONSTRAINT responders_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id);
ALTER TABLE connections ADD CONSTRAINT connections_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);
ALTER TABLE integrations ADD CONSTRAINT integrations_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);
ALTER TABLE logging_backends ADD CONSTRAINT logging_backends_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);
ALTER TABLE notification_send_history ADD CONSTRAINT notification_id_fkey FOREIGN KEY (notification_id) REFERENCES notifications (id) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE notification_send_history ADD CONSTRAINT notification_recipient_person_id_fkey FOREIGN KEY (person_id) REFERENCES people (id) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE notification_silences ADD CONSTRAINT notification_silence_canary_id_fkey FOREIGN KEY (canary_id) REFERENCES canaries (id) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE notification_silences ADD CONSTRAINT notification_silence_check_id_fkey FOREIGN KEY (check_id) REFERENCES checks (id) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE notification_silences ADD CONSTRAINT notification_silence_component_id_fkey FOREIGN KEY (component_id) REFERENCES components (id) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE notification_silences ADD CONSTRAINT notification_silence_config_id_fkey FOREIGN KEY (config_id) REFERENCES config_items (id) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE notification_silences ADD CONSTRAINT notification_silence_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);
ALTER TABLE notifications ADD CONSTRAINT notification_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);
ALTER TABLE notifications ADD CONSTRAINT notification_person_id_fkey FOREIGN KEY (person_id) REFERENCES people (id) ON DELETE CASCADE;
ALTER TABLE notifications ADD CONSTRAINT notification_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE;
ALTER TABLE playbook_action_agent_data ADD CONSTRAINT playbook_action_template_env_agent_action_id_fkey FOREIGN KEY (action_id) REFERENCES playbook_run_actions (id) ON DELETE CASCADE;
ALTER TABLE playbook_approvals ADD CONSTRAINT playbook_approval_person_approver_fkey FOREIGN KEY (person_id) REFERENCES people (id);
ALTER TABLE playbook_approvals ADD CONSTRAINT playbook_approval_run_id_fkey FOREIGN KEY (run_id) REFERENCES playbook_runs (id);
ALTER TABLE playbook_approvals ADD CONSTRAINT playbook_approval_team_approver_fkey FOREIGN KEY (team_id) REFERENCES teams (id);
ALTER TABLE playbook_run_actions ADD CONSTRAINT playbook_run_playbook_run_id_fkey FOREIGN KEY (playbook_run_id) REFERENCES playbook_runs (id) ON DELETE CASCADE;
ALTER TABLE playbook_runs ADD CONSTRAINT playbook_run_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES agents (id);
ALTER TABLE playbook_runs ADD CONSTRAINT playbook_run_check_id_fkey FOREIGN KEY (check_id) REFERENCES checks (id);
ALTER TABLE playbook_runs ADD CONSTRAINT playbook_run_component_id_fkey FOREIGN KEY (component_id) REFERENCES components (id);
ALTER TABLE playbook_runs ADD CONSTRAINT playbook_run_config_id_fkey FOREIGN KEY (config_id) REFERENCES config_items (id);
ALTER TABLE playbook_runs ADD CONSTRAINT playbook_run_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);
ALTER TABLE playbook_runs ADD CONSTRAINT playbook_run_playbook_id_fkey FOREIGN KEY (playbook_id) REFERENCES playbooks (id) ON DELETE CASCADE;
ALTER TABLE playbooks ADD CONSTRAINT playbook_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);

-- Seed rows every Mission Control database has (schema.md §0.1).
INSERT INTO severities (id, name, aliases, icon) VALUES
  (1, 'Critical', ARRAY['P1'], 'error'),
  (2, 'Blocker', ARRAY['P2'], 'error'),
  (3, 'High', ARRAY['P3'], 'warning'),
  (4, 'Medium', ARRAY['P4'], 'info'),
  (5, 'Low', ARRAY['P4'], 'info');
