-- Database-wide objects of the contract (schema.md §0.1): extensions, time-ordered ids, the
-- `source` enum and the shared updated_at trigger function. Runs on PGlite and PostgreSQL 15+.

CREATE EXTENSION IF NOT EXISTS pgcrypto;
CREATE EXTENSION IF NOT EXISTS hstore;

-- A ULID carried in a uuid: 48-bit millisecond timestamp then 80 random bits, so ids sort by
-- creation time.
CREATE OR REPLACE FUNCTION generate_ulid() RETURNS uuid
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  unix_ms bigint := floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint;
BEGIN
  RETURN encode(decode(lpad(to_hex(unix_ms), 12, '0'), 'hex') || gen_random_bytes(10), 'hex')::uuid;
END;
$$;

-- The 26-character Crockford base32 form of a uuid (two zero bits pad 128 bits to 130).
CREATE OR REPLACE FUNCTION uuid_to_ulid(id uuid) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  bits bit(130) := B'00' || ('x' || replace(id::text, '-', ''))::bit(128);
  output text := '';
  i integer;
BEGIN
  FOR i IN 0..25 LOOP
    output := output || substr(alphabet, substring(bits FROM i * 5 + 1 FOR 5)::integer + 1, 1);
  END LOOP;
  RETURN output;
END;
$$;

CREATE TYPE source AS ENUM ('KubernetesCRD', 'ConfigFile', 'UI', 'Topology', 'Push', 'CRDSync');

CREATE TYPE playbook_run_status AS ENUM (
  'scheduled', 'running', 'cancelled', 'completed', 'failed', 'pending', 'sleeping'
);

-- BEFORE UPDATE trigger for every table with updated_at. It leaves updated_at alone when the
-- caller set it, on a soft delete, when nothing (or only is_pushed) changed, for rows of a remote
-- agent, and for canaries whose spec did not change (schema.md §0.1).
CREATE OR REPLACE FUNCTION update_updated_at_column() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed hstore;
  agent text;
BEGIN
  IF NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN
    RETURN NEW;
  END IF;
  changed := (hstore(NEW) - hstore(OLD)) - ARRAY['is_pushed', 'updated_at'];
  IF changed = ''::hstore THEN
    RETURN NEW;
  END IF;
  IF changed ? 'deleted_at' AND (hstore(NEW) -> 'deleted_at') IS NOT NULL THEN
    RETURN NEW;
  END IF;
  agent := hstore(NEW) -> 'agent_id';
  IF agent IS NOT NULL AND agent <> '00000000-0000-0000-0000-000000000000' THEN
    RETURN NEW;
  END IF;
  IF TG_TABLE_NAME = 'canaries' AND NOT changed ? 'spec' THEN
    RETURN NEW;
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;
