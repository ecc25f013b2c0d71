-- Import and export (issue 15).
-- A record made by an import is in the audit trail as such: the action `import`, by the member who imported.
ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN ('create', 'update', 'delete', 'read', 'import'));

-- The column → field mapping of the last import per tenant and resource, so a monthly file imports in one step.
CREATE TABLE import_mappings (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  resource text NOT NULL,
  mapping jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES users (id) ON DELETE SET NULL,
  PRIMARY KEY (tenant_id, resource)
);
