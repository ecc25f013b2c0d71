-- Walking skeleton: tenants, their users, companies, sessions, password resets and stored files.
-- Every tenant-owned row carries tenant_id; deleting a tenant removes everything it owns.
-- Written for PostgreSQL 15 and PGlite alike.

CREATE TABLE tenants (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  login text NOT NULL,
  email text NOT NULL,
  phone text,
  name text,
  last_name text,
  job_position text,
  password_hash text NOT NULL,
  avatar_file_id bigint,
  is_owner boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
-- Sign-in names no tenant, so a login (and an e-mail, for password resets) is unique across all
-- tenants, whatever its letter case.
CREATE UNIQUE INDEX users_login_unique ON users (lower(login));
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));
CREATE INDEX users_tenant ON users (tenant_id);

-- Schema-defined fields (name, main, …) live in `data`, validated by the schema (DESIGN.md).
CREATE TABLE companies (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  updated_by bigint REFERENCES users (id) ON DELETE SET NULL,
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX companies_tenant ON companies (tenant_id);
-- At most one main company per tenant.
CREATE UNIQUE INDEX companies_one_main ON companies (tenant_id) WHERE (data @> '{"main": true}'::jsonb);

-- Bearer tokens: only the SHA-256 of the token is stored, so a copy of the database opens no session.
CREATE TABLE auth_tokens (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX auth_tokens_user ON auth_tokens (user_id);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user ON password_resets (user_id);

-- Uploaded files, kept with their owner record (owner_kind + owner_id: 'user' for avatars) and served
-- only within their tenant.
CREATE TABLE files (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  owner_kind text NOT NULL,
  owner_id bigint NOT NULL,
  file_name text NOT NULL,
  mime_type text NOT NULL,
  size integer NOT NULL CHECK (size >= 0),
  content bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX files_owner ON files (tenant_id, owner_kind, owner_id);

ALTER TABLE users
  ADD CONSTRAINT users_avatar_file FOREIGN KEY (avatar_file_id) REFERENCES files (id) ON DELETE SET NULL;
