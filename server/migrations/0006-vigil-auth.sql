-- Vigil's own accounts for the `basic` auth mode (api.md §13). These relations are not in the
-- /db relation map (rbac-and-flags.md §3.4), so the data API never exposes them: password
-- hashes, session ids and flow CSRF tokens stay server-side. Session and CSRF values are stored
-- as SHA-256 hashes so a database dump does not yield usable cookies.

CREATE TABLE vigil_accounts (
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  username text NOT NULL,
  password_hash text NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT vigil_accounts_pkey PRIMARY KEY (identity_id)
);
CREATE UNIQUE INDEX vigil_accounts_username_key ON vigil_accounts (lower(username));

CREATE TABLE vigil_sessions (
  id text NOT NULL,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  logout_token_hash text NOT NULL,
  authenticated_at timestamp with time zone NOT NULL DEFAULT now(),
  expires_at timestamp with time zone NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT vigil_sessions_pkey PRIMARY KEY (id)
);
CREATE INDEX vigil_sessions_identity_id_idx ON vigil_sessions (identity_id);
CREATE UNIQUE INDEX vigil_sessions_logout_token_key ON vigil_sessions (logout_token_hash);

CREATE TABLE vigil_flows (
  id uuid NOT NULL DEFAULT generate_ulid(),
  type text NOT NULL,
  csrf_token_hash text NOT NULL,
  request_url text NOT NULL,
  return_to text,
  refresh boolean NOT NULL DEFAULT false,
  state text NOT NULL DEFAULT 'choose_method',
  identifier text,
  messages jsonb NOT NULL DEFAULT '[]'::jsonb,
  issued_at timestamp with time zone NOT NULL DEFAULT now(),
  expires_at timestamp with time zone NOT NULL,
  CONSTRAINT vigil_flows_pkey PRIMARY KEY (id)
);
CREATE INDEX vigil_flows_expires_at_idx ON vigil_flows (expires_at);
