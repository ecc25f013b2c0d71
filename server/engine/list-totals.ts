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
 * A rare search's matches (their ids, in the list's order) are kept the same way, under the same rules
 * (`lookupMatches`), so that its pages after the first are read by id; and so are the counts of a list's tabs
 * (`lookupTabCounts`, tab-counts.ts), which the web app asks beside every first page of a tabbed list.
 */
import type { Database } from '../db/database';
import { watchWrites } from '../db/write-watch';
import type { EngineModel, EngineResource } from './model';

const MAX_ENTRIES = 5_000;
/**
 * Ids of search matches kept at most, all lists together (list-pipeline.ts `keptMatchesOf`; a list holds at most
 * store.ts KEPT_MATCHES): about 8 MB as JavaScript arrays. Counted in ids rather than lists, so that the many rare
 * searches of a busy server (a few hundred matches each) are not pushed out by a count of lists sized for the largest.
 */
const MAX_MATCH_IDS = 1_000_000;
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

/** What is kept of a list under one key: a total, or (`lookupMatches`) the ids of a search's matches in an order. */
export interface Kept<Value> {
  /** The value, or undefined when none is kept. */
  value: Value | undefined;
  /** Whether a value read now would be kept (not for a derived field's condition, nor while writes go unheard). */
  keepable: boolean;
  /** Hands a value read since this lookup to be kept (dropped if the table was written meanwhile). */
  keep(value: Value): void;
}

export type KeptTotal = Kept<number>;

/** How many records each value of a list's tab field has (`{ staff: 12, archive: 3 }`). */
export type TabCounts = Record<string, number>;

interface Entry<Value> {
  value: Value;
  generation: number;
}

/** Entries under a budget of `weight`s (one a total, its length a match list), the oldest dropped first. */
export class Entries<Value> {
  private readonly map = new Map<string, Entry<Value>>();
  private used = 0;

  constructor(
    private readonly budget: number,
    private readonly weight: (value: Value) => number,
  ) {}

  get(key: string): Entry<Value> | undefined {
    return this.map.get(key);
  }

  delete(key: string) {
    const entry = this.map.get(key);
    if (!entry) return;
    this.used -= this.weight(entry.value);
    this.map.delete(key);
  }

  set(key: string, entry: Entry<Value>) {
    this.delete(key);
    this.used += this.weight(entry.value);
    this.map.set(key, entry);
    // Oldest first out: a Map iterates in insertion order.
    while (this.used > this.budget && this.map.size > 1) this.delete(this.map.keys().next().value as string);
  }

  clear() {
    this.map.clear();
    this.used = 0;
  }
}

export class ListTotals {
  private readonly entries = new Entries<number>(MAX_ENTRIES, () => 1);
  private readonly matchLists = new Entries<number[]>(MAX_MATCH_IDS, (ids) => Math.max(1, ids.length));
  private readonly tabCounts = new Entries<TabCounts>(MAX_ENTRIES, () => 1);
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
          totals.clearAll();
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
    if (!this.model.resources.some((resource) => resource.table === table)) this.clearAll();
  }

  private clearAll() {
    this.entries.clear();
    this.matchLists.clear();
    this.tabCounts.clear();
  }

  /** The kept total of a list, keyed by its table and its statement (conditions with their values). */
  lookup(resource: EngineResource, statement: { text: string; values: unknown[] }): KeptTotal {
    return this.kept(this.entries, resource, statement);
  }

  /**
   * The kept ids of a search's matches, all of them in the list's order, keyed like a total (the statement names
   * the order too): the pages after the first are then read by id (list-pipeline.ts `keptMatchesOf`).
   */
  lookupMatches(resource: EngineResource, statement: { text: string; values: unknown[] }): Kept<number[]> {
    return this.kept(this.matchLists, resource, statement);
  }

  /** The kept counts of a list's tabs, keyed like a total (the statement names the tab field too). */
  lookupTabCounts(resource: EngineResource, statement: { text: string; values: unknown[] }): Kept<TabCounts> {
    return this.kept(this.tabCounts, resource, statement);
  }

  private kept<Value>(entries: Entries<Value>, resource: EngineResource, statement: { text: string; values: unknown[] }): Kept<Value> {
    const table = resource.table;
    const derived = Object.values(resource.derived).some((expression) => statement.text.includes(expression));
    // The adopted tables (`users`, `companies`) have no trigger that tells other processes of their writes.
    const heard = !this.shared || table.startsWith('r_');
    if (!this.reliable || derived || !heard) return { value: undefined, keepable: false, keep: () => {} };
    const key = `${table}\0${statement.text}\0${JSON.stringify(statement.values)}`;
    const generation = this.generations.get(table) ?? 0;
    const entry = entries.get(key);
    if (entry && entry.generation === generation) return { value: entry.value, keepable: true, keep: () => {} };
    if (entry) entries.delete(key);
    return {
      value: undefined,
      keepable: true,
      keep: (value) => {
        if (!this.reliable || (this.generations.get(table) ?? 0) !== generation) return;
        entries.set(key, { value, generation });
      },
    };
  }

  async stop(): Promise<void> {
    for (const stop of this.stopWatches) stop();
    await this.stopRemote?.();
  }
}
