-- The header bell's read marks (issue 14): which of the compliance items a member has seen, per member.
-- An item is named by its ComplianceItem.key (server/compliance/types.ts): a renewal is a new record, so a
-- new key, and it shows unread again. Nothing else is stored: the items themselves are derived from the
-- records on every read.
CREATE TABLE notification_reads (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  item_key text NOT NULL,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, item_key)
);
CREATE INDEX notification_reads_tenant ON notification_reads (tenant_id);
