-- Sessions are cached in each server process (server/auth/session-cache.ts). A process hears its own
-- writes directly; these triggers tell the other processes on the same PostgreSQL that a member changed
-- (rights, active, password…), a token was revoked or a tenant removed, so they drop their cache at once.
-- Statement-level: one notification per statement however many rows; NOTIFY is delivered at commit and
-- folded per transaction, so a rolled-back change tells nobody.
CREATE OR REPLACE FUNCTION fleetdesk_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $sessions$
BEGIN
  PERFORM pg_notify('fleetdesk_sessions', TG_TABLE_NAME);
  RETURN NULL;
END
$sessions$;

CREATE TRIGGER users_sessions_changed AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION fleetdesk_sessions_changed();
CREATE TRIGGER auth_tokens_sessions_changed AFTER DELETE ON auth_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION fleetdesk_sessions_changed();
CREATE TRIGGER tenants_sessions_changed AFTER DELETE ON tenants
  FOR EACH STATEMENT EXECUTE FUNCTION fleetdesk_sessions_changed();
