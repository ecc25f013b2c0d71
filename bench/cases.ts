/**
 * The list cases of the benchmark, as query strings of `GET /api/orders`, shared by the bench driver and
 * the floor server so both run exactly the same query.
 * - list: the first page with its total, in the default order (loading date, newest first);
 * - deep: a deep page (BENCH_DEEP_PAGE, default 10,000: rows 99,991–100,000) in the same order;
 * - search: a text search over the searched fields (customer, cargo number, addresses, dispatcher).
 */
export const DEEP_PAGE = Number(process.env.BENCH_DEEP_PAGE ?? 10_000);
export const SEARCH_TEXT = 'Danube Steel';

export const CASE_QUERIES: Record<string, string> = {
  list: '',
  deep: `page=${DEEP_PAGE}`,
  search: `search=${encodeURIComponent(SEARCH_TEXT)}`,
};
