/**
 * A generic list request from its query string to its page, as one pipeline:
 *
 *   parse   the query string (list-query.ts `parseListQuery`) and its cursor (cursor.ts `readCursor`)
 *   plan    the order, the page and the total (`planList`, below): the page is the first one, one by number
 *           (from the end past the middle), or the one after or before a cursor's row; the total is known
 *           when it was kept since an earlier request (list-totals.ts), else it is counted with the page
 *   read    the page's rows and, unless known, the total: one statement, one round trip (EngineStore.readPage);
 *           a page turned forward also learns, once, whether the list holds rows without a sort value
 *           (`keptSortNulls`): while it holds none, the next ones are one index range instead of two
 *   answer  the total as the wire gives it and the cursors to the pages beside it (`pageAnswer`, below)
 * and then the wire (routes.ts: toWire, masking, annotate). A search whose first page read few matches from the
 * trigram index keeps their ids in the order (`keptMatchesOf`): its other pages are read by id, with no plan.
 *
 * Why one round trip: every statement is a trip to the database, and the embedded database answers one
 * statement at a time on its one connection, so a second statement per list doubled the list's wait there
 * whatever it cost (issue 16 point 9: a page turned answered 2.5–3× slower than the first page, which already
 * counted its total in its own statement). Why a kept total: turning a page, changing the page size or coming
 * back asks for the same total again, and nothing has changed it unless its table was written (list-totals.ts
 * hears every write); an unfiltered list's total, read from the maintained counts (counts.ts), is kept the same way.
 */
import type { EngineResource } from './model';
import type { ListQuery } from './list-query';
import type { Kept, KeptTotal, ListTotals } from './list-totals';
import { encodeCursor, queryFingerprint, SEARCH_TOTAL_CAP, type CursorPosition } from './cursor';
import type { ListPlan, PageRead } from './list-plan';
import { pageOrderOf } from './paging';
import type { EngineStore, KeyedRow, Scope } from './store';
import { Sql } from '../db/sql';

export interface ListPage {
  rows: KeyedRow[];
  /** The list's exact total, or SEARCH_TOTAL_CAP when `totalCapped`. */
  total: number;
  /** Whether a search has more matches than `total` says (SEARCH_TOTAL_CAP). */
  totalCapped: boolean;
  currentPage: number;
  nextCursor: string | null;
  previousCursor: string | null;
}

/**
 * A page by number deeper than this many rows, with no total known, is worth a count of its own first: past the
 * list's middle, reading from the end saves more than the second round trip costs. Up to it, walking the rows
 * before the page (index entries only, store.ts) costs less than that trip.
 */
export const FORWARD_WALK_ROWS = 1_000;

const NOTHING_KEPT: Kept<never> = { value: undefined, keepable: false, keep: () => {} };

/** The page a list request asks for, with its total and cursors: plan, read, answer (see the header). */
export async function listPage(
  store: EngineStore,
  resource: EngineResource,
  scope: Scope,
  query: ListQuery,
  position: CursorPosition | null,
  totals?: ListTotals,
): Promise<ListPage> {
  // The list's conditions as a key, rendered once for what is kept of it (its total, a search's matches).
  const conditions = store.where(scope, query.conditions).render();
  const kept: KeptTotal = totals?.lookup(resource, conditions) ?? NOTHING_KEPT;
  const matches = keptMatchesOf(resource, query, conditions, totals);
  const fingerprint = queryFingerprint(resource, query, scope);
  if (matches.value) {
    const planned = planList(resource, query, position, matches.value.length);
    const ids = keptPage(matches.value, planned);
    if (ids) return pageAnswer(planned, await store.rowsByIds(resource, scope, query.conditions, planned.order, ids), matches.value.length, fingerprint);
  }
  let known = kept.value;
  if (known === undefined && !position && (query.page - 1) * query.perPage > FORWARD_WALK_ROWS) {
    known = await store.count(resource, scope, query.conditions, totalCap(query));
    kept.keep(known);
  }
  const planned = planList(resource, query, position, known);
  const nulls = position && !position.backward && position.key !== null ? keptSortNulls(store, resource, scope, query, planned, totals) : NOTHING_KEPT;
  const plan: ListPlan = { ...planned, sortNulls: nulls.value === 0 ? 'none' : nulls.value === undefined && nulls.keepable ? 'probe' : undefined };
  const { rows, total, sortNulls, matchIds } = await store.readPage(resource, scope, query.conditions, plan);
  if (known === undefined) kept.keep(total);
  if (matchIds && matchIds.length === total) matches.keep(matchIds);
  if (sortNulls !== undefined) nulls.keep(sortNulls ? 1 : 0);
  return pageAnswer(plan, rows, total, fingerprint);
}

/**
 * The ids of a search's matches in the list's order, kept (list-totals.ts) since its first page read them from the
 * trigram index (store.ts KEPT_MATCHES): a search rare in its order, whose every other page would walk far to find
 * its rows. Kept like a total, until the table is written; keyed by the order as well as the conditions.
 */
function keptMatchesOf(resource: EngineResource, query: ListQuery, { text, values }: { text: string; values: unknown[] }, totals?: ListTotals): Kept<number[]> {
  if (!totals || !query.searched) return NOTHING_KEPT;
  const order = pageOrderOf(resource, query.sort);
  return totals.lookupMatches(resource, { text: `matches in ${order.expression ?? 'id'} ${order.direction}: ${text}`, values });
}

/**
 * The ids of the page a plan asks for, out of all the matches in order: by number, or after (before) the cursor's
 * row. Null when the cursor's row is not among them (a cursor made before the matches were kept): read as usual.
 */
export function keptPage(ids: number[], plan: Pick<ListPlan, 'read' | 'limit'>): number[] | null {
  const { read, limit } = plan;
  if (read.by === 'offset') return ids.slice(read.offset, read.offset + limit);
  const at = ids.indexOf(read.start.id);
  if (at < 0) return null;
  return read.backward ? ids.slice(Math.max(0, at - limit), at) : ids.slice(at + 1, at + 1 + limit);
}

/**
 * Whether the list holds rows without a sort value, kept like a total (list-totals.ts: until the table is written):
 * a page turned forward after a value then reads one index range instead of two (paging.ts `keysetConditions`),
 * which cost the second page a third more than the first (issue 16 point 9). Kept as 1 or 0 under its own key.
 */
function keptSortNulls(store: EngineStore, resource: EngineResource, scope: Scope, query: ListQuery, plan: ListPlan, totals?: ListTotals): KeptTotal {
  // A timestamp is never NULL (paging.ts keysetConditions reads it as one range): nothing to ask.
  if (!totals || plan.order.expression === null || plan.order.kind === 'timestamp') return NOTHING_KEPT;
  const { text, values } = store.where(scope, [...query.conditions, new Sql([`${plan.order.expression} IS NULL`], [])]).render();
  return totals.lookup(resource, { text: `sort nulls: ${text}`, values });
}

const totalCap = (query: ListQuery) => (query.searched ? SEARCH_TOTAL_CAP : undefined);

/** The plan of a list request: its order, its page, and whether its total is `known` already (see the header). */
export function planList(resource: EngineResource, query: ListQuery, position: CursorPosition | null, known?: number): ListPlan {
  const base = { order: pageOrderOf(resource, query.sort), limit: query.perPage, cap: totalCap(query), searched: query.searched, known };
  if (position)
    return { ...base, currentPage: position.page, read: { by: 'keyset', start: { key: position.key, id: position.id }, backward: position.backward } };
  const offset = (query.page - 1) * query.perPage;
  // A capped total is no end to count back from: such a page is read from the start.
  const exact = known !== undefined && (base.cap === undefined || known <= base.cap);
  const read: PageRead = exact && offset > known / 2 ? { by: 'offset', offset, fromEnd: { total: known } } : { by: 'offset', offset };
  return { ...base, currentPage: query.page, read };
}

/** The total as the wire gives it (capped for a search) and the cursors to the pages beside this one. */
export function pageAnswer(plan: ListPlan, rows: KeyedRow[], counted: number, fingerprint: string): ListPage {
  const totalCapped = plan.cap !== undefined && counted > plan.cap;
  const total = totalCapped ? (plan.cap as number) : counted;
  const { currentPage, order } = plan;
  const lastPage = Math.max(1, Math.ceil(total / plan.limit));
  const first = rows[0];
  const last = rows[rows.length - 1];
  const keyOf = (row: KeyedRow) => (order.kind === 'id' ? null : row.cursor_key);
  return {
    rows,
    total,
    totalCapped,
    currentPage,
    nextCursor:
      last && currentPage < lastPage ? encodeCursor({ page: currentPage + 1, backward: false, key: keyOf(last), id: Number(last.id) }, fingerprint) : null,
    previousCursor:
      first && currentPage > 1 ? encodeCursor({ page: currentPage - 1, backward: true, key: keyOf(first), id: Number(first.id) }, fingerprint) : null,
  };
}
