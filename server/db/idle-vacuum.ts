/**
 * VACUUM of the engine's tables (`r_*`) on the embedded database, while the server is idle (issue 16, point 7).
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
 * again before each next one: the longest wait a request can meet is one VACUUM of one table.
 *
 * **Two kinds of pass, for a table with large indexes.** A full `VACUUM (ANALYZE)` reads every one of the
 * table's indexes whole to take out the dead rows' entries: 6–12 s for the bench's million orders (20 indexes,
 * ~1 GB), about the same after 10,000 changed rows as after 100,000. Its heap pass alone (`INDEX_CLEANUP OFF`:
 * dead rows pruned to a line pointer, pages without one marked all-visible again, the heap's space reusable)
 * takes 0.4–0.5 s. So where the indexes are over `largeIndexBytes`, a table due after a short quiet gets the
 * heap pass (a "prune"), and the full pass (its index passes, the pages left not all-visible, ANALYZE) waits
 * for a longer quiet, `fullIdleMs`, within the night's hours (`fullPassHours`), or for a fifth of the table
 * changed since the last one (autovacuum's own scale factor), whichever comes first. bench/NOTES.md, "Issue 16
 * point 7", has the figures. A smaller table gets the full pass at once, as its indexes cost little to read.
 * Which table and which pass: vacuum-steps.ts.
 *
 * PGlite's statistics start from zero at every start: what was changed and not yet vacuumed when the server
 * stopped is written to `embedded_vacuum_debt` (migrations 015, 018) then, and added to the statistics after
 * the next start. A crash loses it (the next VACUUM of the table catches up once it changes past its threshold
 * again).
 *
 * PostgreSQL has autovacuum, and the engine's per-table settings tune it (paging.ts): nothing here runs there.
 */
import type pg from 'pg';
import {
  LARGE_INDEX_BYTES,
  nextStep,
  owesFullPass,
  withinHours,
  type ClockHours,
  type StepChoice,
  type TableChanges,
  type VacuumKind,
  type VacuumStep,
} from './vacuum-steps';
import { onDataWrite } from './write-watch';

export interface IdleVacuumSettings {
  /** No request in flight for this long before a VACUUM may start. */
  idleMs: number;
  /** A table is due after this many changed rows (or 10 % of its rows, if fewer, but never under SMALL_TABLE_ROWS). */
  minRows: number;
  /** No request in flight for this long before a full pass of a table with large indexes may start. */
  fullIdleMs: number;
  /**
   * The hours of the server's clock in which that long quiet may start a full pass (null or left out: any hour).
   * A quiet of half a minute comes often in an office's working day, and whoever clicks during the full pass of a
   * million orders waits 6–12 s for it: at night nobody does. A fifth of the table changed still starts the full
   * pass at the next short quiet, whatever the hour, so a server that never runs at night does not owe it forever.
   */
  fullPassHours?: ClockHours | null;
}

interface ChangesRow {
  target: string;
  table: string;
  live: string;
  changed: string;
  unvacuumed: string;
  index_bytes: string;
}

/**
 * The live rows from the catalog as well: PGlite's `n_live_tup` starts from zero at every start too, and would
 * make a table of a million rows look small (due after 500 changes, a fifth of it changed at once) until its
 * next VACUUM; `reltuples` is what the last VACUUM or ANALYZE counted, kept in the catalog (-1 if never).
 * The indexes' size from the catalog too (`relpages`, as of their last VACUUM, ANALYZE or build): asking each
 * index file its size (`pg_indexes_size`) made this statement 15 ms instead of 3 (median) at the bench's full size.
 */
const CHANGES_SQL = `
  SELECT format('%I.%I', s.schemaname, s.relname) AS target, s.relname AS table,
         greatest(s.n_live_tup, c.reltuples::bigint) AS live,
         greatest(s.n_dead_tup + s.n_ins_since_vacuum, s.n_mod_since_analyze) AS changed,
         s.n_dead_tup + s.n_ins_since_vacuum AS unvacuumed,
         (SELECT coalesce(sum(ic.relpages), 0) FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid WHERE i.indrelid = s.relid)
           * current_setting('block_size')::bigint AS index_bytes
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
   WHERE s.relname LIKE 'r\\_%' OR s.relname = ANY($1::text[])`;

/**
 * A backend hands its counts to the statistics at most once a second, at the end of a later transaction (the
 * statistics read right after a write may not show it yet): after a write, they are read on every idle poll
 * until one read comes this long after the last write heard.
 */
const STATS_SETTLE_MS = 3_000;

/** The pool's 60 s query timeout would abandon a VACUUM that PGlite goes on running: a VACUUM gets an hour. */
const VACUUM_TIMEOUT_MS = 3_600_000;

const STATEMENTS: Record<VacuumKind, string> = { full: 'VACUUM (ANALYZE)', prune: 'VACUUM (INDEX_CLEANUP OFF)' };

export interface VacuumDone {
  table: string;
  kind: VacuumKind;
  ms: number;
}

/** Changes kept from before this start for a table (embedded_vacuum_debt). */
interface Carried {
  changed: number;
  unvacuumed: number;
}

export interface IdleVacuumOptions extends IdleVacuumSettings {
  pool: Pick<pg.Pool, 'query'>;
  /** Indexes larger than this make a table's full pass wait for the long quiet (default LARGE_INDEX_BYTES). */
  largeIndexBytes?: number;
  /** How often idleness is looked at (default 1 s, or idleMs if shorter). */
  pollMs?: number;
  /** The server's clock, for the full pass's hours (tests set their own hour). */
  clock?: () => Date;
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
  private readonly carried = new Map<string, Carried>();
  /** Whether a large table was pruned and waits for its full pass: the long quiet is watched for then. */
  private fullPassOwed = false;
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
      const { rows } = await this.options.pool.query<{ table_name: string; changed: number; unvacuumed: number | null }>(
        'SELECT table_name, changed, unvacuumed FROM embedded_vacuum_debt',
      );
      for (const row of rows) {
        // Kept before migration 018: its one count was both.
        const carried = { changed: Number(row.changed), unvacuumed: Number(row.unvacuumed ?? row.changed) };
        if (carried.changed > 0 || carried.unvacuumed > 0) this.carried.set(row.table_name, carried);
      }
      // A table pruned in the last run may owe its full pass.
      this.fullPassOwed ||= this.carried.size > 0;
    } catch (error) {
      this.options.log?.warn({ err: error }, 'embedded database: reading the changes kept from the last run failed');
    }
  }

  private async saveDebt() {
    try {
      await this.loaded;
      const tables = await this.changes();
      await this.options.pool.query(
        `INSERT INTO embedded_vacuum_debt (table_name, changed, unvacuumed) SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[])
         ON CONFLICT (table_name) DO UPDATE SET changed = EXCLUDED.changed, unvacuumed = EXCLUDED.unvacuumed`,
        [tables.map((table) => table.table), tables.map((table) => table.changed), tables.map((table) => table.unvacuumed)],
      );
    } catch (error) {
      this.options.log?.warn({ err: error }, 'embedded database: keeping the changes not yet vacuumed failed');
    }
  }

  /** Each engine table's changes: the statistics' since this start, and those carried from before it. */
  private async changes(): Promise<TableChanges[]> {
    // The tables an import asked for too: an adopted table (`companies`) has no `r_` name.
    const { rows } = await this.options.pool.query<ChangesRow>(CHANGES_SQL, [[...this.asked]]);
    return rows.map((row) => {
      const carried = this.carried.get(row.table);
      return {
        target: row.target,
        table: row.table,
        live: Number(row.live),
        changed: Number(row.changed) + (carried?.changed ?? 0),
        unvacuumed: Number(row.unvacuumed) + (carried?.unvacuumed ?? 0),
        indexBytes: Number(row.index_bytes),
      };
    });
  }

  private idleFor(ms: number): boolean {
    return !this.stopped && this.inFlight === 0 && Date.now() - this.lastActivity >= ms;
  }

  /** The long quiet a full pass of a large table waits for: no request for `fullIdleMs`, within its hours. */
  private longQuiet(): boolean {
    const now = this.options.clock?.() ?? new Date();
    return this.idleFor(this.options.fullIdleMs) && withinHours(this.options.fullPassHours ?? null, now);
  }

  private choice(): StepChoice {
    return {
      minRows: this.options.minRows,
      longIdle: this.longQuiet(),
      largeIndexBytes: this.options.largeIndexBytes ?? LARGE_INDEX_BYTES,
    };
  }

  private tick() {
    if (this.running || !this.idleFor(this.options.idleMs)) return;
    const fullPassNow = this.fullPassOwed && this.longQuiet();
    if (!this.written && this.asked.size === 0 && !fullPassNow) return;
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
    const pruned: TableChanges[] = [];
    for (;;) {
      const step = nextStep(tables, this.asked, this.choice());
      if (!step) break;
      if (!this.idleFor(this.options.idleMs)) {
        // A request came: the rest waits for the next idle moment.
        this.written = true;
        return;
      }
      tables.splice(tables.indexOf(step.table), 1);
      this.asked.delete(step.table.table);
      if ((await this.vacuum(step)) && step.kind === 'prune') pruned.push(step.table);
    }
    // The tables left, and those just pruned, that wait for their full pass.
    this.fullPassOwed = [...tables, ...pruned].some((table) => owesFullPass(table, this.choice()));
  }

  /** Runs one step; whether it succeeded. */
  private async vacuum({ table, kind }: VacuumStep): Promise<boolean> {
    const started = Date.now();
    const statement = STATEMENTS[kind];
    // Said when it starts too: a request arriving now waits for it (the bench measures that wait).
    this.options.log?.info({ table: table.table, kind, changed: table.changed }, `embedded database: ${statement} ${table.table} started`);
    try {
      await this.options.pool.query({ text: `${statement} ${table.target}`, query_timeout: VACUUM_TIMEOUT_MS } as { text: string });
    } catch (error) {
      this.options.log?.warn({ err: error, table: table.table, kind }, 'embedded database: VACUUM failed');
      return false;
    }
    const carried = this.carried.get(table.table);
    if (kind === 'full') this.carried.delete(table.table);
    else if (carried) carried.unvacuumed = 0;
    const ms = Date.now() - started;
    this.done.push({ table: table.table, kind, ms });
    if (this.done.length > 20) this.done.shift();
    this.options.log?.info({ table: table.table, kind, changed: table.changed, ms }, `embedded database: ${statement} ${table.table} took ${ms} ms`);
    return true;
  }
}
