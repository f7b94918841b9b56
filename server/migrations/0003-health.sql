-- Health: canaries, checks and their status history (schema.md §1).

CREATE TABLE canaries (
  id uuid DEFAULT generate_ulid() NOT NULL,
  agent_id uuid DEFAULT '00000000-0000-0000-0000-000000000000'::uuid NOT NULL,
  name text NOT NULL,
  namespace text NOT NULL,
  labels jsonb,
  annotations jsonb,
  spec jsonb NOT NULL,
  source text,
  is_pushed boolean DEFAULT false NOT NULL,
  created_at timestamp with time zone DEFAULT now(),
  created_by uuid,
  updated_at timestamp with time zone DEFAULT now(),
  deleted_at timestamp with time zone,
  CONSTRAINT canaries_pkey PRIMARY KEY (id)
);
CREATE UNIQUE INDEX canaries_name_namespace_source_key ON canaries (agent_id, name, namespace, source) WHERE (deleted_at IS NULL) AND (agent_id = '00000000-0000-0000-0000-000000000000'::uuid);

CREATE TABLE checks (
  id uuid DEFAULT generate_ulid() NOT NULL,
  canary_id uuid NOT NULL,
  agent_id uuid DEFAULT '00000000-0000-0000-0000-000000000000'::uuid NOT NULL,
  type text NOT NULL,
  name text NOT NULL,
  namespace text,
  description text,
  icon text,
  spec jsonb,
  labels jsonb,
  owner text,
  severity text,
  category text,
  is_pushed boolean DEFAULT false NOT NULL,
  transformed boolean,
  last_runtime timestamp with time zone,
  last_transition_time timestamp with time zone,
  next_runtime timestamp with time zone,
  silenced_at timestamp with time zone,
  status text,
  created_at timestamp with time zone,
  updated_at timestamp with time zone,
  deleted_at timestamp with time zone,
  CONSTRAINT checks_pkey PRIMARY KEY (id)
);
ALTER TABLE checks ADD CONSTRAINT checks_canary_id_type_name_agent_id_key UNIQUE (canary_id, type, name, agent_id);

CREATE TABLE check_statuses (
  check_id uuid NOT NULL,
  details jsonb,
  duration integer,
  error text,
  time timestamp with time zone NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  invalid boolean,
  message text,
  status boolean,
  severity text,
  is_pushed boolean DEFAULT false NOT NULL,
  CONSTRAINT check_statuses_pkey PRIMARY KEY (check_id, time)
);

CREATE TABLE check_statuses_1d (
  check_id uuid NOT NULL,
  created_at timestamp with time zone NOT NULL,
  duration integer NOT NULL,
  total integer NOT NULL,
  passed integer NOT NULL,
  failed integer NOT NULL,
  CONSTRAINT check_statuses_1d_pkey PRIMARY KEY (check_id, created_at)
);

CREATE TABLE check_statuses_1h (
  check_id uuid NOT NULL,
  created_at timestamp with time zone NOT NULL,
  duration integer NOT NULL,
  total integer NOT NULL,
  passed integer NOT NULL,
  failed integer NOT NULL,
  CONSTRAINT check_statuses_1h_pkey PRIMARY KEY (check_id, created_at)
);

ALTER TABLE canaries ADD CONSTRAINT canaries_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES agents (id);
ALTER TABLE canaries ADD CONSTRAINT canaries_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);
ALTER TABLE checks ADD CONSTRAINT checks_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES agents (id);
ALTER TABLE checks ADD CONSTRAINT checks_canary_id_fkey FOREIGN KEY (canary_id) REFERENCES canaries (id) ON DELETE CASCADE;
ALTER TABLE check_statuses ADD CONSTRAINT check_statuses_check_id_fkey FOREIGN KEY (check_id) REFERENCES checks (id) ON DELETE CASCADE;
ALTER TABLE check_statuses_1d ADD CONSTRAINT check_statuses_aggr_check_id_fkey FOREIGN KEY (check_id) REFERENCES checks (id) ON DELETE CASCADE;
ALTER TABLE check_statuses_1h ADD CONSTRAINT check_statuses_aggr_check_id_fkey FOREIGN KEY (check_id) REFERENCES checks (id) ON DELETE CASCADE;



-- The summary and the graph read the last hour (or a range) across all checks.
CREATE INDEX check_statuses_time_idx ON check_statuses (time DESC);
CREATE INDEX checks_canary_id_idx ON checks (canary_id);

CREATE TRIGGER canaries_updated_at BEFORE UPDATE ON canaries
FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();
CREATE TRIGGER checks_updated_at BEFORE UPDATE ON checks
FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- A status change stamps last_transition_time, unless the writer set it in the same update.
CREATE OR REPLACE FUNCTION checks_status_transition() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status
     AND NEW.last_transition_time IS NOT DISTINCT FROM OLD.last_transition_time THEN
    NEW.last_transition_time := now();
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER checks_last_transition_time BEFORE UPDATE ON checks
FOR EACH ROW EXECUTE FUNCTION checks_status_transition();

-- Soft-deleting a canary soft-deletes its checks.
CREATE OR REPLACE FUNCTION canaries_cascade_soft_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL THEN
    UPDATE checks SET deleted_at = NEW.deleted_at WHERE canary_id = NEW.id AND deleted_at IS NULL;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER canaries_soft_delete AFTER UPDATE ON canaries
FOR EACH ROW EXECUTE FUNCTION canaries_cascade_soft_delete();
