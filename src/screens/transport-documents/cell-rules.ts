/**
 * The pure rules of a document cell: its expiry (SPEC §4, with the column's own threshold), the order of
 * its dates (SPEC §5: end not before start) and which chosen files may be sent (≤ 5 MB each).
 */
import { expiryStateOf, localToday, type ExpiryState } from '../../fields/date/expiry';
import { isTooLarge } from '../../fields/file/limits';
import type { DocumentCell, VehicleDocuments } from './types';

/** The column's default threshold, as the server stores it (schemas/transport-document-group.json). */
export const defaultWarningDays = 30;

export function cellExpiry(cell: Pick<DocumentCell, 'end_date'> | undefined, warningDays = defaultWarningDays, today = localToday()): ExpiryState | undefined {
  return expiryStateOf(cell?.end_date ?? undefined, warningDays, today);
}

/** True when the document's validity has not begun: entered ahead of time (a renewal), so not "Valid" today. */
export function startsLater(cell: Pick<DocumentCell, 'start_date'> | undefined, today = localToday()): boolean {
  return Boolean(cell?.start_date && cell.start_date > today);
}

/** True when both dates are set and the end comes before the start ('YYYY-MM-DD' compares as text). */
export function endsBeforeStart(start: string | null | undefined, end: string | null | undefined): boolean {
  return Boolean(start && end && end < start);
}

/** The chosen files split into those that may be uploaded and those over the limit (refused before sending). */
export function splitBySize<File extends { size: number }>(files: File[]): { accepted: File[]; refused: File[] } {
  return { accepted: files.filter((file) => !isTooLarge(file)), refused: files.filter(isTooLarge) };
}

/** A vehicle's cell in a column, from the answer of `GET /transport/documents`. */
export function cellOf(vehicles: VehicleDocuments[] | undefined, transportId: string, columnId: number): DocumentCell | undefined {
  const vehicle = vehicles?.find((candidate) => String(candidate.id) === transportId);
  return vehicle?.groups.find((group) => group.id === columnId)?.documents[0];
}
