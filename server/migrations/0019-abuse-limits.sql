-- Abuse limits (docs/security.md). Shared through the database, so several server instances on
-- one PostgreSQL count together.

-- Fixed-window counters: sign-in attempts per client address, failed sign-ins per account.
-- `key` is `<rule>:<sha-256 of the subject>`; rows whose window has passed are reset in place.
CREATE TABLE vigil_rate_limits (
  key text NOT NULL,
  window_start timestamp with time zone NOT NULL DEFAULT now(),
  hits integer NOT NULL DEFAULT 0,
  CONSTRAINT vigil_rate_limits_pkey PRIMARY KEY (key)
);
CREATE INDEX vigil_rate_limits_window_start_idx ON vigil_rate_limits (window_start);

-- A login flow's CSRF token is bound to the session it was issued in (NULL: none), and a CSRF
-- cookie is adopted only when the server issued it (a live flow carries its hash).
ALTER TABLE vigil_flows ADD COLUMN session_id text;
CREATE INDEX vigil_flows_csrf_token_hash_idx ON vigil_flows (csrf_token_hash);
