/**
 * Which engine table the embedded database's idle vacuum (idle-vacuum.ts) takes next, and which pass it gets: the
 * decision alone, from each table's changes, so it can be read and tested without a database.
 */

/** A table's changes as `pg_stat_user_tables` counts them. */
export interface TableChanges {
  /** The table's name, schema-qualified and quoted, ready to be put in a statement. */
  target: string;
  table: string;
  live: number;
  /**
   * Rows changed since the last full pass: since the last ANALYZE, or dead row versions and inserted rows since
   * the last VACUUM, whichever is more.
   */
  changed: number;
  /** Rows changed since the last VACUUM of either kind: dead row versions and inserted rows. */
  unvacuumed: number;
  /** The size of the table's indexes, which a full pass reads whole. */
  indexBytes: number;
}

/** A full `VACUUM (ANALYZE)`, or the heap pass alone (see the top of idle-vacuum.ts). */
export type VacuumKind = 'full' | 'prune';

export interface VacuumStep {
  table: TableChanges;
  kind: VacuumKind;
}

/** A share of a table's rows that makes it due even below `minRows` (a 20,000-row table after 2,000). */
const SHARE_OF_TABLE = 0.1;
/** Below this, changes to a small table are not worth a VACUUM of their own (its pages are few anyway). */
export const SMALL_TABLE_ROWS = 500;

/**
 * Indexes larger than this make a full pass cost a second or more (the bench's million orders: ~1 GB of
 * indexes, 6–12 s): such a table is pruned after a short quiet, and fully vacuumed after a long one.
 */
export const LARGE_INDEX_BYTES = 100 * 1024 * 1024;
/** A share of a large table changed since its last full pass that makes the full pass due without a long quiet. */
const FULL_PASS_SHARE = 0.2;

/** Whether `changed` rows make a table of `live` rows due. */
export function isDue(changed: number, live: number, minRows: number): boolean {
  const threshold = Math.min(minRows, Math.max(SMALL_TABLE_ROWS, SHARE_OF_TABLE * live));
  return changed >= threshold;
}

/**
 * Hours of the server's clock (its TZ): from `from` o'clock up to, not including, `to` o'clock; across midnight
 * when `from` is later than `to` (22–6).
 */
export interface ClockHours {
  from: number;
  to: number;
}

/** Whether `date`, read on the server's clock, falls within `hours`; null hours are every hour. */
export function withinHours(hours: ClockHours | null, date: Date): boolean {
  if (!hours) return true;
  const hour = date.getHours();
  return hours.from < hours.to ? hour >= hours.from && hour < hours.to : hour >= hours.from || hour < hours.to;
}

export interface StepChoice {
  minRows: number;
  /** Whether the server has been idle for the full pass's longer quiet, within the full pass's hours. */
  longIdle: boolean;
  largeIndexBytes: number;
}

/** What a table needs now, if anything. */
function stepFor(table: TableChanges, asked: boolean, choice: StepChoice): VacuumKind | undefined {
  // An import's table is vacuumed in full: after inserts alone, the index passes have nothing to do.
  if (asked) return 'full';
  if (table.indexBytes < choice.largeIndexBytes) return isDue(table.changed, table.live, choice.minRows) ? 'full' : undefined;
  if (isDue(table.changed, table.live, choice.minRows) && (choice.longIdle || table.changed >= FULL_PASS_SHARE * table.live)) return 'full';
  return isDue(table.unvacuumed, table.live, choice.minRows) ? 'prune' : undefined;
}

/** The table to vacuum next, and how: one asked for (an import) first, else the most changed of those due. */
export function nextStep(tables: TableChanges[], asked: ReadonlySet<string>, choice: StepChoice): VacuumStep | undefined {
  const steps = tables.flatMap((table) => {
    const kind = stepFor(table, asked.has(table.table), choice);
    return kind ? [{ table, kind }] : [];
  });
  steps.sort((left, right) => Number(asked.has(right.table.table)) - Number(asked.has(left.table.table)) || right.table.changed - left.table.changed);
  return steps[0];
}

/** Whether a large table still waits for its full pass (after a prune): the long quiet is watched for then. */
export function owesFullPass(table: TableChanges, choice: Pick<StepChoice, 'minRows' | 'largeIndexBytes'>): boolean {
  return table.indexBytes >= choice.largeIndexBytes && isDue(table.changed, table.live, choice.minRows);
}
