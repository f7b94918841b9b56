-- Invitations (api.md §8.2, docs/settings-admin.md): `POST /auth/invite_user` creates the identity
-- and one single-use, expiring token; the invitee opens the link and sets a password. Only the
-- token's SHA-256 is stored, so a database dump yields no usable link. Like the other vigil_*
-- relations this is outside the /db relation map: the data API never exposes it.
CREATE TABLE vigil_invites (
  token_hash text NOT NULL,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  expires_at timestamp with time zone NOT NULL,
  used_at timestamp with time zone,
  CONSTRAINT vigil_invites_pkey PRIMARY KEY (token_hash)
);
CREATE INDEX vigil_invites_identity_id_idx ON vigil_invites (identity_id);
