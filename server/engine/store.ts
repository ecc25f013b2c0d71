/**
 * The engine's tenant-scoped access to its tables, the counterpart of db/tenant-db.ts for tables that
 * are named by the registry (TenantDb's table list is a closed union of the hand-written ones). The
 * tenant is fixed at construction and every statement here carries `tenant_id = <it>`: the engine's
 * routes never write the tenant condition themselves.
 */
import pg from 'pg';
import type { Queryable } from '../db/pool';
import { changeEntrySql, changesBetween, recordChange, type Actor } from './audit';
import { identifier, join, Sql, sql } from '../db/sql';
import { wireTimestampTypes } from '../db/wire-timestamps';
import { COMPACT_AFTER, compactCountsQuery, maintainedCountSql } from './counts';
import { derivedColumn } from './derived-fields';
import {
  keysetConditions,
  orderSql,
  pagingOrderBy,
  partOrderSql,
  readInParts,
  sortFieldSearched,
  sortIndexCoversSearch,
  sortValueText,
  type KeysetStart,
  type ListPart,
  type PageOrder,
} from './paging';
import type { ListPlan } from './list-plan';
import type { EngineResource } from './model';
import type { RecordRow } from './records';

const raw = (text: string) => new Sql([text], []);

/**
 * How many rows of the order a bounded walk tests before it takes the matches from the trigram index
 * (walkThenMatches): a search matching one row in 30 or more finds its page there. 300 rows cost 0.66 ms on the
 * embedded database and 0.26 ms on PostgreSQL (1,000: 1.57 and 0.46 ms), the trigram index's 70 matches of
 * "Olena Melnyk" 1.16 and 0.64 ms.
 */
const WALK_ROWS = 300;

/**
 * How many entries of the sort index a first searched page walks before it takes its page from the matches its
 * count reads anyway (searchedFirstPage): a search matching one row in 100 or more finds its page there. An entry
 * that carries the search text costs ~2 µs to test on PostgreSQL (2,000 entries: 3.7 ms), so at most ~2 ms.
 */
export const SEARCH_WALK_ROWS = 1_000;

/**
 * A new search with at most this many matches, read from the trigram index for its first page (searchedFirstPage),
 * hands their ids back in the list's order, to be kept (list-pipeline.ts): its next pages are then read by id. Such
 * a search is rare in the order, so each of its pages would otherwise walk far: a customer name matching 500 of a
 * million orders, ~20,000 index entries a page (12 ms on PostgreSQL, the same again for every page turned). As
 * many as the count's cap (cursor.ts SEARCH_TOTAL_CAP), so every match it read: "Danube Steel" sorted by customer
 * (3,970 matches, past every customer from A to C) read them all again for every page and every repeat, 23 ms
 * each on PostgreSQL and 38 ms embedded. Sorting 10,000 ids for their order costs the first page a few ms.
 */
export const KEPT_MATCHES = 10_000;

/** A page by number that skips at most this many rows reads them straight, with no deferred join (pageStatement). */
const STRAIGHT_OFFSET_ROWS = 200;

/** A row of a list page with its sort value as a cursor carries it (paging.ts `sortValueText`). */
export type KeyedRow = RecordRow & { cursor_key: string | null };

/**
 * The row locks of a write (PostgreSQL's own). A record written to *names* another (a reference, a parent) with
 * `FOR KEY SHARE`, so a delete of that other record waits for the write, then sees what it wrote (and restricts,
 * clears or cascades), or the write waits for the delete and finds the record gone. An update takes
 * `FOR NO KEY UPDATE`: it does not hold up writes that only name the record. A delete takes `FOR UPDATE`.
 */
export type RowLock = 'FOR KEY SHARE' | 'FOR NO KEY UPDATE' | 'FOR UPDATE';

export interface Scope {
  /** The parent's id, for sub-resources. */
  parentId?: number;
  /** Schema fields fixed by path parameters (`pathFields`). */
  fields?: Record<string, number>;
}

const RECORD_COLUMNS = 'id, tenant_id, data, created_at, updated_at, created_by, updated_by, version';
const recordColumns = (resource: EngineResource) => (resource.definition.parent ? `${RECORD_COLUMNS}, parent_id` : RECORD_COLUMNS);

/** Whether a page is the list's first one, read from its start: empty only when the list is. */
const startsTheList = ({ read }: Pick<ListPlan, 'read'>) => read.by === 'offset' && read.offset === 0 && !read.fromEnd;

export class EngineStore {
  constructor(
    readonly client: Queryable,
    readonly tenantId: number,
    /**
     * Who writes. Given, every insert and update is written to the audit trail in the same statement's
     * transaction (audit.ts), for the generated and the hand-written routes alike.
     */
    readonly actor?: Actor,
  ) {}

  /** The list's WHERE: the tenant, the scope and `extra` (a kept total is keyed by it: list-totals.ts). */
  where(scope: Scope, extra: Sql[] = []): Sql {
    const conditions = [sql`tenant_id = ${this.tenantId}`];
    if (scope.parentId !== undefined) conditions.push(sql`parent_id = ${scope.parentId}`);
    for (const [field, value] of Object.entries(scope.fields ?? {})) conditions.push(sql`data @> ${JSON.stringify({ [field]: value })}::jsonb`);
    return join([...conditions, ...extra.map((condition) => sql`(${condition})`)], ' AND ');
  }

  /**
   * A record's columns (records.ts RecordRow) plus the derived fields' column (derived-fields.ts). Named in the
   * engine's own tables, whose computed columns (the sort key, the search text: paging.ts, search.ts)
   * are for the database alone: the search text alone would double what a page carries from it. `*` in the
   * adopted tables (`users`, `companies`), whose other columns are read by their own code.
   */
  private columns(resource: EngineResource): Sql {
    const derived = derivedColumn(resource.derived);
    const record = resource.table.startsWith('r_') ? recordColumns(resource) : '*';
    return raw(derived ? `${record}, ${derived}` : record);
  }

  /** Timestamps arrive as the wire's text (wire-timestamps.ts): records are read here to be answered. */
  private async run<Row>(statement: Sql): Promise<Row[]> {
    const { text, values } = statement.render();
    return (await this.client.query({ text, values, types: wireTimestampTypes })).rows as Row[];
  }

  /** Whether a list's total is the tenant's whole table, read from the maintained counts (counts.ts). */
  maintained(scope: Scope, conditions: Sql[]): boolean {
    return scope.parentId === undefined && Object.keys(scope.fields ?? {}).length === 0 && conditions.length === 0;
  }

  /**
   * The total (and, maintained, how many delta rows it was summed from) as expressions of one statement.
   * `cap`: count no further than one past it (a search's total, list-totals.ts), so that a search matching most
   * of a million rows stops early instead of reading them all.
   */
  private totalSql(resource: EngineResource, scope: Scope, conditions: Sql[], cap?: number): { total: Sql; pieces: Sql } {
    if (this.maintained(scope, conditions)) return maintainedCountSql(resource.table, this.tenantId);
    const where = this.where(scope, conditions);
    const table = identifier(resource.table);
    if (cap !== undefined) return { total: sql`(SELECT count(*) FROM (SELECT 1 FROM ${table} WHERE ${where} LIMIT ${cap + 1}) AS matches)`, pieces: raw('0') };
    return { total: sql`(SELECT count(*) FROM ${table} WHERE ${where})`, pieces: raw('0') };
  }

  /** Folding the deltas is housekeeping: only outside a transaction (a failure must not abort the caller's). */
  private async compactWhenPiledUp(resource: EngineResource, pieces: number) {
    if (pieces > COMPACT_AFTER && this.client instanceof pg.Pool) {
      const compact = compactCountsQuery(resource.table, this.tenantId);
      await this.client.query(compact.text, compact.values).catch(() => {});
    }
  }

  /**
   * The number of rows a list has. A tenant's whole table (no parent, no path field, no filter) is read
   * from the counts the triggers keep (counts.ts): O(1) at any size. Anything narrower is counted exactly.
   */
  async count(resource: EngineResource, scope: Scope, conditions: Sql[], cap?: number): Promise<number> {
    const { total, pieces } = this.totalSql(resource, scope, conditions, cap);
    const rows = await this.run<{ total: number | string; pieces: number | string }>(sql`SELECT ${total} AS total, ${pieces} AS pieces`);
    await this.compactWhenPiledUp(resource, Number(rows[0]?.pieces ?? 0));
    return Number(rows[0]?.total ?? 0);
  }

  /**
   * How many rows of a list have each value of a field (`{ staff: 12, archive: 3 }`): the tabs of a list
   * (`listTabs`). A row stored without the field counts under `fallback` (the schema's default), as the
   * list's filter finds it there (list-query.ts).
   */
  async countBy(resource: EngineResource, scope: Scope, conditions: Sql[], field: string, fallback?: string): Promise<Record<string, number>> {
    const rows = await this.run<{ value: string | null; total: number | string }>(
      sql`SELECT COALESCE(data->>${field}, ${fallback ?? null}::text) AS value, count(*) AS total FROM ${identifier(resource.table)} WHERE ${this.where(scope, conditions)} GROUP BY 1`,
    );
    return Object.fromEntries(rows.filter((row) => row.value !== null).map((row) => [row.value as string, Number(row.total)]));
  }

  /**
   * One page of a list. The first page is a plain `ORDER BY … LIMIT`, served by the sort index (paging.ts).
   * A deeper page is a deferred join: the rows to skip are walked as ids only, and the full rows (and the
   * derived fields) are read for the page alone, so skipping 100,000 rows costs an index walk instead of
   * 100,000 rows read, computed and thrown away; in the default order, by an index-only scan of the sort
   * column (paging.ts). Same rows, same order: `orderBy` ends with the id.
   */
  async page(resource: EngineResource, scope: Scope, conditions: Sql[], orderBy: Sql, limit: number, offset: number): Promise<RecordRow[]> {
    const table = identifier(resource.table);
    orderBy = pagingOrderBy(resource, orderBy);
    if (offset === 0) {
      return this.run<RecordRow>(sql`SELECT ${this.columns(resource)} FROM ${table} WHERE ${this.where(scope, conditions)} ORDER BY ${orderBy} LIMIT ${limit}`);
    }
    return this.run<RecordRow>(
      sql`SELECT ${this.columns(resource)} FROM ${table}
           JOIN (SELECT id FROM ${table} WHERE ${this.where(scope, conditions)} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}) AS page USING (id)
          ORDER BY ${orderBy}`,
    );
  }

  /** `*`, the derived fields and the row's sort value (`cursor_key`), for the pages cursors are made from. */
  private keyedColumns(resource: EngineResource, order: PageOrder): Sql {
    return sql`${this.columns(resource)}, ${sortValueText(order)} AS cursor_key`;
  }

  /**
   * The page a list plan asks for (list-pipeline.ts) and, unless the plan knows it, the list's total: one statement,
   * one round trip, the total an uncorrelated subquery run once beside the page. How the rows are found:
   * - the first page: `ORDER BY … LIMIT`, served by the sort index (paging.ts);
   * - a page by number: past a few hundred rows, a deferred join, the rows before it walked as ids only and the full
   *   rows (and the derived fields) read for the page alone; past the middle of the list (`fromEnd`, by its exact total) the same rows
   *   taken from the other end, in the reverse order with the small offset, and put back in order, so the last
   *   pages cost what the first do (the reverse order is the exact mirror, ties broken by id both ways); a page
   *   past the end is empty without a query;
   * - a page after (or before) a cursor's row: a keyset condition instead of an OFFSET, an index range scan of about
   *   `limit` entries at any depth (paging.ts `keysetConditions`); where the condition has two parts (the NULL sort
   *   values beside the others) each is its own index range of at most `limit` rows, merged in the order. A list
   *   known to hold no NULL sort value (the plan's `sortNulls`, kept by list-pipeline.ts) needs the first part
   *   alone; where that is not known yet, the statement also asks (`EXISTS`), so that the next page knows.
   * An empty page carries no total: an empty first page says the list is empty (a search that finds nothing); any
   * other empty page is counted on its own. A known total is not.
   */
  async readPage(
    resource: EngineResource,
    scope: Scope,
    conditions: Sql[],
    plan: ListPlan,
  ): Promise<{ rows: KeyedRow[]; total: number; sortNulls?: boolean; matchIds?: number[] }> {
    const { known } = plan;
    const probe = this.sortNullsProbe(resource, scope, conditions, plan);
    // A search's first page whose total is kept (counted in another order) but whose matches are not kept in this
    // order: read as a new search's first page, so that its matches come back by id to be kept for this order.
    const firstKnown = known !== undefined && known <= KEPT_MATCHES ? this.searchedFirstPage(resource, scope, conditions, plan, sql`${known}::bigint`) : null;
    if (known !== undefined && !firstKnown) {
      if (!probe) return { rows: await this.rowsOf(resource, scope, conditions, plan), total: known };
      const rows = await this.runPage<KeyedRow & { list_sort_nulls?: boolean }>(resource, scope, conditions, plan, sql`, ${probe} AS list_sort_nulls`);
      return { rows, total: known, ...this.takeSortNulls(rows) };
    }
    const counted = this.totalSql(resource, scope, conditions, plan.cap);
    const firstSearched = firstKnown ?? this.searchedFirstPage(resource, scope, conditions, plan, counted.total);
    const rows = firstSearched
      ? await this.run<KeyedRow & { list_total?: number | string; list_total_pieces?: number | string; list_match_ids?: unknown[] | null }>(firstSearched)
      : await this.runPage<KeyedRow & { list_total?: number | string; list_total_pieces?: number | string; list_sort_nulls?: boolean }>(
          resource,
          scope,
          conditions,
          plan,
          sql`, ${counted.total} AS list_total, ${counted.pieces} AS list_total_pieces${probe ? sql`, ${probe} AS list_sort_nulls` : raw('')}`,
        );
    const first = rows[0];
    if (!first) return { rows, total: known ?? (startsTheList(plan) ? 0 : await this.count(resource, scope, conditions, plan.cap)) };
    await this.compactWhenPiledUp(resource, Number(first.list_total_pieces ?? 0));
    const total = known ?? Number(first.list_total);
    const matchIds = 'list_match_ids' in first && Array.isArray(first.list_match_ids) ? first.list_match_ids.map(Number) : undefined;
    for (const row of rows) {
      delete row.list_total;
      delete row.list_total_pieces;
      if ('list_match_ids' in row) delete row.list_match_ids;
    }
    return { rows, total, ...this.takeSortNulls(rows), ...(matchIds ? { matchIds } : {}) };
  }

  /**
   * The rows of `ids` (a page of a search's kept matches, list-pipeline.ts), in that order: read by id, under the
   * list's own conditions still, so a row can only be answered where the list itself would find it.
   */
  async rowsByIds(resource: EngineResource, scope: Scope, conditions: Sql[], order: PageOrder, ids: number[]): Promise<KeyedRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.run<KeyedRow>(
      sql`SELECT ${this.keyedColumns(resource, order)} FROM ${identifier(resource.table)} WHERE ${this.where(scope, conditions)} AND id = ANY(${ids}::bigint[])`,
    );
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * The first page of a search counted for the first time, in an order that serves a search (the default order,
   * whose sort index carries the search text: paging.ts `sortIndexCoversSearch`; or a searched sort field, as
   * walkThenMatches), or null for any other page. Its count reads every match from the trigram index anyway; a
   * search with few matches then walked the sort index as well, through every entry before its tenth match (a new
   * customer name in a million orders: ~22,000 entries, 21 ms beside the count's 37 ms), or read the trigram index
   * twice (walkThenMatches and the count). One statement, either way bounded:
   * - `walked`: the first SEARCH_WALK_ROWS entries of the order (WALK_ROWS rows where the sort field is searched),
   *   tested; a search that matches one row in 100 (30) or more finds its page there, and is counted as before
   *   (`counted`: the capped count);
   * - otherwise `matched`: the matches, from the trigram index, at most one past the cap: while they are no more
   *   than the cap they are all of them, so the page is their first `limit` in the order and the total is how
   *   many they are; past the cap (many matches, few near the start of the order), the order is walked until
   *   the page is full, as any other page is read. What is not needed is never run (one-time filters; an InitPlan
   *   runs when first asked).
   * Matches read from the trigram index, KEPT_MATCHES or fewer, also come back as their ids in the order
   * (`list_match_ids`, on the first row only), for the next pages to be read by id.
   */
  private searchedFirstPage(resource: EngineResource, scope: Scope, conditions: Sql[], plan: ListPlan, counted: Sql): Sql | null {
    const { order, limit, cap } = plan;
    if (!startsTheList(plan) || !plan.searched || cap === undefined) return null;
    const walkRows = sortIndexCoversSearch(resource, order) ? SEARCH_WALK_ROWS : sortFieldSearched(resource, order) ? WALK_ROWS : 0;
    if (walkRows === 0) return null;
    const table = identifier(resource.table);
    const by = orderSql(order, false);
    const expression = raw(order.expression as string);
    // Read in parts (paging.ts readInParts), the walk is of the values, which come first in the order.
    const inParts = readInParts(resource, order);
    const walked = inParts
      ? this.walkedSql(resource, scope, conditions, [sql`${expression} IS NOT NULL`], partOrderSql(order, 'values'), walkRows, limit)
      : this.walkedSql(resource, scope, conditions, [], by, walkRows, limit);
    const matched = sql`SELECT id, ${expression} AS sort_value FROM ${table} WHERE ${this.where(scope, conditions)} LIMIT ${cap + 1}`;
    const bySortValue = orderSql({ ...order, expression: 'sort_value' });
    const enough = sql`(SELECT count(*) FROM walked) >= ${limit}`;
    const all = sql`(SELECT count(*) FROM matched) <= ${cap}`;
    const few = sql`(SELECT count(*) FROM matched) <= ${KEPT_MATCHES}`;
    const ids = sql`(SELECT array_agg(id ORDER BY ${bySortValue}) FROM matched WHERE NOT ${enough} AND ${few})`;
    const rest = [...conditions, sql`NOT ${enough} AND NOT ${all}`];
    return sql`WITH walked AS (${walked}), matched AS MATERIALIZED (${matched})
      SELECT ${this.keyedColumns(resource, order)},
             CASE WHEN ${enough} THEN ${counted} ELSE (SELECT count(*) FROM matched) END AS list_total, 0 AS list_total_pieces,
             CASE WHEN row_number() OVER (ORDER BY ${by}) = 1 THEN ${ids} END AS list_match_ids
        FROM ${table} JOIN (
          SELECT id FROM walked WHERE ${enough}
          UNION ALL
          (SELECT id FROM matched WHERE NOT ${enough} AND ${all} ORDER BY ${bySortValue} LIMIT ${limit})
          UNION ALL
          (${inParts ? this.idsInParts(resource, scope, rest, order, limit) : sql`SELECT id FROM ${table} WHERE ${this.where(scope, rest)} ORDER BY ${by} LIMIT ${limit}`})
        ) AS found USING (id) ORDER BY ${by}`;
  }

  /**
   * The ids of a list's first `limit` rows in its order, read in parts (paging.ts readInParts): its values and its
   * NULLs, each its own index range, merged.
   */
  private idsInParts(resource: EngineResource, scope: Scope, conditions: Sql[], order: PageOrder, limit: number): Sql {
    const table = identifier(resource.table);
    const expression = raw(order.expression as string);
    const part = (condition: Sql, which: ListPart) =>
      sql`(SELECT id, ${expression} AS sort_value FROM ${table} WHERE ${this.where(scope, [...conditions, condition])} ORDER BY ${partOrderSql(order, which)} LIMIT ${limit})`;
    return sql`SELECT id FROM (${part(sql`${expression} IS NOT NULL`, 'values')} UNION ALL ${part(sql`${expression} IS NULL`, 'nulls')}) AS parts
                ORDER BY ${orderSql({ ...order, expression: 'sort_value' })} LIMIT ${limit}`;
  }

  /** Whether the list has rows without a sort value, asked beside a page whose plan wants to know (ListPlan `sortNulls`). */
  private sortNullsProbe(resource: EngineResource, scope: Scope, conditions: Sql[], plan: ListPlan): Sql | null {
    if (plan.sortNulls !== 'probe' || plan.order.expression === null) return null;
    const table = identifier(resource.table);
    return sql`EXISTS (SELECT 1 FROM ${table} WHERE ${this.where(scope, [...conditions, sql`${raw(plan.order.expression)} IS NULL`])})`;
  }

  /** The probe's answer, taken off the rows (none on an empty page: nothing is then known). */
  private takeSortNulls(rows: Array<KeyedRow & { list_sort_nulls?: boolean }>): { sortNulls?: boolean } {
    const answer = rows[0]?.list_sort_nulls;
    for (const row of rows) delete row.list_sort_nulls;
    return typeof answer === 'boolean' ? { sortNulls: answer } : {};
  }

  /** The page's rows alone (a page past the end, read from the end, is empty without a query). */
  private async rowsOf(resource: EngineResource, scope: Scope, conditions: Sql[], plan: Pick<ListPlan, 'order' | 'limit' | 'read'>): Promise<KeyedRow[]> {
    const { read } = plan;
    if (read.by === 'offset' && read.fromEnd && read.offset >= read.fromEnd.total) return [];
    return this.runPage(resource, scope, conditions, plan, raw(''));
  }

  /**
   * Runs the page's statement with `extra` columns (the total) beside its rows, and answers the rows in the list's
   * order: a statement that reads them in the reverse order (a page before a cursor, a page read from the end) is
   * the exact mirror of it, so its rows are simply turned round.
   */
  private async runPage<Row extends KeyedRow>(
    resource: EngineResource,
    scope: Scope,
    conditions: Sql[],
    plan: Pick<ListPlan, 'order' | 'limit' | 'read' | 'sortNulls'>,
    extra: Sql,
  ): Promise<Row[]> {
    const { statement, reversed } = this.pageStatement(resource, scope, conditions, plan, extra);
    const rows = await this.run<Row & { sort_value?: unknown }>(statement);
    for (const row of rows) delete row.sort_value;
    return reversed ? rows.reverse() : rows;
  }

  /**
   * The statement of a page (readPage), with `extra` columns beside its rows. The rows are read straight from the
   * table, in the order or its reverse (`reversed`), whenever the rows skipped to reach them are few: a keyset page
   * skips none, a shallow page by number a few hundred at most. Only a deeper page by number is a deferred join,
   * its skipped rows walked as ids. (The join cost PostgreSQL twice the planning of the plain statement, for
   * nothing at those depths: 0.3 against 0.14 ms a page.)
   */
  private pageStatement(
    resource: EngineResource,
    scope: Scope,
    conditions: Sql[],
    plan: Pick<ListPlan, 'order' | 'limit' | 'read' | 'sortNulls' | 'searched'>,
    extra: Sql,
  ): { statement: Sql; reversed: boolean } {
    const { order, limit, read } = plan;
    const table = identifier(resource.table);
    const columns = sql`${this.keyedColumns(resource, order)}${extra}`;
    // A search in the default order: its ids from the sort index alone, which carries the search text (paging.ts),
    // and the rows of the matches only. Where the sort field is itself searched, a bounded walk instead (walkThenMatches).
    const idsFirst = plan.searched === true && sortIndexCoversSearch(resource, order);
    const boundedWalk = plan.searched === true && sortFieldSearched(resource, order);
    // A descending order by a field other than the default one: its values and its NULLs, each read as the field's
    // index reads it, merged in the order (paging.ts `readInParts`).
    const inParts = readInParts(resource, order);
    /**
     * `first`: the window is the first `first` rows (a LIMIT alone), which a bounded walk can serve. `part`: the rows
     * read are only the list's values or only its NULLs.
     */
    const rowsOf = (selected: Sql, condition: Sql[], reverse: boolean, window: Sql, first?: number, part?: ListPart) => {
      const by = inParts && part ? partOrderSql(order, part, reverse) : orderSql(order, reverse);
      if (boundedWalk && first !== undefined) return this.walkThenMatches(resource, scope, conditions, condition, order, reverse, first, selected, by);
      const where = this.where(scope, [...conditions, ...condition]);
      if (!idsFirst) return sql`SELECT ${selected} FROM ${table} WHERE ${where} ORDER BY ${by} ${window}`;
      const ids = sql`SELECT id FROM ${table} WHERE ${where} ORDER BY ${by} ${window}`;
      return sql`SELECT ${selected} FROM ${table} JOIN (${ids}) AS matches USING (id) ORDER BY ${by}`;
    };
    /**
     * Each part its own index range of at most `reach` rows, with its sort value (dropped after), to merge in the order;
     * a search in an order by a searched field, a bounded walk of each.
     */
    const union = (parts: Array<{ condition: Sql; part: ListPart }>, selected: Sql, reverse: boolean, reach: number) =>
      join(
        parts.map(
          ({ condition, part }) =>
            sql`(${rowsOf(sql`${selected}, ${raw(order.expression as string)} AS sort_value`, [condition], reverse, sql`LIMIT ${reach}`, reach, part)})`,
        ),
        ' UNION ALL ',
      );
    const merged = (reverse: boolean) => orderSql({ ...order, expression: 'sort_value' }, reverse);
    if (read.by === 'keyset') {
      const parts = keysetConditions(order, read.start, read.backward, plan.sortNulls === 'none');
      if (parts.length === 1) {
        const [{ condition, part }] = parts;
        return { statement: rowsOf(columns, [condition], read.backward, sql`LIMIT ${limit}`, limit, part), reversed: read.backward };
      }
      const statement = sql`SELECT keyset.*${extra} FROM (${union(parts, this.keyedColumns(resource, order), read.backward, limit)}) AS keyset
                            ORDER BY ${merged(read.backward)} LIMIT ${limit}`;
      return { statement, reversed: read.backward };
    }
    const { offset, fromEnd } = read;
    const taken = fromEnd ? Math.min(limit, fromEnd.total - offset) : limit;
    const skipped = fromEnd ? Math.max(0, fromEnd.total - offset - limit) : offset;
    const window = sql`LIMIT ${taken} OFFSET ${skipped}`;
    const reversed = fromEnd !== undefined;
    if (inParts) {
      const expression = raw(order.expression as string);
      const parts = [
        { condition: sql`${expression} IS NOT NULL`, part: 'values' as const },
        { condition: sql`${expression} IS NULL`, part: 'nulls' as const },
      ];
      if (skipped <= STRAIGHT_OFFSET_ROWS) {
        const statement = sql`SELECT keyset.*${extra} FROM (${union(parts, this.keyedColumns(resource, order), reversed, skipped + taken)}) AS keyset
                              ORDER BY ${merged(reversed)} ${window}`;
        return { statement, reversed };
      }
      const ids = sql`SELECT keyset.id FROM (${union(parts, raw('id'), reversed, skipped + taken)}) AS keyset ORDER BY ${merged(reversed)} ${window}`;
      return { statement: sql`SELECT ${columns} FROM ${table} JOIN (${ids}) AS page USING (id) ORDER BY ${orderSql(order)}`, reversed: false };
    }
    if (skipped <= STRAIGHT_OFFSET_ROWS) return { statement: rowsOf(columns, [], reversed, window, offset === 0 && !fromEnd ? limit : undefined), reversed };
    const ids = rowsOf(raw('id'), [], reversed, window);
    return { statement: sql`SELECT ${columns} FROM ${table} JOIN (${ids}) AS page USING (id) ORDER BY ${orderSql(order)}`, reversed: false };
  }

  /**
   * The first `limit` rows of a searched list whose sort field is itself searched (employees by last name): the
   * planner reckons a search's matches spread evenly along the sort order, but there they lie together ("Melnyk"
   * half-way through the alphabet), so it walked the sort index for the first ten through 90,000 employees
   * (85 ms) where the trigram index held the 70 matches (1 ms). One statement, either way bounded:
   * - `walked`: the first WALK_ROWS rows of the range in the order, tested; a search that matches one row in 30
   *   or more finds its page there (the first matches of the order are the first ones in the range);
   * - `matched`, only if the walk found fewer: every match, from the trigram index (a materialized CTE, planned
   *   on its own, and never run when the one-time filter is false), its first `limit` in the order.
   * `range`: the keyset condition of a page after a cursor (none for the first page).
   */
  private walkThenMatches(
    resource: EngineResource,
    scope: Scope,
    conditions: Sql[],
    range: Sql[],
    order: PageOrder,
    reverse: boolean,
    limit: number,
    selected: Sql,
    by: Sql,
  ): Sql {
    const table = identifier(resource.table);
    const walked = this.walkedSql(resource, scope, conditions, range, by, WALK_ROWS, limit);
    const matched = sql`SELECT id, ${raw(order.expression as string)} AS sort_value FROM ${table} WHERE ${this.where(scope, [...conditions, ...range])}`;
    const enough = sql`(SELECT count(*) FROM walked) >= ${limit}`;
    return sql`WITH walked AS (${walked}), matched AS MATERIALIZED (${matched})
      SELECT ${selected} FROM ${table} JOIN (
        SELECT id FROM walked WHERE ${enough}
        UNION ALL
        (SELECT id FROM matched WHERE NOT ${enough} ORDER BY ${orderSql({ ...order, expression: 'sort_value' }, reverse)} LIMIT ${limit})
      ) AS found USING (id) ORDER BY ${by}`;
  }

  /** The bounded walk of walkThenMatches and searchedFirstPage: the first `rows` rows of the range in the order, tested. */
  private walkedSql(resource: EngineResource, scope: Scope, conditions: Sql[], range: Sql[], by: Sql, rows: number, limit: number): Sql {
    const tested = join(
      conditions.map((condition) => sql`(${condition})`),
      ' AND ',
    );
    return sql`SELECT id FROM (SELECT * FROM ${identifier(resource.table)} WHERE ${this.where(scope, range)} ORDER BY ${by} LIMIT ${rows}) AS walk
                WHERE ${tested} ORDER BY ${by} LIMIT ${limit}`;
  }

  /**
   * A page of a list by number, without its total (`total`: the list's exact total, for reading past the middle
   * from the other end; see readPage). An export's first batch, and tests comparing it with a plain OFFSET.
   */
  async pageByNumber(
    resource: EngineResource,
    scope: Scope,
    conditions: Sql[],
    order: PageOrder,
    limit: number,
    offset: number,
    total: number,
  ): Promise<KeyedRow[]> {
    const read = offset > 0 && offset > total / 2 ? { by: 'offset' as const, offset, fromEnd: { total } } : { by: 'offset' as const, offset };
    return this.rowsOf(resource, scope, conditions, { order, limit, read });
  }

  /** The page after `start` (or, `backward`, the one before it), without its total (readPage): an export's next batch. */
  async pageAfter(
    resource: EngineResource,
    scope: Scope,
    conditions: Sql[],
    order: PageOrder,
    limit: number,
    start: KeysetStart,
    backward: boolean,
  ): Promise<KeyedRow[]> {
    return this.rowsOf(resource, scope, conditions, { order, limit, read: { by: 'keyset', start, backward } });
  }

  /**
   * Every row of a list in its order, as one statement to read through a cursor (an export: server/import-export/),
   * the default order by its computed column as EngineStore.page runs it.
   */
  listStatement(resource: EngineResource, scope: Scope, conditions: Sql[], orderBy: Sql, fields?: string[]): Sql {
    return sql`SELECT ${fields ? this.narrowColumns(resource, fields) : this.columns(resource)} FROM ${identifier(resource.table)} WHERE ${this.where(scope, conditions)} ORDER BY ${pagingOrderBy(resource, orderBy)}`;
  }

  /**
   * The system columns, the derived fields and of `data` only `fields` (a record as toWire reads it): what an export
   * writes of a million orders, without parsing and dropping the rest of each record.
   */
  private narrowColumns(resource: EngineResource, fields: string[]): Sql {
    const stored = fields.filter((field) => Object.hasOwn(resource.properties, field) && !Object.hasOwn(resource.derived, field));
    // jsonb_build_object takes at most 100 arguments: 50 fields a call, the calls joined.
    const parts: string[] = [];
    for (let start = 0; start < stored.length; start += 50) {
      const pairs = stored.slice(start, start + 50).map((field) => `'${field.replace(/'/g, "''")}', data->'${field.replace(/'/g, "''")}'`);
      parts.push(`jsonb_build_object(${pairs.join(', ')})`);
    }
    const data = parts.length > 0 ? `jsonb_strip_nulls(${parts.join(' || ')})` : `'{}'::jsonb`;
    const derived = derivedColumn(resource.derived);
    const parent = resource.definition.parent ? 'parent_id, ' : '';
    return raw(`id, tenant_id, ${parent}created_at, updated_at, created_by, updated_by, version, ${data} AS data${derived ? `, ${derived}` : ''}`);
  }

  /** The tenant's records of these ids (any order; unknown ids are absent). */
  async byIds(resource: EngineResource, ids: number[]): Promise<RecordRow[]> {
    if (ids.length === 0) return [];
    return this.run<RecordRow>(
      sql`SELECT ${this.columns(resource)} FROM ${identifier(resource.table)} WHERE ${this.where({}, [sql`id = ANY(${ids}::bigint[])`])}`,
    );
  }

  /** One record by id within the scope; `lock` takes a row lock until the transaction ends (`RowLock`). */
  async find(resource: EngineResource, id: number, scope: Scope, lock?: RowLock): Promise<RecordRow | null> {
    const statement = sql`SELECT ${this.columns(resource)} FROM ${identifier(resource.table)} WHERE ${this.where(scope, [sql`id = ${id}`])}`;
    const rows = await this.run<RecordRow>(lock ? sql`${statement} ${raw(lock)}` : statement);
    return rows[0] ?? null;
  }

  async exists(resource: EngineResource, id: number, lock?: RowLock): Promise<boolean> {
    return (await this.find(resource, id, {}, lock)) !== null;
  }

  /** `action`: how the audit trail names the write, `import` for a record made by a file import. */
  async insert(
    resource: EngineResource,
    data: Record<string, unknown>,
    userId: number,
    parentId?: number,
    action: 'create' | 'import' = 'create',
  ): Promise<RecordRow> {
    const columns = ['tenant_id', 'data', 'created_by', 'updated_by'];
    const values: unknown[] = [this.tenantId, JSON.stringify(data), userId, userId];
    if (parentId !== undefined) {
      columns.push('parent_id');
      values.push(parentId);
    }
    const insert = sql`INSERT INTO ${identifier(resource.table)} (${join(columns.map(identifier), ', ')}) VALUES (${join(
      values.map((value) => sql`${value}`),
      ', ',
    )}) RETURNING ${this.columns(resource)}`;
    if (!this.actor) return (await this.run<RecordRow>(insert))[0];
    // The audit entry in the same statement: what is stored is exactly `data` (jsonb keeps it as given).
    const entry = changeEntrySql(this.actor, resource, action, changesBetween(resource, null, data), 'inserted');
    const rows = await this.run<RecordRow>(sql`WITH inserted AS (${insert}), entry AS (${entry}) SELECT * FROM inserted`);
    return rows[0];
  }

  /**
   * Writes `data` over the record. `before` (the record's data as the caller read it under a row lock)
   * lets the audit entry go in the same statement; without it the statement reads the row as it was.
   */
  async update(resource: EngineResource, id: number, data: Record<string, unknown>, userId: number, before?: Record<string, unknown>): Promise<RecordRow> {
    const update = sql`UPDATE ${identifier(resource.table)} SET data = ${JSON.stringify(data)}::jsonb, version = version + 1, updated_at = now(), updated_by = ${userId}
           WHERE ${this.where({}, [sql`id = ${id}`])} RETURNING ${this.columns(resource)}`;
    if (this.actor && before) {
      const changes = changesBetween(resource, before, data);
      // An update that changed nothing (a form saved as it was) is not news (audit.ts recordChange).
      if (Object.keys(changes).length === 0) return (await this.run<RecordRow>(update))[0];
      const entry = changeEntrySql(this.actor, resource, 'update', changes, 'updated');
      return (await this.run<RecordRow>(sql`WITH updated AS (${update}), entry AS (${entry}) SELECT * FROM updated`))[0];
    }
    // The CTE reads the row as it was, in the same statement, for the audit trail's "before".
    const rows = await this.run<RecordRow & { before_data: Record<string, unknown> | null }>(
      sql`WITH previous AS (SELECT data FROM ${identifier(resource.table)} WHERE ${this.where({}, [sql`id = ${id}`])})
          UPDATE ${identifier(resource.table)} SET data = ${JSON.stringify(data)}::jsonb, version = version + 1, updated_at = now(), updated_by = ${userId}
           WHERE ${this.where({}, [sql`id = ${id}`])} RETURNING ${this.columns(resource)}, (SELECT data FROM previous) AS before_data`,
    );
    const { before_data: previous, ...row } = rows[0];
    if (this.actor) await recordChange(this.client, this.actor, resource, id, 'update', previous, row.data, row.parent_id ?? null);
    return row;
  }
}
