-- Rows changed in each engine table of the embedded database since its last VACUUM, kept across restarts
-- (server/db/idle-vacuum.ts). PGlite's statistics (pg_stat_user_tables) start from zero at every start, so
-- changes not yet vacuumed when the server stopped would be forgotten, and a table changed a little each day
-- by a server restarted each night would never reach the threshold. Written when the server stops, read when
-- it starts; unused on PostgreSQL, whose autovacuum keeps its own counts.
CREATE TABLE IF NOT EXISTS embedded_vacuum_debt (
  table_name text PRIMARY KEY,
  changed bigint NOT NULL
);
