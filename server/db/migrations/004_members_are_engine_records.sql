-- Members become records of the schema-driven engine (issue 4): the `users` resource is served by the
-- engine from this very table, so an administrator's new member can sign in. The engine keeps schema
-- fields in `data` (login, e-mail, names, password hash, departments, permissions, administrator,
-- active); sign-in, uniqueness and password resets keep reading plain columns, which are now generated
-- from `data` and can never disagree with it.
ALTER TABLE users
  ADD COLUMN data jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN updated_by bigint REFERENCES users (id) ON DELETE SET NULL;

-- The owner of each existing account is its first administrator.
UPDATE users SET data = jsonb_strip_nulls(jsonb_build_object(
  'login', login, 'email', email, 'phone', phone, 'name', name, 'last_name', last_name,
  'job_position', job_position, 'password', password_hash,
  'administrator', is_owner, 'active', true, 'permissions', '[]'::jsonb, 'departments', '[]'::jsonb));

ALTER TABLE users
  DROP COLUMN login, DROP COLUMN email, DROP COLUMN phone, DROP COLUMN name, DROP COLUMN last_name,
  DROP COLUMN job_position, DROP COLUMN password_hash;

ALTER TABLE users
  ADD COLUMN login text GENERATED ALWAYS AS (data->>'login') STORED NOT NULL,
  ADD COLUMN email text GENERATED ALWAYS AS (data->>'email') STORED NOT NULL,
  ADD COLUMN phone text GENERATED ALWAYS AS (data->>'phone') STORED,
  ADD COLUMN name text GENERATED ALWAYS AS (data->>'name') STORED,
  ADD COLUMN last_name text GENERATED ALWAYS AS (data->>'last_name') STORED,
  ADD COLUMN job_position text GENERATED ALWAYS AS (data->>'job_position') STORED,
  ADD COLUMN password_hash text GENERATED ALWAYS AS (data->>'password') STORED NOT NULL;

-- Named `<table>_unique_<field>` so the engine reports a clash on the field itself (422 on `login`).
CREATE UNIQUE INDEX users_unique_login ON users (lower(login));
CREATE UNIQUE INDEX users_unique_email ON users (lower(email));

-- The audit trail (issue 4): append-only. Who did what to which record, with changed fields before and
-- after (sensitive values masked), and reads of sensitive data. `user_name` is kept as it was then, so
-- the trail still says who when the member is gone.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  user_id bigint,
  user_name text NOT NULL,
  resource text NOT NULL,
  record_id bigint NOT NULL,
  action text NOT NULL CHECK (action IN ('create', 'update', 'delete', 'read')),
  changes jsonb,
  fields jsonb
);
CREATE INDEX audit_log_tenant_at ON audit_log (tenant_id, at DESC, id DESC);
CREATE INDEX audit_log_record ON audit_log (tenant_id, resource, record_id, at DESC);
CREATE INDEX audit_log_user ON audit_log (tenant_id, user_id, at DESC);
