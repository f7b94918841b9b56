-- Test schema for the PostgREST engine: small, but with the tricky shapes of Mission Control's
-- schema (two FKs between one pair of tables, FK-name hints, views embedded through column
-- lineage, a UNION view, composite keys, jsonb/text[]/enum columns, constraints, functions).

CREATE TYPE source AS ENUM ('KubernetesCRD', 'ConfigFile', 'UI', 'Topology', 'Push', 'CRDSync');

CREATE TABLE people (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text UNIQUE,
  avatar text,
  created_at timestamptz DEFAULT now()
);

CREATE TABLE agents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE,
  description text,
  properties jsonb,
  created_by uuid CONSTRAINT agents_created_by_fkey REFERENCES people(id),
  created_at timestamptz DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE teams (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  icon text,
  spec jsonb,
  created_by uuid CONSTRAINT teams_created_by_fkey REFERENCES people(id),
  created_at timestamptz DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE team_members (
  team_id uuid NOT NULL CONSTRAINT team_members_team_id_fkey REFERENCES teams(id),
  person_id uuid NOT NULL CONSTRAINT team_members_person_id_fkey REFERENCES people(id),
  PRIMARY KEY (team_id, person_id)
);

CREATE TABLE canaries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000'
    CONSTRAINT canaries_agent_id_fkey REFERENCES agents(id),
  name text NOT NULL,
  namespace text NOT NULL,
  labels jsonb,
  spec jsonb NOT NULL DEFAULT '{}',
  source text,
  created_by uuid CONSTRAINT canaries_created_by_fkey REFERENCES people(id),
  created_at timestamptz DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE checks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  canary_id uuid NOT NULL CONSTRAINT checks_canary_id_fkey REFERENCES canaries(id),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000'
    CONSTRAINT checks_agent_id_fkey REFERENCES agents(id),
  name text NOT NULL,
  type text,
  status text,
  labels jsonb,
  created_at timestamptz DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE check_statuses (
  check_id uuid NOT NULL CONSTRAINT check_statuses_check_id_fkey REFERENCES checks(id),
  time timestamptz NOT NULL,
  duration integer,
  status boolean,
  message text,
  PRIMARY KEY (check_id, time)
);

CREATE TABLE config_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text,
  type text,
  config_class text,
  status text,
  health text,
  labels jsonb,
  tags text[],
  agent_id uuid CONSTRAINT config_items_agent_id_fkey REFERENCES agents(id),
  cost numeric,
  created_at timestamptz DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE config_relationships (
  config_id uuid NOT NULL CONSTRAINT config_relationships_config_id_fkey REFERENCES config_items(id),
  related_id uuid NOT NULL CONSTRAINT config_relationships_related_id_fkey REFERENCES config_items(id),
  relation text,
  created_at timestamptz DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (config_id, related_id)
);

CREATE TABLE config_analysis (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  config_id uuid NOT NULL CONSTRAINT config_analysis_config_id_fkey REFERENCES config_items(id),
  analyzer text NOT NULL,
  message text,
  severity text,
  first_observed timestamptz DEFAULT now()
);

-- Live aggregates; `id` and `agent_id` are plain projections, so they inherit config_items' FKs.
CREATE VIEW configs AS
SELECT ci.id, ci.name, ci.type, ci.config_class, ci.status, ci.health, ci.labels, ci.tags,
  ci.agent_id, ci.created_at, ci.updated_at, ci.deleted_at,
  (SELECT count(*) FROM config_relationships r WHERE r.config_id = ci.id) AS related_count
FROM config_items ci;

CREATE TABLE topologies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  namespace text,
  source source NOT NULL DEFAULT 'UI',
  agent_id uuid CONSTRAINT topologies_agent_id_fkey REFERENCES agents(id),
  created_by uuid CONSTRAINT topologies_created_by_fkey REFERENCES people(id),
  created_at timestamptz DEFAULT now(),
  deleted_at timestamptz
);

-- `agent` is a computed column; `select=*,agent:agent_id(...)` must emit the embed under `agent`.
CREATE VIEW topologies_with_status AS
SELECT t.id, t.name, t.namespace, t.source, t.agent_id, t.created_by, t.created_at, t.deleted_at,
  'agent-text'::text AS agent
FROM topologies t;

-- A UNION view has no column lineage: nothing embeds from it.
CREATE VIEW integrations_with_status AS
SELECT id, name, created_by, 'topology' AS integration_type FROM topologies
UNION ALL
SELECT id, name, created_by, 'canary' AS integration_type FROM canaries;

CREATE TABLE incidents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id varchar(10) UNIQUE,
  title text NOT NULL,
  description text,
  severity text,
  type text,
  status text NOT NULL DEFAULT 'open' CONSTRAINT incidents_status_check
    CHECK (status IN ('open', 'closed', 'mitigated', 'resolved', 'investigating', 'cancelled')),
  created_by uuid CONSTRAINT incidents_created_by_fkey REFERENCES people(id),
  commander_id uuid CONSTRAINT incidents_commander_id_fkey REFERENCES people(id),
  communicator_id uuid CONSTRAINT incidents_communicator_id_fkey REFERENCES people(id),
  created_at timestamptz DEFAULT now(),
  updated_at timestamptz DEFAULT now()
);

CREATE TABLE hypotheses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id uuid NOT NULL CONSTRAINT hypotheses_incident_id_fkey REFERENCES incidents(id),
  parent_id uuid CONSTRAINT hypotheses_parent_id_fkey REFERENCES hypotheses(id),
  title text,
  type text,
  status text,
  created_by uuid CONSTRAINT hypotheses_created_by_fkey REFERENCES people(id),
  created_at timestamptz DEFAULT now()
);

CREATE TABLE evidences (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  hypothesis_id uuid NOT NULL CONSTRAINT evidences_hypothesis_id_fkey REFERENCES hypotheses(id),
  description text NOT NULL,
  type text,
  component_id uuid,
  config_id uuid CONSTRAINT evidences_config_id_fkey REFERENCES config_items(id),
  evidence jsonb,
  done boolean,
  created_by uuid CONSTRAINT evidences_created_by_fkey REFERENCES people(id),
  created_at timestamptz DEFAULT now()
);

CREATE TABLE responders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id uuid NOT NULL CONSTRAINT responders_incident_id_fkey REFERENCES incidents(id),
  type text NOT NULL,
  person_id uuid CONSTRAINT responders_person_id_fkey REFERENCES people(id),
  team_id uuid CONSTRAINT responders_team_id_fkey REFERENCES teams(id),
  properties jsonb,
  created_by uuid CONSTRAINT responders_created_by_fkey REFERENCES people(id),
  created_at timestamptz DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id uuid CONSTRAINT comments_incident_id_fkey REFERENCES incidents(id),
  hypothesis_id uuid CONSTRAINT comments_hypothesis_id_fkey REFERENCES hypotheses(id),
  responder_id uuid CONSTRAINT comments_responder_id_fkey REFERENCES responders(id),
  comment text NOT NULL,
  created_by uuid CONSTRAINT comments_created_by_fkey REFERENCES people(id),
  created_at timestamptz DEFAULT now()
);

CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  events text[] NOT NULL DEFAULT '{}',
  title text,
  source source,
  properties jsonb,
  person_id uuid CONSTRAINT notification_person_id_fkey REFERENCES people(id),
  created_at timestamptz DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE properties (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_by uuid CONSTRAINT properties_created_by_fkey REFERENCES people(id)
);

CREATE TABLE job_histories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  resource_type text,
  status text,
  duration_millis integer,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- RPC: configs related to one config (either direction), as rows of config_items.
CREATE FUNCTION related_configs(config_id uuid, include_deleted boolean DEFAULT false)
RETURNS SETOF config_items LANGUAGE sql STABLE AS $$
  SELECT ci.* FROM config_items ci
  WHERE ci.id IN (
    SELECT r.related_id FROM config_relationships r WHERE r.config_id = related_configs.config_id
    UNION
    SELECT r.config_id FROM config_relationships r WHERE r.related_id = related_configs.config_id)
  AND (include_deleted OR ci.deleted_at IS NULL)
$$;

CREATE FUNCTION lookup_analysis_by_config(id uuid)
RETURNS TABLE (analysis_id uuid, analyzer text, severity text) LANGUAGE sql STABLE AS $$
  SELECT a.id, a.analyzer, a.severity FROM config_analysis a WHERE a.config_id = lookup_analysis_by_config.id
$$;

CREATE FUNCTION add_numbers(a integer, b integer DEFAULT 1) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT a + b
$$;

CREATE FUNCTION tag_count(tags text[]) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_length(tags, 1), 0)
$$;

-- Sleeps, for the statement-timeout test.
CREATE FUNCTION pause(ms integer) RETURNS integer LANGUAGE sql VOLATILE AS $$
  SELECT 1 FROM pg_sleep(ms / 1000.0)
$$;

-- RPC shapes: a set of scalars, a volatile function that writes, a void function.
CREATE FUNCTION numbers(n integer) RETURNS SETOF integer LANGUAGE sql IMMUTABLE AS $$
  SELECT generate_series(1, n)
$$;

CREATE FUNCTION set_property(name text, value text) RETURNS SETOF properties LANGUAGE sql VOLATILE AS $$
  INSERT INTO properties (name, value) VALUES (set_property.name, set_property.value)
  ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value RETURNING *
$$;

CREATE FUNCTION noop() RETURNS void LANGUAGE sql STABLE AS $$
  SELECT NULL::void
$$;

-- Seed data: fixed ids so tests can refer to them.
INSERT INTO people (id, name, email, avatar, created_at) VALUES
  ('00000000-0000-0000-0000-0000000000e1', 'Alice', 'alice@example.com', 'a.png', '2024-10-01T00:00:00Z'),
  ('00000000-0000-0000-0000-0000000000e2', 'Bob', 'bob@example.com', NULL, '2024-10-02T00:00:00Z'),
  ('00000000-0000-0000-0000-0000000000e3', 'Carol', NULL, 'c.png', '2024-10-03T00:00:00Z');

INSERT INTO agents (id, name, description, created_by, created_at) VALUES
  ('00000000-0000-0000-0000-000000000000', 'local', 'the local instance', NULL, '2024-09-01T00:00:00Z'),
  ('00000000-0000-0000-0000-0000000000a1', 'edge-1', 'edge agent', '00000000-0000-0000-0000-0000000000e1', '2024-09-02T00:00:00Z');

INSERT INTO teams (id, name, icon, spec, created_by) VALUES
  ('00000000-0000-0000-0000-0000000000f1', 'SRE', 'sre.svg', '{"responder_clients": {}}', '00000000-0000-0000-0000-0000000000e1'),
  ('00000000-0000-0000-0000-0000000000f2', 'Dev', NULL, NULL, '00000000-0000-0000-0000-0000000000e2');

INSERT INTO team_members (team_id, person_id) VALUES
  ('00000000-0000-0000-0000-0000000000f1', '00000000-0000-0000-0000-0000000000e1'),
  ('00000000-0000-0000-0000-0000000000f1', '00000000-0000-0000-0000-0000000000e2'),
  ('00000000-0000-0000-0000-0000000000f2', '00000000-0000-0000-0000-0000000000e2');

INSERT INTO canaries (id, agent_id, name, namespace, labels, source, created_by, created_at) VALUES
  ('00000000-0000-0000-0000-0000000000c1', '00000000-0000-0000-0000-000000000000', 'http-checks', 'default',
    '{"team": "sre", "app.kubernetes.io/name": "web"}', 'UI', '00000000-0000-0000-0000-0000000000e1', '2024-10-10T00:00:00Z'),
  ('00000000-0000-0000-0000-0000000000c2', '00000000-0000-0000-0000-0000000000a1', 'tcp-checks', 'infra',
    '{"team": "dev"}', NULL, NULL, '2024-10-11T00:00:00Z');

INSERT INTO checks (id, canary_id, agent_id, name, type, status, labels, created_at) VALUES
  ('00000000-0000-0000-0000-0000000000d1', '00000000-0000-0000-0000-0000000000c1', '00000000-0000-0000-0000-000000000000',
    'homepage', 'http', 'healthy', '{"tier": "frontend"}', '2024-10-12T00:00:00Z'),
  ('00000000-0000-0000-0000-0000000000d2', '00000000-0000-0000-0000-0000000000c1', '00000000-0000-0000-0000-000000000000',
    'api, v2 (beta)', 'http', 'unhealthy', NULL, '2024-10-13T00:00:00Z'),
  ('00000000-0000-0000-0000-0000000000d3', '00000000-0000-0000-0000-0000000000c2', '00000000-0000-0000-0000-0000000000a1',
    'db-port', 'tcp', 'healthy', '{"tier": "backend"}', '2024-10-14T00:00:00Z');

-- 30 statuses for d1, alternating; durations 10..300.
INSERT INTO check_statuses (check_id, time, duration, status, message)
SELECT '00000000-0000-0000-0000-0000000000d1', '2024-10-20T00:00:00Z'::timestamptz + make_interval(mins => i),
  i * 10, i % 2 = 0, CASE WHEN i % 5 = 0 THEN NULL ELSE 'run ' || i END
FROM generate_series(1, 30) AS i;

INSERT INTO config_items (id, name, type, config_class, status, health, labels, tags, agent_id, cost, created_at, deleted_at) VALUES
  ('00000000-0000-0000-0000-000000000101', 'web-deploy', 'Kubernetes::Deployment', 'Deployment', 'Running', 'healthy',
    '{"app": "web", "app.kubernetes.io/name": "web"}', '{prod,eu}', '00000000-0000-0000-0000-000000000000', 1.5, '2024-10-01T00:00:00Z', NULL),
  ('00000000-0000-0000-0000-000000000102', 'web-pod', 'Kubernetes::Pod', 'Pod', 'Running', 'warning',
    '{"app": "web"}', '{prod}', '00000000-0000-0000-0000-0000000000a1', NULL, '2024-10-02T00:00:00Z', NULL),
  ('00000000-0000-0000-0000-000000000103', 'db', 'AWS::RDS', 'Database', 'Stopped', 'unhealthy',
    '{"app": "db"}', '{}', NULL, 3, '2024-10-03T00:00:00Z', NULL),
  ('00000000-0000-0000-0000-000000000104', 'old-node', 'Kubernetes::Node', 'Node', 'Terminated', NULL,
    NULL, NULL, NULL, NULL, '2024-09-01T00:00:00Z', '2024-10-05T00:00:00Z');

INSERT INTO config_relationships (config_id, related_id, relation) VALUES
  ('00000000-0000-0000-0000-000000000101', '00000000-0000-0000-0000-000000000102', 'DeploymentPod'),
  ('00000000-0000-0000-0000-000000000103', '00000000-0000-0000-0000-000000000101', 'DatabaseDeployment'),
  ('00000000-0000-0000-0000-000000000101', '00000000-0000-0000-0000-000000000104', 'DeploymentNode');

INSERT INTO config_analysis (id, config_id, analyzer, message, severity) VALUES
  ('00000000-0000-0000-0000-000000000201', '00000000-0000-0000-0000-000000000101', 'trivy', 'CVE', 'high'),
  ('00000000-0000-0000-0000-000000000202', '00000000-0000-0000-0000-000000000101', 'kube-score', 'no limits', 'low'),
  ('00000000-0000-0000-0000-000000000203', '00000000-0000-0000-0000-000000000103', 'aws', 'public', 'critical');

INSERT INTO topologies (id, name, namespace, source, agent_id, created_by) VALUES
  ('00000000-0000-0000-0000-000000000301', 'cluster', 'default', 'KubernetesCRD', '00000000-0000-0000-0000-0000000000a1', '00000000-0000-0000-0000-0000000000e1');

INSERT INTO incidents (id, incident_id, title, severity, type, status, created_by, commander_id, communicator_id, created_at) VALUES
  ('00000000-0000-0000-0000-000000000401', 'INC-1', 'Website down', 'Critical', 'availability', 'open',
    '00000000-0000-0000-0000-0000000000e1', '00000000-0000-0000-0000-0000000000e1', '00000000-0000-0000-0000-0000000000e2', '2024-10-20T00:00:00Z'),
  ('00000000-0000-0000-0000-000000000402', 'INC-2', 'Slow database', 'High', 'technicalDebt', 'closed',
    '00000000-0000-0000-0000-0000000000e2', '00000000-0000-0000-0000-0000000000e2', NULL, '2024-10-21T00:00:00Z'),
  ('00000000-0000-0000-0000-000000000403', 'INC-3', 'Cost spike', 'Low', 'cost', 'open',
    '00000000-0000-0000-0000-0000000000e3', NULL, NULL, '2024-10-22T00:00:00Z');

INSERT INTO hypotheses (id, incident_id, parent_id, title, type, status, created_by, created_at) VALUES
  ('00000000-0000-0000-0000-000000000501', '00000000-0000-0000-0000-000000000401', NULL, 'Website down', 'root', 'possible', '00000000-0000-0000-0000-0000000000e1', '2024-10-20T00:01:00Z'),
  ('00000000-0000-0000-0000-000000000502', '00000000-0000-0000-0000-000000000401', '00000000-0000-0000-0000-000000000501', 'Bad deploy', 'factor', 'likely', '00000000-0000-0000-0000-0000000000e2', '2024-10-20T00:02:00Z'),
  ('00000000-0000-0000-0000-000000000503', '00000000-0000-0000-0000-000000000402', NULL, 'Slow database', 'root', 'possible', '00000000-0000-0000-0000-0000000000e2', '2024-10-21T00:01:00Z');

INSERT INTO evidences (id, hypothesis_id, description, type, component_id, config_id, evidence, done, created_by) VALUES
  ('00000000-0000-0000-0000-000000000601', '00000000-0000-0000-0000-000000000502', 'deploy log', 'config',
    '00000000-0000-0000-0000-000000000c0c', '00000000-0000-0000-0000-000000000101', '{"lines": [1, 2]}', false, '00000000-0000-0000-0000-0000000000e2'),
  ('00000000-0000-0000-0000-000000000602', '00000000-0000-0000-0000-000000000503', 'slow queries', 'topology',
    '00000000-0000-0000-0000-000000000c0d', NULL, NULL, true, '00000000-0000-0000-0000-0000000000e1');

INSERT INTO responders (id, incident_id, type, person_id, team_id, created_by, deleted_at) VALUES
  ('00000000-0000-0000-0000-000000000701', '00000000-0000-0000-0000-000000000401', 'person', '00000000-0000-0000-0000-0000000000e2', NULL, '00000000-0000-0000-0000-0000000000e1', NULL),
  ('00000000-0000-0000-0000-000000000702', '00000000-0000-0000-0000-000000000401', 'Email', NULL, '00000000-0000-0000-0000-0000000000f1', '00000000-0000-0000-0000-0000000000e1', NULL),
  ('00000000-0000-0000-0000-000000000703', '00000000-0000-0000-0000-000000000401', 'person', '00000000-0000-0000-0000-0000000000e3', NULL, '00000000-0000-0000-0000-0000000000e1', '2024-10-20T05:00:00Z');

INSERT INTO comments (id, incident_id, hypothesis_id, responder_id, comment, created_by, created_at) VALUES
  ('00000000-0000-0000-0000-000000000801', '00000000-0000-0000-0000-000000000401', '00000000-0000-0000-0000-000000000501',
    '00000000-0000-0000-0000-000000000702', 'looking', '00000000-0000-0000-0000-0000000000e1', '2024-10-20T00:03:00Z'),
  ('00000000-0000-0000-0000-000000000802', '00000000-0000-0000-0000-000000000401', '00000000-0000-0000-0000-000000000501',
    NULL, 'found it', '00000000-0000-0000-0000-0000000000e2', '2024-10-20T00:04:00Z');

INSERT INTO notifications (id, events, title, source, properties) VALUES
  ('00000000-0000-0000-0000-000000000901', '{incident.created,check.failed}', 'n1', 'UI', '{"a": 1}');

INSERT INTO properties (name, value) VALUES ('incidents.disable', 'false'), ('logs.disable', 'true');

INSERT INTO job_histories (name, resource_type, status, duration_millis, created_at) VALUES
  ('SyncCanaries', 'canary', 'SUCCESS', 100, now() - interval '1 hour'),
  ('SyncCanaries', 'canary', 'FAILED', 2000, now() - interval '3 days'),
  ('ScrapeConfigs', 'config_scraper', 'WARNING', 500, now() - interval '10 minutes'),
  ('CleanupEvents', NULL, 'SUCCESS', 10, now() - interval '30 days');
