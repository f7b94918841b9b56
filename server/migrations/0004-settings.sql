-- Settings relations the walking skeleton needs: properties (feature flags) and job_history
-- (read by canaries_with_status).

CREATE TABLE properties (
  name text NOT NULL,
  value text NOT NULL,
  created_by uuid,
  created_at timestamp with time zone DEFAULT now(),
  updated_at timestamp with time zone DEFAULT now(),
  deleted_at timestamp with time zone,
  CONSTRAINT properties_pkey PRIMARY KEY (name)
);

CREATE TABLE job_history (
  id uuid DEFAULT generate_ulid() NOT NULL,
  agent_id uuid DEFAULT '00000000-0000-0000-0000-000000000000'::uuid NOT NULL,
  name text,
  success_count integer,
  error_count integer,
  details jsonb,
  hostname text,
  duration_millis integer,
  resource_type text,
  resource_id text,
  status text,
  time_start timestamp with time zone,
  time_end timestamp with time zone,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  is_pushed boolean DEFAULT false NOT NULL,
  CONSTRAINT job_history_pkey PRIMARY KEY (id)
);

ALTER TABLE properties ADD CONSTRAINT properties_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);



CREATE INDEX job_history_resource_id_idx ON job_history (resource_id, created_at DESC);

CREATE TRIGGER properties_updated_at BEFORE UPDATE ON properties
FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();
