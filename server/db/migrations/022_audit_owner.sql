-- A record's History shows the changes of the records that belong to it (server/engine/audit-owner.ts): an
-- employee's passports, addresses, documents and their statuses; a vehicle's documents, handover acts and repair
-- reports; a trailer's insurances. Each entry names that top record when it is written, so the entries of a
-- record deleted since still find it. Entries written before this migration name none and stay under their own
-- record only.
ALTER TABLE audit_log ADD COLUMN owner_resource text, ADD COLUMN owner_id bigint;
CREATE INDEX audit_log_owner ON audit_log (tenant_id, owner_resource, owner_id, at DESC) WHERE owner_id IS NOT NULL;
