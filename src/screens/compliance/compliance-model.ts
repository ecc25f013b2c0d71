/**
 * The compliance page's model on the web side: the items `GET /api/compliance` answers (the server's
 * ComplianceItem, server/compliance/types.ts, imported as a type only: the web app bundles no server
 * code), the filters' values, where each item is fixed, and the grouping of a page's items by subject.
 */
import type { ComplianceItem as ServerItem, ComplianceState, ComplianceSubject, ObligationKind, SubjectType } from '../../../server/compliance/types';

export type ComplianceItem = ServerItem;
export type { ComplianceState, ComplianceSubject, ObligationKind, SubjectType };

/** The lists of the server's types, in the order the filters offer them (`satisfies`: a value the server lacks fails to compile). */
export const complianceStates = ['expired', 'expiring', 'missing'] as const satisfies readonly ComplianceState[];
export const subjectTypes = ['employee', 'vehicle', 'trailer', 'card'] as const satisfies readonly SubjectType[];
export const obligationKinds = [
  'document',
  'passport',
  'contract',
  'vehicle-document',
  'maintenance',
  'trailer-insurance',
  'card',
] as const satisfies readonly ObligationKind[];

/** Which kinds belong to which subject type (the kind filter offers only those of the subject types the member sees). */
export const kindSubject: Record<ObligationKind, SubjectType> = {
  document: 'employee',
  passport: 'employee',
  contract: 'employee',
  'vehicle-document': 'vehicle',
  maintenance: 'vehicle',
  'trailer-insurance': 'trailer',
  card: 'card',
};

/** The view right that shows each subject type (the server's SUBJECT_RIGHTS). */
export const subjectRights: Record<SubjectType, string> = {
  employee: 'employees.view',
  vehicle: 'transport.view',
  trailer: 'trailers.view',
  card: 'cards.view',
};

/** The colour of each state's tag (antd preset colours): expired red, expiring amber as elsewhere, missing purple. */
export const stateColours: Record<ComplianceState, string> = { expired: 'red', expiring: 'orange', missing: 'purple' };

/** The record page of a subject: the employee card, the vehicle's page, the trailer's page, the cards list. */
export function subjectLinkOf(subject: ComplianceSubject, companyId?: number | null): string {
  switch (subject.type) {
    case 'employee':
      return `/personal-main/employee/${subject.id}${companyId ? `?companyId=${companyId}` : ''}`;
    case 'vehicle':
      return `/transport/${subject.id}`;
    case 'trailer':
      return `/trailers/${subject.id}`;
    case 'card':
      // Cards have no page of their own: their list (SPEC §2's fuel cards page).
      return '/maintenance-fuel-cards';
  }
}

/** The tab of the subject's page that holds an item (the tabs' keys: src/screens/employee-card/card-tabs.tsx, vehicle/vehicle-tabs.tsx, the generic show page's sub-resources). */
const tabOfKind: Record<ObligationKind, string | undefined> = {
  document: 'employee-documents',
  passport: 'passports',
  contract: undefined, // Personal info, the card's first tab: its contract dates
  'vehicle-document': 'documents',
  maintenance: 'repairs',
  'trailer-insurance': 'trailer-insurances',
  card: undefined,
};

/** Where an item is fixed: its subject's page on the tab that holds it (an employee's document also pointed at). */
export function recordLinkOf(item: ComplianceItem): string {
  const page = subjectLinkOf(item.subject);
  if (item.subject.type === 'card') return page;
  const query = new URLSearchParams();
  const tab = tabOfKind[item.kind];
  if (tab) query.set('tab', tab);
  // The employee card finds the employee through its company (`?companyId=`), and opens the document.
  if (item.subject.type === 'employee' && item.company_id) query.set('companyId', String(item.company_id));
  if (item.kind === 'document' && item.document_id) query.set('document', String(item.document_id));
  const search = query.toString();
  return search ? `${page}?${search}` : page;
}

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
