-- Agents and people (schema.md §2). Tables first, then the foreign keys (people and teams
-- reference each other), then the seed rows and the identity sync.

CREATE SEQUENCE casbin_rule_id_seq;

CREATE TABLE agents (
  id uuid DEFAULT generate_ulid() NOT NULL,
  name text NOT NULL,
  hostname text,
  description text,
  ip text,
  version text,
  username text,
  person_id uuid,
  properties jsonb,
  tls text,
  created_by uuid,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  cleanup boolean DEFAULT false NOT NULL,
  deleted_at timestamp with time zone,
  last_seen timestamp with time zone,
  last_received timestamp with time zone,
  CONSTRAINT agents_pkey PRIMARY KEY (id)
);
CREATE UNIQUE INDEX agents_name_key ON agents (name) WHERE deleted_at IS NULL;

CREATE TABLE people (
  id uuid DEFAULT generate_ulid() NOT NULL,
  name text NOT NULL,
  avatar text,
  type text,
  team_id uuid,
  organization text,
  title text,
  email text,
  phone text,
  properties jsonb,
  external_id text,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone,
  deleted_at timestamp with time zone,
  last_login timestamp with time zone,
  CONSTRAINT people_pkey PRIMARY KEY (id)
);
CREATE UNIQUE INDEX people_email_unique_idx ON people (email) WHERE deleted_at IS NULL;

CREATE TABLE casbin_rule (
  id bigint DEFAULT nextval('casbin_rule_id_seq'::regclass) NOT NULL,
  ptype character varying(100) NOT NULL,
  v0 character varying(100) NOT NULL,
  v1 character varying(100) NOT NULL,
  v2 character varying(100),
  v3 character varying(100),
  v4 character varying(100),
  v5 character varying(100),
  CONSTRAINT casbin_rule_pkey PRIMARY KEY (id)
);
ALTER TABLE casbin_rule ADD CONSTRAINT casbin_rule_idx UNIQUE (ptype, v0, v1, v2, v3, v4, v5);

CREATE TABLE teams (
  id uuid DEFAULT generate_ulid() NOT NULL,
  name text NOT NULL,
  icon text,
  spec jsonb,
  source text,
  created_by uuid NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  deleted_at timestamp with time zone,
  CONSTRAINT teams_pkey PRIMARY KEY (id)
);
ALTER TABLE teams ADD CONSTRAINT team_name_key UNIQUE (name);

CREATE TABLE team_members (
  team_id uuid NOT NULL,
  person_id uuid NOT NULL,
  CONSTRAINT team_members_pkey PRIMARY KEY (team_id, person_id)
);

CREATE TABLE access_tokens (
  id uuid DEFAULT generate_ulid() NOT NULL,
  name text NOT NULL,
  person_id uuid NOT NULL,
  value text NOT NULL,
  created_at timestamp with time zone NOT NULL,
  expires_at timestamp with time zone,
  CONSTRAINT access_tokens_pkey PRIMARY KEY (id)
);
ALTER TABLE access_tokens ADD CONSTRAINT access_tokens_person_name_unique_key UNIQUE (person_id, name);

ALTER TABLE agents ADD CONSTRAINT agents_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);
ALTER TABLE people ADD CONSTRAINT people_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id);
ALTER TABLE teams ADD CONSTRAINT teams_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id);
ALTER TABLE team_members ADD CONSTRAINT team_members_person_id_fkey FOREIGN KEY (person_id) REFERENCES people (id);
ALTER TABLE team_members ADD CONSTRAINT team_members_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id);
ALTER TABLE access_tokens ADD CONSTRAINT access_tokens_person_fkey FOREIGN KEY (person_id) REFERENCES people (id) ON DELETE CASCADE;



ALTER SEQUENCE casbin_rule_id_seq OWNED BY casbin_rule.id;

-- Vigil manages its own accounts, so it provides the identity provider's relation (schema.md
-- `identities`, Vigil note) and keeps people in sync with it like Mission Control's trigger.
CREATE TABLE identities (
  id uuid DEFAULT generate_ulid() NOT NULL,
  schema_id character varying DEFAULT 'default',
  traits jsonb,
  state character varying DEFAULT 'active',
  state_changed_at timestamp without time zone DEFAULT (now() AT TIME ZONE 'UTC'),
  created_at timestamp without time zone DEFAULT (now() AT TIME ZONE 'UTC'),
  updated_at timestamp without time zone DEFAULT (now() AT TIME ZONE 'UTC'),
  nid uuid,
  metadata_public jsonb,
  metadata_admin jsonb,
  CONSTRAINT identities_pkey PRIMARY KEY (id)
);

CREATE OR REPLACE FUNCTION delete_person(person_id uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM casbin_rule WHERE v0 = person_id::text;
  UPDATE people SET deleted_at = now() WHERE id = person_id AND deleted_at IS NULL;
END;
$$;

CREATE OR REPLACE FUNCTION sync_identity_to_people() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM delete_person(OLD.id);
    RETURN OLD;
  END IF;
  INSERT INTO people (id, name, email, type)
  VALUES (
    NEW.id,
    trim(coalesce(NEW.traits -> 'name' ->> 'first', '') || ' ' || coalesce(NEW.traits -> 'name' ->> 'last', '')),
    NEW.traits ->> 'email',
    NULL
  )
  ON CONFLICT (id) DO UPDATE SET name = excluded.name, email = excluded.email;
  RETURN NEW;
END;
$$;

CREATE TRIGGER identities_sync_people
AFTER INSERT OR UPDATE OR DELETE ON identities
FOR EACH ROW EXECUTE FUNCTION sync_identity_to_people();

CREATE TRIGGER agents_updated_at BEFORE UPDATE ON agents
FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();
CREATE TRIGGER people_updated_at BEFORE UPDATE ON people
FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();
CREATE TRIGGER teams_updated_at BEFORE UPDATE ON teams
FOR EACH ROW EXECUTE FUNCTION update_updated_at_column();

-- A soft-deleted agent loses its access tokens (schema.md §2).
CREATE OR REPLACE FUNCTION expire_agent_tokens() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL AND NEW.person_id IS NOT NULL THEN
    UPDATE access_tokens SET expires_at = now()
    WHERE person_id = NEW.person_id AND (expires_at IS NULL OR expires_at > now());
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER agents_expire_tokens AFTER UPDATE ON agents
FOR EACH ROW EXECUTE FUNCTION expire_agent_tokens();

INSERT INTO people (name, type) VALUES ('System', 'system');
INSERT INTO agents (id, name) VALUES ('00000000-0000-0000-0000-000000000000', 'local');
