-- Trigram indexes for the lists' text search: ILIKE '%…%' over 1M rows took ~2 s without one
-- (DESIGN.md, "Database facts"). pg_trgm is a trusted extension (PostgreSQL ≥ 13): the database owner
-- may create it. PGlite loads it in server/db/pglite-host.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
