-- Since issue 16 point 7's two kinds of pass (server/db/idle-vacuum.ts): a large table pruned (its heap pass alone)
-- still owes its full pass (index passes, ANALYZE). `changed` counts the rows changed since the last full pass,
-- `unvacuumed` those since the last pass of either kind; a row kept before this migration has only `changed`,
-- which then stands for both.
ALTER TABLE embedded_vacuum_debt ADD COLUMN IF NOT EXISTS unvacuumed bigint;
