/**
 * The totals of lists, kept in memory until their table is written.
 *
 * An unfiltered list reads its total from the maintained counts (counts.ts) at any size; a filtered or searched
 * one must count its matches, and for a search that is most of its cost: "Danube Steel" over a tenant's million
 * orders matches ~4,000 of them, and counting them reads each one (~50 ms), while the page of ten stops early
 * (~4 ms). Turning the page, sorting it or coming back to the list asks for the same total again. So a total
 * counted once is kept per list (tenant, table and the statement's conditions) and answered again while nothing
 * wrote the table; an unfiltered list's too, whose page then needs no subquery of the counts at all
 * (list-pipeline.ts):
 * - this process's writes are heard from its pools (db/write-watch.ts): a statement that writes the table, a
 *   table whose deletes cascade into it (its parents) or the tenants;
 * - other processes' through NOTIFY on `fleetdesk_data`, which every engine table's statement trigger sends with
 *   its name (storage.ts); while that connection is down nothing is kept (`reliable`). The embedded database has
 *   no other writer (its data folder is locked).
 * A total is kept only when nothing was written between the start of its count and its end (the table's
 * generation did not move), so a count that raced a write is never kept. A condition on a derived field is never
 * kept: an age or days left change with the calendar, a department's members with another table. On PostgreSQL
 * the adopted tables (`users`, `companies`), which send no notification, are never kept either.
 */
import type { Database } from '../db/database';
import { watchWrites } from '../db/write-watch';
import type { EngineModel, EngineResource } from './model';

const MAX_ENTRIES = 5_000;
const DATA_CHANNEL = 'fleetdesk_data';

const escaped = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A statement that writes one of `tables` (store.ts quotes the names; hand-written code may not). */
function writesAny(tables: string[]): (text: string) => boolean {
  const pattern = new RegExp(
    `\\b(?:insert\\s+into|update|delete\\s+from|truncate(?:\\s+table)?|copy|merge\\s+into)\\s+(?:only\\s+)?"?(?:${tables.map(escaped).join('|')})"?(?![\\w])`,
    'i',
  );
  return (text) => pattern.test(text);
}

/** The tables whose writes can change a table's rows: itself, its parents (ON DELETE CASCADE) and the tenants. */
function writtenThrough(model: EngineModel, resource: EngineResource): string[] {
  const tables = [resource.table, 'tenants'];
  for (let parent = resource.definition.parent; parent;) {
    const next = model.byName.get(parent.resource);
    if (!next) break;
    tables.push(next.table);
    parent = next.definition.parent;
  }
  return tables;
}

export interface KeptTotal {
  /** The total, or undefined when none is kept. */
  total: number | undefined;
  /** Whether a total counted now would be kept (not for a derived field's condition, nor while writes go unheard). */
  keepable: boolean;
  /** Hands a total counted since this lookup to be kept (dropped if the table was written meanwhile). */
  keep(total: number): void;
}

export class ListTotals {
  private readonly entries = new Map<string, { total: number; generation: number }>();
  private readonly generations = new Map<string, number>();
  private readonly stopWatches: Array<() => void> = [];
  private reliable: boolean;
  /** Whether other processes may write (PostgreSQL): then only the tables that tell of their writes are kept. */
  private readonly shared: boolean;
  private stopRemote: (() => Promise<void>) | null = null;

  private constructor(
    private readonly model: EngineModel,
    database: Database,
  ) {
    this.reliable = database.listen === null;
    this.shared = database.listen !== null;
    for (const resource of model.resources) {
      const table = resource.table;
      this.stopWatches.push(watchWrites(writesAny(writtenThrough(model, resource)), () => this.written(table)));
    }
  }

  static async start(model: EngineModel, database: Database): Promise<ListTotals> {
    const totals = new ListTotals(model, database);
    if (database.listen)
      totals.stopRemote = await database.listen(
        DATA_CHANNEL,
        (table) => totals.writtenElsewhere(table),
        (listening) => {
          totals.reliable = listening;
          totals.entries.clear();
        },
      );
    return totals;
  }

  private written(table: string) {
    this.generations.set(table, (this.generations.get(table) ?? 0) + 1);
  }

  /** Another process wrote `table`: it and the tables its deletes cascade into. */
  private writtenElsewhere(table: string) {
    for (const resource of this.model.resources) if (writtenThrough(this.model, resource).includes(table)) this.written(resource.table);
    if (!this.model.resources.some((resource) => resource.table === table)) this.entries.clear();
  }

  /** The kept total of a list, keyed by its table and its statement (conditions with their values). */
  lookup(resource: EngineResource, statement: { text: string; values: unknown[] }): KeptTotal {
    const table = resource.table;
    const derived = Object.values(resource.derived).some((expression) => statement.text.includes(expression));
    // The adopted tables (`users`, `companies`) have no trigger that tells other processes of their writes.
    const heard = !this.shared || table.startsWith('r_');
    if (!this.reliable || derived || !heard) return { total: undefined, keepable: false, keep: () => {} };
    const key = `${table}\0${statement.text}\0${JSON.stringify(statement.values)}`;
    const generation = this.generations.get(table) ?? 0;
    const entry = this.entries.get(key);
    if (entry && entry.generation === generation) return { total: entry.total, keepable: true, keep: () => {} };
    if (entry) this.entries.delete(key);
    return {
      total: undefined,
      keepable: true,
      keep: (total) => {
        if (!this.reliable || (this.generations.get(table) ?? 0) !== generation) return;
        // Oldest first out: a Map iterates in insertion order.
        if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
        this.entries.set(key, { total, generation });
      },
    };
  }

  async stop(): Promise<void> {
    for (const stop of this.stopWatches) stop();
    await this.stopRemote?.();
  }
}
