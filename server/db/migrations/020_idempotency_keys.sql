-- A create's Idempotency-Key (server/engine/idempotency.ts): the record the first send made, answered again to a
-- send retried after its answer was lost. Per member; forgotten after a day.
CREATE TABLE IF NOT EXISTS idempotency_keys (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  fingerprint text NOT NULL,
  record_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id, key)
);
