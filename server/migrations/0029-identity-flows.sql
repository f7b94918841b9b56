-- Identity flows of the own-login variant (docs/identity.md "Reference server"): registration,
-- recovery, verification and settings flows next to login, sessions with an assurance level, and
-- the second factors (TOTP, recovery codes, WebAuthn keys). Like the other vigil_* relations these
-- are outside the /db relation map: the data API never exposes them.

-- One table for every flow kind. `identity_id`: the identity a flow concerns (settings, aal2 and
-- refresh logins, a recovery or verification once its code is sent); `data`: per-flow state
-- (a code's hash and expiry, pending recovery codes' hashes, a WebAuthn challenge);
-- `attempts`: wrong codes submitted to the flow.
ALTER TABLE vigil_flows ADD COLUMN identity_id uuid REFERENCES identities (id) ON DELETE CASCADE;
ALTER TABLE vigil_flows ADD COLUMN data jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE vigil_flows ADD COLUMN requested_aal text NOT NULL DEFAULT 'aal1';
ALTER TABLE vigil_flows ADD COLUMN attempts integer NOT NULL DEFAULT 0;
CREATE INDEX vigil_flows_identity_id_idx ON vigil_flows (identity_id);

-- A session's assurance level and the methods that reached it ([{method, aal, completed_at}]).
ALTER TABLE vigil_sessions ADD COLUMN aal text NOT NULL DEFAULT 'aal1';
ALTER TABLE vigil_sessions ADD COLUMN methods jsonb NOT NULL DEFAULT '[]'::jsonb;

-- E-mail addresses proven by a verification (or recovery) code; `address` is lower-case.
CREATE TABLE vigil_verified_addresses (
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  address text NOT NULL,
  verified_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT vigil_verified_addresses_pkey PRIMARY KEY (identity_id, address)
);

-- TOTP: the secret is encrypted with the server's secret key (enc:v1:…); `last_step` is the last
-- accepted time step, so a code is never accepted twice.
CREATE TABLE vigil_totp (
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  secret text NOT NULL,
  last_step bigint NOT NULL DEFAULT 0,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT vigil_totp_pkey PRIMARY KEY (identity_id)
);

-- Confirmed recovery (lookup) codes, SHA-256 only; a used code keeps its row with `used_at`.
CREATE TABLE vigil_lookup_codes (
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamp with time zone,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT vigil_lookup_codes_pkey PRIMARY KEY (identity_id, code_hash)
);

-- WebAuthn credentials (security keys, passkeys used as a second factor).
CREATE TABLE vigil_webauthn_credentials (
  id text NOT NULL,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports jsonb NOT NULL DEFAULT '[]'::jsonb,
  display_name text NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  last_used_at timestamp with time zone,
  CONSTRAINT vigil_webauthn_credentials_pkey PRIMARY KEY (id)
);
CREATE INDEX vigil_webauthn_credentials_identity_id_idx ON vigil_webauthn_credentials (identity_id);
