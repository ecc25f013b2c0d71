/**
 * The DDL the server runs at start (the engine's tables, the compliance indexes and triggers), split in two
 * so that a start against a large database does not stop its writes (issue 16, point 2):
 *
 * - **In the start-up transaction**, under an advisory lock as before: tables, columns, functions, triggers,
 *   the counts' recount — everything the server needs before it serves — and the indexes of tables that are
 *   new or small. A plain CREATE INDEX takes a SHARE lock that blocks the table's writes until the
 *   transaction commits, but on an empty or small table (under SMALL_TABLE_BYTES) it takes milliseconds, is
 *   faster than a concurrent build (one pass, not three) and leaves the index there before the first
 *   request: a fresh database (every test's) starts complete and deterministic.
 * - **Afterwards, in the background** (index-builds.ts), on PostgreSQL: a missing or invalid index of a table
 *   that already holds data, built with CREATE INDEX CONCURRENTLY, which lets writes through; before it, the
 *   filling of a column added to such a table (column-fills.ts; a small table's is filled in the transaction).
 *
 * Each part keeps its own fingerprint in `engine_state` (`<key>` and `<key>:indexes`): a new index asked for
 * by a schema does not re-run the transaction (its recount reads every row of every table), and the indexes'
 * fingerprint is written only once every index is there and valid, so a restart finishes an interrupted build.
 *
 * The embedded database (PGlite) keeps one transaction for everything: one connection, no other writer to
 * let through, and CONCURRENTLY buys nothing there.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { fillAtOnce, pendingFills, type ColumnFill } from './column-fills';
import type { Database } from './database';

/** One `CREATE INDEX IF NOT EXISTS "<name>" ON "<table>" …` statement of the start-up DDL. */
export interface IndexStatement {
  name: string;
  table: string;
  /** The statement as written (plain CREATE INDEX IF NOT EXISTS). */
  sql: string;
}

/** Indexes left to build concurrently after start, and the fingerprint to write once all of them are valid. */
export interface DeferredIndexes {
  stateKey: string;
  fingerprint: string;
  indexes: IndexStatement[];
  /**
   * Tables to VACUUM (ANALYZE) after the builds: rewritten by the setup (`rewrittenTables`) or filled
   * (column-fills.ts), either way with an empty visibility map.
   */
  vacuum?: string[];
  /** Columns of large tables left to fill, before the indexes are built (column-fills.ts). */
  fills?: ColumnFill[];
  /** Statements that retire what the fills and builds replace (`RETIRE_AFTERWARDS`), run once they all succeeded. */
  retirements?: string[];
}

/**
 * Marks a statement of the start-up DDL that drops what a new column or index replaces (a search column of an
 * earlier expression, and the indexes that hold it): run after the fills and the builds, in the transaction
 * when those are done there, else by the builder once they succeeded, so the lists keep their old indexes
 * meanwhile. Idempotent (it drops what is there).
 */
export const RETIRE_AFTERWARDS = '/* retire afterwards */ ';

/**
 * Below this a table's plain index build takes milliseconds (about 2,000 orders): built in the start-up
 * transaction. Above it, concurrently after start.
 */
export const SMALL_TABLE_BYTES = 1_048_576;

const INDEX_STATEMENT = /^CREATE INDEX IF NOT EXISTS (?:"([^"]+)"|(\w+)) ON (?:"([^"]+)"|(\w+))\s/;

/**
 * Whether a new index needs ANALYZE of its table: an expression index or a trigram index (the lists' search,
 * engine/search.ts). The planner estimates a condition on an expression from that expression's statistics, and
 * on the search's stored column (new with its index) from the column's, which only ANALYZE gathers; autovacuum
 * analyzes after rows change, not after an index is made. Without them it guessed one row for "Danube Steel" and
 * sorted all 4,000 matches instead of walking the sort index for the first ten.
 */
export const analyzeAfter = (index: IndexStatement) => /\(\s*(?:lower|coalesce)\(|gin_trgm_ops/i.test(index.sql);

export function fingerprintOf(statements: string[]): string {
  return createHash('sha256').update(statements.join(';\n')).digest('hex');
}

/**
 * The statements that create an index, apart from every other one (whose order is kept); an index named
 * twice (the counts' table's, once per engine table: counts.ts) once.
 */
export function splitIndexStatements(statements: string[]): { setup: string[]; indexes: IndexStatement[]; retirements: string[] } {
  const setup: string[] = [];
  const retirements: string[] = [];
  const indexes = new Map<string, IndexStatement>();
  for (const statement of statements) {
    if (statement.startsWith(RETIRE_AFTERWARDS)) {
      retirements.push(statement);
      continue;
    }
    const match = INDEX_STATEMENT.exec(statement);
    if (!match) {
      setup.push(statement);
      continue;
    }
    const name = match[1] ?? match[2];
    const table = match[3] ?? match[4];
    if (!indexes.has(name)) indexes.set(name, { name, table, sql: statement });
  }
  return { setup, indexes: [...indexes.values()], retirements };
}

/**
 * The file of each table of the current schema that holds data: a table whose file changes across the setup was
 * rewritten (an ALTER TABLE that changes a column's type, or adds a stored generated column: the sort key's and
 * the search's columns were such until they became computed columns, engine/computed-columns.ts). A rewritten
 * table has an empty visibility map, so the index-only scans of its lists visit the heap for every entry (a
 * search's walk was ten times slower), and no statistics for the new column; nothing counts a rewrite as changed
 * rows, so autovacuum would not come for it. It is vacuumed after start.
 */
async function tableFiles(client: Pick<pg.ClientBase, 'query'>): Promise<Map<string, string>> {
  const { rows } = await client.query(
    `SELECT relname AS name, pg_relation_filenode(oid)::text AS file FROM pg_class
      WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace AND pg_relation_size(oid) > 0`,
  );
  return new Map((rows as { name: string; file: string }[]).map((row) => [row.name, row.file]));
}

export function rewrittenTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...before].filter(([name, file]) => after.has(name) && after.get(name) !== file).map(([name]) => name);
}

export type IndexState = 'valid' | 'invalid';

/** Which of `names` exist in the current schema, and whether each is valid (a concurrent build that failed leaves an invalid one). */
export async function indexStates(client: Pick<pg.ClientBase, 'query'>, names: string[]): Promise<Map<string, IndexState>> {
  const { rows } = await client.query(
    `SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY($1::text[])`,
    [names],
  );
  return new Map((rows as { name: string; valid: boolean }[]).map((row) => [row.name, row.valid ? 'valid' : 'invalid']));
}

async function tableSizes(client: pg.PoolClient, tables: string[]): Promise<Map<string, number>> {
  const { rows } = await client.query(`SELECT t AS name, coalesce(pg_relation_size(to_regclass(format('%I', t))), 0) AS bytes FROM unnest($1::text[]) AS t`, [
    tables,
  ]);
  return new Map((rows as { name: string; bytes: number | string }[]).map((row) => [row.name, Number(row.bytes)]));
}

async function writeFingerprint(client: Pick<pg.ClientBase, 'query'>, key: string, fingerprint: string) {
  await client.query(
    `INSERT INTO engine_state (key, fingerprint) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, updated_at = now()`,
    [key, fingerprint],
  );
}
export { writeFingerprint };

export interface StartUpDdl {
  /** engine_state key of the setup part; the indexes' key is `<stateKey>:indexes`. */
  stateKey: string;
  /** The transaction's advisory lock: two servers starting on one PostgreSQL take turns. */
  lockKey: number;
  statements: string[];
}

export const indexesStateKey = (stateKey: string) => `${stateKey}:indexes`;

/**
 * Runs what is missing of `statements` in one transaction; answers the indexes left to build concurrently
 * (PostgreSQL, tables that hold data), or null when everything is there.
 */
export async function runStartUpDdl(database: Database, ddl: StartUpDdl): Promise<DeferredIndexes | null> {
  const { deferred, vacuum, fills } = await runInTransaction(database, ddl);
  if (vacuum.length === 0 && fills.length === 0) return deferred;
  // The embedded database: at once, before the server listens (its one connection would make requests wait for
  // it anyway; it never leaves a fill for later). PostgreSQL: after the fills and the concurrent builds
  // (index-builds.ts), beside the requests.
  if (database.kind === 'pglite') {
    for (const table of vacuum) await database.pool.query({ text: `VACUUM (ANALYZE) "${table}"`, query_timeout: 3_600_000 } as { text: string });
    return deferred;
  }
  const group = deferred ?? { stateKey: indexesStateKey(ddl.stateKey), fingerprint: '', indexes: [] };
  return { ...group, fills, vacuum: [...new Set([...vacuum, ...fills.map((fill) => fill.table)])] };
}

/**
 * The columns marked to fill (column-fills.ts): filled here, in the transaction, on the embedded database and
 * for small tables; answers the others, left to fill after start. Before any index is built, so that the
 * column's indexes are built once over its values instead of taking every row's change. The marks of any table:
 * the first start-up DDL to run (the engine's) takes them up; a later one finds none left, or the same large
 * ones, which the builder then finds filled.
 */
async function fillWhatIsSmall(client: pg.PoolClient, kind: Database['kind']): Promise<{ filled: string[]; later: ColumnFill[] }> {
  const fills = await pendingFills(client);
  if (fills.length === 0) return { filled: [], later: [] };
  const sizes = await tableSizes(
    client,
    fills.map((fill) => fill.table),
  );
  const now = fills.filter((fill) => kind === 'pglite' || (sizes.get(fill.table) ?? 0) < SMALL_TABLE_BYTES);
  for (const fill of now) await fillAtOnce(client, fill);
  return { filled: now.map((fill) => fill.table), later: fills.filter((fill) => !now.includes(fill)) };
}

async function runInTransaction(
  database: Database,
  { stateKey, lockKey, statements }: StartUpDdl,
): Promise<{ deferred: DeferredIndexes | null; vacuum: string[]; fills: ColumnFill[] }> {
  const { setup, indexes, retirements } = splitIndexStatements(statements);
  const setupFingerprint = fingerprintOf(setup);
  const indexesFingerprint = fingerprintOf(indexes.map((index) => index.sql));
  const indexesKey = indexesStateKey(stateKey);
  return database.transaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [lockKey]);
    const current = await client.query('SELECT key, fingerprint FROM engine_state WHERE key = ANY($1::text[])', [[stateKey, indexesKey]]);
    const fingerprints = new Map((current.rows as { key: string; fingerprint: string }[]).map((row) => [row.key, row.fingerprint]));
    const setupDone = fingerprints.get(stateKey) === setupFingerprint;
    const indexesDone = fingerprints.get(indexesKey) === indexesFingerprint;
    if (setupDone && indexesDone) {
      // A fill an earlier start left unfinished (the server stopped during it) is taken up again.
      const { filled, later } = await fillWhatIsSmall(client, database.kind);
      if (later.length > 0)
        return { deferred: { stateKey: indexesKey, fingerprint: indexesFingerprint, indexes: [], retirements }, vacuum: filled, fills: later };
      if (filled.length > 0) await runAllOf(client, retirements);
      return { deferred: null, vacuum: filled, fills: [] };
    }

    let now: IndexStatement[] = [];
    let later: IndexStatement[] = [];
    let dropFirst: string[] = [];
    if (!indexesDone && database.kind === 'pglite') now = indexes;
    else if (!indexesDone) {
      // Measured before the setup runs: a table it creates now is not there yet, so it counts as empty.
      const [states, sizes] = await Promise.all([
        indexStates(
          client,
          indexes.map((index) => index.name),
        ),
        tableSizes(client, [...new Set(indexes.map((index) => index.table))]),
      ]);
      const wanted = indexes.filter((index) => states.get(index.name) !== 'valid');
      const small = (index: IndexStatement) => (sizes.get(index.table) ?? 0) < SMALL_TABLE_BYTES;
      now = wanted.filter(small);
      later = wanted.filter((index) => !small(index));
      // IF NOT EXISTS would keep an invalid index of that name as it is.
      dropFirst = now.filter((index) => states.get(index.name) === 'invalid').map((index) => `DROP INDEX IF EXISTS "${index.name}"`);
    }
    const analyze = [...new Set(now.filter(analyzeAfter).map((index) => `ANALYZE "${index.table}"`))];
    const runAll = (part: string[]) => runAllOf(client, part);
    const filesBefore = setupDone ? null : await tableFiles(client);
    if (!setupDone) await runAll(setup);
    const rewritten = filesBefore ? rewrittenTables(filesBefore, await tableFiles(client)) : [];
    const { filled, later: fills } = await fillWhatIsSmall(client, database.kind);
    await runAll([...dropFirst, ...now.map((index) => index.sql), ...analyze]);
    const vacuum = [...new Set([...rewritten, ...filled])];
    if (!setupDone) await writeFingerprint(client, stateKey, setupFingerprint);
    if (later.length === 0 && fills.length === 0) {
      await runAll(retirements);
      if (!indexesDone) await writeFingerprint(client, indexesKey, indexesFingerprint);
      return { deferred: null, vacuum, fills };
    }
    // Written by the builder once every index is valid (a group with indexes); the retirements wait for it too.
    return { deferred: { stateKey: indexesKey, fingerprint: indexesFingerprint, indexes: later, retirements }, vacuum, fills };
  });
}

/**
 * The statements in one simple-protocol round trip (no parameters). An hour, not 60 s: on the embedded database
 * (everything in the start-up transaction) a new index over a million rows takes minutes, past its pool's 60 s
 * limit for a query.
 */
async function runAllOf(client: Pick<pg.ClientBase, 'query'>, statements: string[]) {
  if (statements.length > 0) await client.query({ text: statements.join(';\n'), query_timeout: 3_600_000 } as { text: string });
}
