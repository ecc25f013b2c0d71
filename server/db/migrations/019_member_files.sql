-- A member's files (their avatar, owner_kind 'user') go with the member, as an employee's attachments go with the
-- employee (server/routes/hand-written/uploads.ts). Before, a deleted member's avatar stayed in `files`, readable by
-- the tenant's other members at its URL; those left behind are deleted here.
CREATE OR REPLACE FUNCTION fleetdesk_delete_member_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM files WHERE tenant_id = OLD.tenant_id AND owner_kind = 'user' AND owner_id = OLD.id;
  RETURN OLD;
END $$;
DROP TRIGGER IF EXISTS users_owned_files ON users;
CREATE TRIGGER users_owned_files AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION fleetdesk_delete_member_files();
DELETE FROM files WHERE owner_kind = 'user' AND NOT EXISTS (SELECT 1 FROM users WHERE users.id = files.owner_id);
