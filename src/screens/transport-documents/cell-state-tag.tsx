/**
 * A document cell's state as one tag, the same in the documents list and a vehicle's tab: missing (no end date
 * where every vehicle needs one), expired or expiring by its end date, otherwise valid, or not yet valid when its
 * start date is still ahead. The compliance engine's state (server/compliance/cell-states.ts) wins where the
 * server sent one; the start date only tells a valid document from one that has not begun.
 */
import { ExpiryTag, MissingTag, NotYetValidTag } from '../../fields/date/expiry-tag';
import { cellExpiry, startsLater } from './cell-rules';
import type { DocumentCell } from './types';

export function CellStateTag({ cell, warningDays, testId }: { cell: DocumentCell; warningDays?: number; testId: string }) {
  const state = cell.state ?? cellExpiry(cell, warningDays);
  if (state === 'missing') return <MissingTag testId={testId} />;
  if (state === 'good' && startsLater(cell)) return <NotYetValidTag testId={testId} />;
  return <ExpiryTag state={state} testId={testId} />;
}
