/** Rows of the sources (sources/shared.ts ObligationRow) as the items every reader answers (types.ts ComplianceItem). */
import type { ObligationRow } from './sources';
import type { ComplianceItem, ObligationKind, SubjectType } from '../../resources/compliance';

type Client = { query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> };

export type { Client };

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/** Whole days from `today` to `date` (both 'YYYY-MM-DD'). */
export function daysBetween(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

export function itemOf(row: ObligationRow, today: string): ComplianceItem {
  const daysLeft = row.valid_until === null ? null : daysBetween(today, row.valid_until);
  const itemId = numberOrNull(row.item_id);
  return {
    // A dated obligation is known by its record and its date (a date changed in place is a renewal: a new
    // key); a gap by its subject and the type it lacks.
    key: row.valid_until === null ? `${row.kind}:missing:${row.subject_id}:${row.type_id ?? ''}` : `${row.kind}:${itemId}:${row.valid_until}`,
    kind: row.kind as ObligationKind,
    state: daysLeft === null ? 'missing' : daysLeft < 0 ? 'expired' : 'expiring',
    subject: { type: row.subject_type as SubjectType, id: Number(row.subject_id), label: row.subject_label },
    item_id: itemId,
    document_id: numberOrNull(row.document_id),
    company_id: numberOrNull(row.company_id),
    type_id: numberOrNull(row.type_id),
    type_name: row.type_name,
    valid_until: row.valid_until,
    days_left: daysLeft,
    warning_days: Number(row.warning_days),
  };
}
