-- btree_gin lets a GIN index lead with the tenant: the lists' text search indexes each resource's searched fields
-- as `(tenant_id, <joined fields> gin_trgm_ops)` (server/engine/search.ts), so a small tenant's search reads only
-- its own entries beside a large tenant's. A trusted extension (PostgreSQL ≥ 13); PGlite loads it in
-- server/db/pglite-host.ts.
CREATE EXTENSION IF NOT EXISTS btree_gin;
