/**
 * The list cases of the benchmark, as query strings of `GET /api/orders`, shared by the bench driver and
 * the floor server so both run exactly the same query.
 * - list: the first page with its total, in the default order (loading date, newest first);
 * - deep: a deep page (BENCH_DEEP_PAGE, default 10,000: rows 99,991–100,000) in the same order, reached as a
 *   person paging forward reaches it: by the `nextCursor` of the page before (a keyset page, cursor.ts). The
 *   driver fetches page DEEP_PAGE − 1 once by number for the cursor; both servers then load `cursor=<it>`;
 * - jump: the same deep page asked by number (`page=10000`, OFFSET), kept so the report stays honest about
 *   a jump straight to a deep page;
 * - search: a text search over the searched fields (customer, cargo number, addresses, dispatcher).
 */
export const DEEP_PAGE = Number(process.env.BENCH_DEEP_PAGE ?? 10_000);
export const SEARCH_TEXT = 'Danube Steel';

/** The page whose `nextCursor` leads to the deep page. */
export const BEFORE_DEEP_QUERY = `page=${DEEP_PAGE - 1}`;

/** The deep case's query once the cursor is known. */
export const deepQuery = (cursor: string) => `cursor=${encodeURIComponent(cursor)}`;

/** Fixed queries; `deep` is '' here and made of the cursor at run time (deepQuery). */
export const CASE_QUERIES: Record<string, string> = {
  list: '',
  deep: '',
  jump: `page=${DEEP_PAGE}`,
  search: `search=${encodeURIComponent(SEARCH_TEXT)}`,
};

/**
 * The order the create cases post: `first` (an order of the tenant) lends its vehicle, trailer and driver. Its
 * customer is not a name the search case finds: created orders must not grow its matches run after run.
 */
export function benchOrderBody(first: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {
    cargo_number: 'BENCH-1',
    customer: 'Benchmark Freight AG',
    dispatcher: 'Anna Nowak',
    loading_date: new Date().toISOString().slice(0, 10),
    price: 1840.5,
    loading_address: 'Grojecka 40, 02-320 Warsaw, PL',
    unloading_address: 'Billstrasse 12, 20539 Hamburg, DE',
  };
  for (const field of ['transport_id', 'trailer_id', 'primary_driver_id']) if (first[field] !== undefined) body[field] = first[field];
  return body;
}
