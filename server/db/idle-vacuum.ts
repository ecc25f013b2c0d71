/**
 * VACUUM (ANALYZE) of the engine's tables (`r_*`) on the embedded database, while the server is idle
 * (issue 16, point 7).
 *
 * PGlite has no autovacuum. Every update leaves a dead row version and a heap page that is no longer marked
 * all-visible, and only VACUUM marks pages again: an index-only scan (the ids of a deep page, paging.ts)
 * then visits the heap for each entry on such a page, and the planner works from statistics of the table as
 * it was at the last ANALYZE. Left alone, lists slow down as orders are written.
 *
 * How much each table changed is read from `pg_stat_user_tables`, which PGlite keeps like PostgreSQL
 * (dead rows, rows inserted since the last vacuum, rows changed since the last analyze). Only after this
 * process has written anything (write-watch.ts), and only while idle, so the statistics are not read every
 * few seconds for nothing.
 *
 * PGlite runs one statement at a time on the server's one connection, so a request arriving during a VACUUM
 * waits for it to end, and a running VACUUM cannot be cut short. That is why a table is vacuumed only when no
 * request has been in flight for `idleMs`, one table at a time (the most changed first), with idleness checked
 * again before each next one: the longest wait a request can meet is one VACUUM of one table
 * (bench/NOTES.md, "Issue 16 point 7", has its figure at the bench's size).
 *
 * PGlite's statistics start from zero at every start: what was changed and not yet vacuumed when the server
 * stopped is written to `embedded_vacuum_debt` (migration 015) then, and added to the statistics after the next
 * start. A crash loses it (the next VACUUM of the table catches up once it changes past its threshold again).
 *
 * PostgreSQL has autovacuum, and the engine's per-table settings tune it (paging.ts): nothing here runs there.
 */
import type pg from 'pg';
import { onDataWrite } from './write-watch';

export interface IdleVacuumSettings {
  /** No request in flight for this long before a VACUUM may start. */
  idleMs: number;
  /** A table is due after this many changed rows (or 10 % of its rows, if fewer, but never under SMALL_TABLE_ROWS). */
  minRows: number;
}

/** A table's changes as `pg_stat_user_tables` counts them. */
export interface TableChanges {
  /** The table's name, schema-qualified and quoted, ready to be put in a statement. */
  target: string;
  table: string;
  live: number;
  /** Rows changed since the last VACUUM (dead row versions, inserted rows) or ANALYZE, whichever is more. */
  changed: number;
}

/** A share of a table's rows that makes it due even below `minRows` (a 20,000-row table after 2,000). */
const SHARE_OF_TABLE = 0.1;
/** Below this, changes to a small table are not worth a VACUUM of their own (its pages are few anyway). */
export const SMALL_TABLE_ROWS = 500;

export function isDue(table: TableChanges, minRows: number): boolean {
  const threshold = Math.min(minRows, Math.max(SMALL_TABLE_ROWS, SHARE_OF_TABLE * table.live));
  return table.changed >= threshold;
}

/** The table to vacuum next: one asked for (an import) first, else the most changed of those due. */
export function nextTable(tables: TableChanges[], asked: ReadonlySet<string>, minRows: number): TableChanges | undefined {
  const wanted = tables.filter((table) => asked.has(table.table) || isDue(table, minRows));
  wanted.sort((left, right) => Number(asked.has(right.table)) - Number(asked.has(left.table)) || right.changed - left.changed);
  return wanted[0];
}

const CHANGES_SQL = `
  SELECT format('%I.%I', schemaname, relname) AS target, relname AS table, n_live_tup AS live,
         greatest(n_dead_tup + n_ins_since_vacuum, n_mod_since_analyze) AS changed
    FROM pg_stat_user_tables
   WHERE relname LIKE 'r\\_%' OR relname = ANY($1::text[])`;

/**
 * A backend hands its counts to the statistics at most once a second, at the end of a later transaction (the
 * statistics read right after a write may not show it yet): after a write, they are read on every idle poll
 * until one read comes this long after the last write heard.
 */
const STATS_SETTLE_MS = 3_000;

/** The pool's 60 s query timeout would abandon a VACUUM that PGlite goes on running: a VACUUM gets an hour. */
const VACUUM_TIMEOUT_MS = 3_600_000;

export interface VacuumDone {
  table: string;
  ms: number;
}

export interface IdleVacuumOptions extends IdleVacuumSettings {
  pool: Pick<pg.Pool, 'query'>;
  /** How often idleness is looked at (default 1 s, or idleMs if shorter). */
  pollMs?: number;
  log?: { info(details: object, message: string): void; warn(details: object, message: string): void };
}

export class IdleVacuum {
  /** The last vacuums done, newest last (a few only: for tests and the log). */
  readonly done: VacuumDone[] = [];
  private inFlight = 0;
  private lastActivity = Date.now();
  /** When this process last wrote anything (start counts: the last run may have left work). */
  private lastWrite = Date.now();
  /** Whether the statistics may not show every write yet. */
  private written = true;
  private readonly asked = new Set<string>();
  /** Changes from before this start (embedded_vacuum_debt), per table, until it is vacuumed. */
  private readonly carried = new Map<string, number>();
  private loaded: Promise<void> | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private stopHearing = () => {};

  constructor(private readonly options: IdleVacuumOptions) {}

  /** Starts watching (the plugin: once the server is ready, so a long start-up is not taken for idleness). */
  start() {
    if (this.stopped || this.timer) return;
    this.lastActivity = Date.now();
    this.loaded = this.loadDebt();
    this.stopHearing = onDataWrite(() => {
      this.written = true;
      this.lastWrite = Date.now();
    });
    this.timer = setInterval(() => this.tick(), this.options.pollMs ?? Math.min(1_000, this.options.idleMs));
    this.timer.unref();
  }

  requestStarted() {
    this.inFlight += 1;
    this.lastActivity = Date.now();
  }

  requestEnded() {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.lastActivity = Date.now();
  }

  /** `table` had a bulk write (an import committed): vacuum it at the next idle moment, however much it changed. */
  schedule(table: string) {
    if (this.stopped) return;
    this.asked.add(table);
  }

  /** Whether a VACUUM is running now. */
  get busy(): boolean {
    return this.running !== null;
  }

  /**
   * No VACUUM starts after this; one that is running is waited for (PGlite cannot cut it short). Then what is
   * left to vacuum is kept for the next start (the database must still be open).
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    this.stopHearing();
    await this.running;
    if (this.loaded) await this.saveDebt();
  }

  private async loadDebt() {
    try {
      const { rows } = await this.options.pool.query<{ table_name: string; changed: number }>('SELECT table_name, changed FROM embedded_vacuum_debt');
      for (const row of rows) if (Number(row.changed) > 0) this.carried.set(row.table_name, Number(row.changed));
    } catch (error) {
      this.options.log?.warn({ err: error }, 'embedded database: reading the changes kept from the last run failed');
    }
  }

  private async saveDebt() {
    try {
      await this.loaded;
      const tables = await this.changes();
      await this.options.pool.query(
        `INSERT INTO embedded_vacuum_debt (table_name, changed) SELECT * FROM unnest($1::text[], $2::bigint[])
         ON CONFLICT (table_name) DO UPDATE SET changed = EXCLUDED.changed`,
        [tables.map((table) => table.table), tables.map((table) => table.changed)],
      );
    } catch (error) {
      this.options.log?.warn({ err: error }, 'embedded database: keeping the changes not yet vacuumed failed');
    }
  }

  /** Each engine table's changes: the statistics' since this start, and those carried from before it. */
  private async changes(): Promise<TableChanges[]> {
    // The tables an import asked for too: an adopted table (`companies`) has no `r_` name.
    const { rows } = await this.options.pool.query<TableChanges>(CHANGES_SQL, [[...this.asked]]);
    return rows.map((row) => ({ ...row, live: Number(row.live), changed: Number(row.changed) + (this.carried.get(row.table) ?? 0) }));
  }

  private idle(): boolean {
    return !this.stopped && this.inFlight === 0 && Date.now() - this.lastActivity >= this.options.idleMs;
  }

  private tick() {
    if (this.running || !this.idle() || (!this.written && this.asked.size === 0)) return;
    this.running = this.vacuumWhileIdle()
      .catch((error: unknown) => this.options.log?.warn({ err: error }, 'embedded database: reading table changes failed'))
      .finally(() => (this.running = null));
  }

  private async vacuumWhileIdle() {
    // Writes from here on are heard again, and read at the next idle moment; until the statistics have had time
    // to show the last one, they are read again at every idle poll.
    if (Date.now() - this.lastWrite >= STATS_SETTLE_MS) this.written = false;
    await this.loaded;
    const tables = await this.changes();
    // A table asked for that is not there (dropped since) is not asked for again at every idle poll.
    for (const name of this.asked) if (!tables.some((table) => table.table === name)) this.asked.delete(name);
    for (;;) {
      const table = nextTable(tables, this.asked, this.options.minRows);
      if (!table) return;
      if (!this.idle()) {
        // A request came: the rest waits for the next idle moment.
        this.written = true;
        return;
      }
      tables.splice(tables.indexOf(table), 1);
      this.asked.delete(table.table);
      await this.vacuum(table);
    }
  }

  private async vacuum(table: TableChanges) {
    const started = Date.now();
    // Said when it starts too: a request arriving now waits for it (the bench measures that wait).
    this.options.log?.info({ table: table.table, changed: table.changed }, `embedded database: VACUUM (ANALYZE) ${table.table} started`);
    try {
      await this.options.pool.query({ text: `VACUUM (ANALYZE) ${table.target}`, query_timeout: VACUUM_TIMEOUT_MS } as { text: string });
    } catch (error) {
      this.options.log?.warn({ err: error, table: table.table }, 'embedded database: VACUUM failed');
      return;
    }
    this.carried.delete(table.table);
    const ms = Date.now() - started;
    this.done.push({ table: table.table, ms });
    if (this.done.length > 20) this.done.shift();
    this.options.log?.info({ table: table.table, changed: table.changed, ms }, `embedded database: VACUUM (ANALYZE) ${table.table} took ${ms} ms`);
  }
}
