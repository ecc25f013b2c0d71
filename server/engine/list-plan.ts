/**
 * The plan of a list request (list-pipeline.ts `planList`): what EngineStore.readPage reads. A file of its own so
 * that the store (the SQL layer) and the pipeline above it both name it without importing each other.
 */
import type { KeysetStart, PageOrder } from './paging';

/**
 * How the page's rows are found: by OFFSET in the list's order (0: the first page), or past the middle in the
 * reverse order (`fromEnd`, with the exact total: the last pages cost what the first do); or by keyset after (or,
 * `backward`, before) a cursor's row: an index range of about `limit` entries at any depth (paging.ts).
 */
export type PageRead = { by: 'offset'; offset: number; fromEnd?: { total: number } } | { by: 'keyset'; start: KeysetStart; backward: boolean };

export interface ListPlan {
  order: PageOrder;
  limit: number;
  read: PageRead;
  currentPage: number;
  /** The total known before reading (kept), else undefined: the page's statement counts it. */
  known?: number;
  /** A search's total is counted no further than one past this (SEARCH_TOTAL_CAP). */
  cap?: number;
  /** Whether the list is searched (`search=`): its page may be found in the sort index first (store.ts). */
  searched?: boolean;
  /**
   * What is known of NULL sort values among the list's rows, for a page forward after a cursor's value: `none`
   * (kept since an earlier request: the page is one index range), `probe` (not known: the page's statement also
   * asks whether there are any, to be kept), or undefined (some, or not worth asking: two ranges, paging.ts).
   */
  sortNulls?: 'none' | 'probe';
}
