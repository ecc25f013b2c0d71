-- The schema-driven engine makes its tables from the registry at start (server/engine/storage.ts).
-- It records a fingerprint of the statements it ran, so a restart with an unchanged registry and
-- unchanged schemas skips the DDL entirely instead of re-running a hundred IF NOT EXISTS statements.
CREATE TABLE engine_state (
  key text PRIMARY KEY,
  fingerprint text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
