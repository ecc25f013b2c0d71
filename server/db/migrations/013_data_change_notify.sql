-- Compliance readings are kept in memory by each server process (server/compliance/change-watch.ts): the
-- compliance page's first pages, its counts, the obligations of the order check's parties. A process hears its
-- own writes directly; the statement triggers that call this function (made at start on the engine's tables
-- that hold obligations and their subjects: every engine table but the orders, server/compliance/indexes.ts)
-- tell the other processes on the same PostgreSQL, which drop what they keep. Statement-level: one
-- notification per statement however many rows; NOTIFY is delivered at commit and folded per transaction,
-- so a rolled-back change tells nobody.
CREATE OR REPLACE FUNCTION fleetdesk_data_changed() RETURNS trigger LANGUAGE plpgsql AS $changed$
BEGIN
  PERFORM pg_notify('fleetdesk_data', TG_TABLE_NAME);
  RETURN NULL;
END
$changed$;
