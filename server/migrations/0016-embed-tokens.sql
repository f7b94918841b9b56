-- Scoped, read-only embed tokens for the widgets (docs/embed-tokens.md). Like vigil_accounts and
-- vigil_sessions this table is not in the /db relation map (rbac-and-flags.md §3.4), so the data
-- API never exposes it. Only the SHA-256 of each token's secret part is stored; the token itself
-- is shown once, when it is created. Revoked and expired rows are kept for the audit trail.

CREATE TABLE vigil_embed_tokens (
  id uuid NOT NULL DEFAULT generate_ulid(),
  name text NOT NULL,
  secret_hash text NOT NULL,
  -- The normalised scope (server/src/embed/scope.ts): ids and a label selector, no secrets.
  scope jsonb NOT NULL,
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  expires_at timestamp with time zone NOT NULL,
  revoked_at timestamp with time zone,
  revoked_by uuid REFERENCES people (id) ON DELETE SET NULL,
  last_used_at timestamp with time zone,
  CONSTRAINT vigil_embed_tokens_pkey PRIMARY KEY (id),
  CONSTRAINT vigil_embed_tokens_name_not_empty CHECK (length(btrim(name)) > 0),
  CONSTRAINT vigil_embed_tokens_scope_object CHECK (jsonb_typeof(scope) = 'object'),
  CONSTRAINT vigil_embed_tokens_expiry_after_creation CHECK (expires_at > created_at)
);
CREATE INDEX vigil_embed_tokens_created_at_idx ON vigil_embed_tokens (created_at DESC, id);
