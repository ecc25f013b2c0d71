/**
 * The compliance page's model on the web side: the shared model of resources/compliance.ts (the items
 * `GET /api/compliance` answers, the filters' values, where each item is fixed) and the grouping of a
 * page's items by subject.
 */
import { MISSING_COLOUR } from '../../fields/date/expiry-tag';
import {
  COMPLIANCE_STATES,
  KIND_SUBJECT,
  OBLIGATION_KINDS,
  readsKind,
  recordLinkOf,
  SUBJECT_RIGHTS,
  SUBJECT_TYPES,
  subjectLinkOf,
  type ComplianceItem,
  type ComplianceState,
  type ComplianceSubject,
  type ObligationKind,
  type SubjectType,
} from '../../../resources/compliance';

export type { ComplianceItem, ComplianceState, ComplianceSubject, ObligationKind, SubjectType };
export { readsKind, recordLinkOf, subjectLinkOf };

/** The lists of the shared model (resources/compliance.ts), in the order the filters offer them. */
export const complianceStates = COMPLIANCE_STATES;
export const subjectTypes = SUBJECT_TYPES;
export const obligationKinds = OBLIGATION_KINDS;
/** Which kinds belong to which subject type (the kind filter offers only those of the subject types the member sees). */
export const kindSubject = KIND_SUBJECT;
/** The view right that shows each subject type. */
export const subjectRights = SUBJECT_RIGHTS;

/** The colour of each state's tag (antd preset colours): expired red, expiring amber as elsewhere, missing purple. */
export const stateColours: Record<ComplianceState, string> = { expired: 'red', expiring: 'orange', missing: MISSING_COLOUR };

/** A row of the grouped table: a subject's header row, or one of its items under it. */
export type ComplianceRow =
  { row: 'subject'; key: string; subject: ComplianceSubject; companyId: number | null; count: number } | { row: 'item'; key: string; item: ComplianceItem };

/**
 * A page's items grouped by subject, each subject as a header row followed by its items, subjects in the
 * order their first item comes (the server's: most urgent first), items keeping their order.
 */
export function groupBySubject(items: readonly ComplianceItem[]): ComplianceRow[] {
  const groups = new Map<string, ComplianceItem[]>();
  for (const item of items) {
    const key = `${item.subject.type}:${item.subject.id}`;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.entries()].flatMap(([key, group]) => [
    { row: 'subject' as const, key: `subject:${key}`, subject: group[0].subject, companyId: group[0].company_id, count: group.length },
    ...group.map((item) => ({ row: 'item' as const, key: `item:${item.key}`, item })),
  ]);
}
