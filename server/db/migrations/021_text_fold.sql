-- Search that ignores accents as well as case (server/engine/search.ts): "muller" finds "Müller", "jose" finds
-- "José", "δουναβης" finds "ΔΟΥΝΑΒΗΣ" and "Δούναβης". Two functions, made here so that the searched texts, their
-- trigram indexes and every search condition fold text the same way:
-- - fleetdesk_fold(text): unaccent, then lower case, then the Greek final sigma as a sigma (lower('Σ') is 'σ'
--   wherever it stands, while a Greek user types 'ς' at a word's end).
-- - fleetdesk_contains_pattern(text): the LIKE pattern that finds a folded word anywhere, its wildcards escaped after
--   folding (unaccent turns a full-width '％' or '＿' into '%' or '_').
-- Both are IMMUTABLE, so that an index may hold them and a search's pattern is worked out once, when the statement
-- is planned. unaccent itself is STABLE (its dictionary is looked up by name); the dictionary is named with its
-- schema here. Where the server may create a C function (a superuser: PGlite, and PostgreSQL as the tests and a
-- self-run server use it), unaccent's own C entry point is declared IMMUTABLE, which PostgreSQL inlines: folding costs
-- ~0.06 µs a row over lower() alone. Elsewhere (a managed PostgreSQL) a SQL wrapper calls unaccent(): ~0.9 µs a
-- row, paid where a row's text is folded at read time (a field's own filter), not by the joined search, whose
-- folded text is stored. Bodies name every schema: PostgreSQL 17 builds indexes with a search_path of pg_catalog.
-- unaccent is a trusted extension (PostgreSQL ≥ 13); PGlite loads it in server/db/pglite-host.ts.
CREATE EXTENSION IF NOT EXISTS unaccent;

DO $fold$
DECLARE
  own text := pg_catalog.quote_ident(pg_catalog.current_schema());
  dictionary text := (SELECT extnamespace::regnamespace::text FROM pg_catalog.pg_extension WHERE extname = 'unaccent') || '.unaccent';
  unaccented text;
BEGIN
  BEGIN
    EXECUTE pg_catalog.format(
      $sql$CREATE OR REPLACE FUNCTION %s.fleetdesk_unaccent(regdictionary, text) RETURNS text
             LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE AS '$libdir/unaccent', 'unaccent_dict'$sql$, own);
    unaccented := pg_catalog.format('%s.fleetdesk_unaccent(%L::regdictionary, $1)', own, dictionary);
  EXCEPTION WHEN insufficient_privilege THEN
    -- The function has the dictionary's name: both are the extension's `unaccent`.
    unaccented := pg_catalog.format('%s(%L::regdictionary, $1)', dictionary, dictionary);
  END;
  EXECUTE pg_catalog.format(
    $sql$CREATE OR REPLACE FUNCTION %s.fleetdesk_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS %L$sql$,
    own, pg_catalog.format('SELECT pg_catalog.translate(pg_catalog.lower(%s), %L, %L)', unaccented, 'ς', 'σ'));
  EXECUTE pg_catalog.format(
    $sql$CREATE OR REPLACE FUNCTION %s.fleetdesk_contains_pattern(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS %L$sql$,
    own, pg_catalog.format(
      $body$SELECT '%%' OPERATOR(pg_catalog.||) pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(%s.fleetdesk_fold($1), '\', '\\'), '%%', '\%%'), '_', '\_') OPERATOR(pg_catalog.||) '%%'$body$,
      own));
END
$fold$;
