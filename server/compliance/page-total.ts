/**
 * The compliance page's total, from the kept counts (page-cache.ts: they trail a change by one count) checked
 * against the page itself, which is always current. A page shorter than its size ends the list, so the total is
 * known exactly; a full page shows at least that many. Without this, a fix just made left "3 items" over the 2
 * listed, and a column deleted left pages that were empty, until the next visit.
 */
import type { ComplianceCounts } from './counts';
import type { ComplianceState } from '../../resources/compliance';

export interface PageShape {
  page: number;
  perPage: number;
  /** How many items the page holds. */
  items: number;
}

/** The counts with the page's state's count corrected by the page, and the total of the page's filter. */
export function pageTotal(counted: ComplianceCounts, state: ComplianceState | undefined, shape: PageShape): { counts: ComplianceCounts; total: number } {
  const kept = state ? counted[state] : counted.expired + counted.expiring + counted.missing;
  const before = (shape.page - 1) * shape.perPage;
  let total = kept;
  if (shape.items > 0 && shape.items < shape.perPage) total = before + shape.items;
  else if (shape.items === shape.perPage) total = Math.max(kept, before + shape.items);
  // An empty page past the first: the list ends before it, wherever.
  else if (shape.items === 0) total = shape.page === 1 ? 0 : Math.min(kept, before);
  return { counts: state ? { ...counted, [state]: total } : counted, total };
}
