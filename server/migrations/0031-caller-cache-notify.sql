-- Who a credential is (server/src/auth/caller-cache.ts) is cached for a few seconds by every
-- instance of the server. On a PostgreSQL that several instances share, a write to a table a
-- cached caller is made of (a sign-out, a role change, a deleted person, token or second factor)
-- must reach the other instances too: every statement that writes one of these tables notifies
-- the channel `vigil_caller_cache` with the table's name, and every instance listens on it
-- (server/src/db/postgres.ts listen) and empties its cache. PostgreSQL delivers a notification
-- when the writing transaction commits (and folds identical ones of one transaction into one).
-- Statement-level: one notification per statement however many rows it touches.
-- The list is CALLER_TABLES of server/src/auth/caller-cache.ts.
CREATE OR REPLACE FUNCTION vigil_caller_cache_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vigil_caller_cache', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;

CREATE TRIGGER people_caller_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON people
  FOR EACH STATEMENT EXECUTE FUNCTION vigil_caller_cache_notify();
CREATE TRIGGER casbin_rule_caller_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON casbin_rule
  FOR EACH STATEMENT EXECUTE FUNCTION vigil_caller_cache_notify();
CREATE TRIGGER identities_caller_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON identities
  FOR EACH STATEMENT EXECUTE FUNCTION vigil_caller_cache_notify();
CREATE TRIGGER vigil_sessions_caller_cache
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vigil_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION vigil_caller_cache_notify();
CREATE TRIGGER vigil_accounts_caller_cache
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vigil_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION vigil_caller_cache_notify();
CREATE TRIGGER access_tokens_caller_cache
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON access_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION vigil_caller_cache_notify();
CREATE TRIGGER vigil_totp_caller_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vigil_totp
  FOR EACH STATEMENT EXECUTE FUNCTION vigil_caller_cache_notify();
CREATE TRIGGER vigil_webauthn_credentials_caller_cache
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vigil_webauthn_credentials
  FOR EACH STATEMENT EXECUTE FUNCTION vigil_caller_cache_notify();
CREATE TRIGGER vigil_lookup_codes_caller_cache
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vigil_lookup_codes
  FOR EACH STATEMENT EXECUTE FUNCTION vigil_caller_cache_notify();
