-- The standalone mode's own fixture (not Mission Control's): two exposed schemas, the roles of
-- PostgREST's tutorial (an authenticator that can become web_anon or app_user) and row-level
-- security keyed on the JWT's `sub` claim.
CREATE ROLE authenticator LOGIN NOINHERIT;
CREATE ROLE web_anon NOLOGIN;
CREATE ROLE app_user NOLOGIN;
GRANT web_anon, app_user TO authenticator;

CREATE SCHEMA api;
CREATE SCHEMA v2;

CREATE TABLE api.projects (
  id int PRIMARY KEY,
  name text NOT NULL
);

CREATE TABLE api.todos (
  id serial PRIMARY KEY,
  owner text NOT NULL DEFAULT (current_setting('request.jwt.claims', true)::json ->> 'sub'),
  task text NOT NULL,
  done boolean NOT NULL DEFAULT false,
  public boolean NOT NULL DEFAULT false,
  project_id int REFERENCES api.projects (id)
);

ALTER TABLE api.todos ENABLE ROW LEVEL SECURITY;
CREATE POLICY anon_reads_public ON api.todos FOR SELECT TO web_anon USING (public);
CREATE POLICY own_rows ON api.todos FOR ALL TO app_user
  USING (owner = current_setting('request.jwt.claims', true)::json ->> 'sub')
  WITH CHECK (owner = current_setting('request.jwt.claims', true)::json ->> 'sub');

CREATE FUNCTION api.whoami() RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'role', current_user,
    'sub', current_setting('request.jwt.claims', true)::json ->> 'sub',
    'method', current_setting('request.method', true),
    'path', current_setting('request.path', true),
    'agent', current_setting('request.headers', true)::json ->> 'x-test',
    'search_path', current_setting('search_path'))
$$;

-- A view whose read writes: a GET must run read-only and fail.
CREATE TABLE api.hits (n int);
CREATE FUNCTION api.bump() RETURNS int LANGUAGE sql VOLATILE AS $$
  INSERT INTO api.hits VALUES (1) RETURNING n
$$;
CREATE VIEW api.bumping AS SELECT api.bump() AS n;

GRANT USAGE ON SCHEMA api, v2 TO web_anon, app_user;
GRANT SELECT ON api.todos, api.projects TO web_anon;
GRANT SELECT, INSERT, UPDATE, DELETE ON api.todos TO app_user;
GRANT SELECT ON api.projects TO app_user;
GRANT USAGE ON SEQUENCE api.todos_id_seq TO app_user;
GRANT EXECUTE ON FUNCTION api.whoami() TO web_anon, app_user;
GRANT SELECT ON api.bumping TO web_anon, app_user;
GRANT INSERT, SELECT ON api.hits TO web_anon, app_user;

CREATE TABLE v2.todos (
  id int PRIMARY KEY,
  title text NOT NULL
);
GRANT SELECT ON v2.todos TO web_anon, app_user;
GRANT INSERT ON v2.todos TO app_user;

INSERT INTO api.projects VALUES (1, 'home'), (2, 'work');
INSERT INTO api.todos (owner, task, done, public, project_id) VALUES
  ('alice', 'water the plants', false, true, 1),
  ('alice', 'file taxes', false, false, 2),
  ('bob', 'walk the dog', true, true, 1),
  ('bob', 'secret plan', false, false, NULL);
INSERT INTO v2.todos VALUES (1, 'v2 first'), (2, 'v2 second');
