/**
 * The compliance model (issue 14), shared by the server's engine (server/compliance/) and the web app
 * (the compliance page, the bell), like the resource definitions beside it: every dated validity in a tenant is an obligation of a subject
 * (an employee, a vehicle, a trailer, a card), with a kind, an end date and a warning threshold; a required
 * one that a subject lacks is a gap (`missing`). Obligations are derived from the records on every read
 * (sources.ts), never copied: renewing a record supersedes the old obligation at once.
 *
 * Readers: the compliance page and `GET /api/compliance` (page.ts, counts.ts), HR main's expiring panel
 * (`GET /api/hr/expiring`), the header's bell, the e-mail reminders, and the order check (subjects.ts).
 */

export const SUBJECT_TYPES = ['employee', 'vehicle', 'trailer', 'card'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

export const COMPLIANCE_STATES = ['expired', 'expiring', 'missing'] as const;
export type ComplianceState = (typeof COMPLIANCE_STATES)[number];

/**
 * The kinds of obligation, one source each (sources.ts):
 * - `document`: an employee's HR document (its relevant status row's end date; threshold: its type's `warning_days`);
 *   missing when the type is required for the employee's category (`required_for`) and the employee has none;
 * - `passport`: an employee's passport, unless a later one of the same type replaced it (30 days);
 * - `contract`: an employee's `contract_end_date` (30 days);
 * - `vehicle-document`: a vehicle's cell of a transport document column (the column's `warning_days`);
 *   missing when a vehicle has no end date in a column (every column is required for every vehicle);
 * - `trailer-insurance`: a trailer's latest insurance (30 days);
 * - `card`: a fuel/toll card's `expires_at` (30 days);
 * - `maintenance`: a vehicle's next maintenance, the `next_due_date` of its latest maintenance report (30 days).
 */
export const OBLIGATION_KINDS = ['document', 'passport', 'contract', 'vehicle-document', 'maintenance', 'trailer-insurance', 'card'] as const;
export type ObligationKind = (typeof OBLIGATION_KINDS)[number];

/** The subject type each kind belongs to. */
export const KIND_SUBJECT: Record<ObligationKind, SubjectType> = {
  document: 'employee',
  passport: 'employee',
  contract: 'employee',
  'vehicle-document': 'vehicle',
  maintenance: 'vehicle',
  'trailer-insurance': 'trailer',
  card: 'card',
};

export interface ComplianceSubject {
  type: SubjectType;
  id: number;
  label: string | null;
}

export interface ComplianceItem {
  /**
   * Stable for one obligation while it stands: `<kind>:<item_id>:<valid_until>` for a dated one (the record
   * that carries the date, and the date: a date changed in place is a renewal too),
   * `<kind>:missing:<subject id>:<type id>` for a gap. A renewal gives a new key: the bell's read marks and
   * the reminders sent are kept by it.
   */
  key: string;
  kind: ObligationKind;
  state: ComplianceState;
  subject: ComplianceSubject;
  /** The dated record (a status row, a passport, a cell, an insurance, a card, a repair report); null when missing. */
  item_id: number | null;
  /** For `document`: the employee document the status row belongs to. */
  document_id: number | null;
  /** The employee's company; null for vehicles, trailers and cards (they have none). */
  company_id: number | null;
  /** The HR document type or the transport document column; null for the other kinds. */
  type_id: number | null;
  /** Its name (for a passport: its type, `biometric`/`usual`). */
  type_name: string | null;
  /** 'YYYY-MM-DD'; null when missing. */
  valid_until: string | null;
  /** Days from today to valid_until (negative: past); null when missing. */
  days_left: number | null;
  /** The threshold that applies to it: its type's or column's `warning_days`, else 30. */
  warning_days: number;
}

/** A translator as both i18next instances give it (the web app's and the server's). */
type Translate = (key: string, options?: { defaultValue?: string }) => string;

/**
 * The obligation's own type in the reader's language, or null when it has none to show: a passport's and a card's
 * type are codes of an enumeration (`biometric` reads "Biometrisch"); an HR document type's and a vehicle column's
 * name are the tenant's own words, shown as written; a contract's type is a code of a reference list, which the
 * contract's kind already says. Used by the compliance page, its export and the reminder mails alike.
 */
export function obligationTypeName(item: Pick<ComplianceItem, 'kind' | 'type_name'>, t: Translate): string | null {
  const name = item.type_name;
  if (!name || item.kind === 'contract') return null;
  if (item.kind === 'passport') return t(`enums.passportType.${name}`, { defaultValue: name });
  if (item.kind === 'card') return t(`enums.cardType.${name}`, { defaultValue: name });
  return name;
}

export interface ComplianceFilter {
  state?: ComplianceState;
  subjectType?: SubjectType;
  kind?: ObligationKind;
  /** Only employees of this company (vehicles, trailers and cards have no company: they drop out). */
  companyId?: number;
  /** One threshold for every item instead of its own (1–365). */
  withinDays?: number;
  /** Dated items only, no gaps, when no `state` is asked (HR main's expiring panel). */
  withoutMissing?: boolean;
}

/** Whether the reader holds a right (resources/permissions.ts `holds`): a subject type is read only with its view right. */
export type Holds = (permission: string) => boolean;

/** The view right that shows each subject type. */
export const SUBJECT_RIGHTS: Record<SubjectType, string> = {
  employee: 'employees.view',
  vehicle: 'transport.view',
  trailer: 'trailers.view',
  card: 'cards.view',
};

/**
 * A kind read from records of an area of its own needs that area's view right too: a vehicle's maintenance due comes
 * from its repair reports (their type and periodicity), which a member without `repairs.view` may not read.
 */
export const KIND_RIGHTS: Partial<Record<ObligationKind, string>> = {
  maintenance: 'repairs.view',
};

/** Whether a reader may see items of this kind about subjects of this type. */
export function readsKind(holds: Holds, subjectType: SubjectType, kind: ObligationKind): boolean {
  const extra = KIND_RIGHTS[kind];
  return holds(SUBJECT_RIGHTS[subjectType]) && (extra === undefined || holds(extra));
}

/** What a reader may see, as a key: the subject types and the kinds of their rights (readers alike share cached pages). */
export function visibilityKey(holds: Holds): string {
  return OBLIGATION_KINDS.filter((kind) => readsKind(holds, KIND_SUBJECT[kind], kind)).join(',');
}

/** The record page of a subject in the web app: the employee card, the vehicle's page, the trailer's page, the cards list. */
export function subjectLinkOf(subject: ComplianceSubject | Pick<ComplianceSubject, 'type' | 'id'>, companyId?: number | null): string {
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
const TAB_OF_KIND: Record<ObligationKind, string | undefined> = {
  document: 'employee-documents',
  passport: 'passports',
  contract: undefined, // Personal info, the card's first tab: its contract dates
  'vehicle-document': 'documents',
  maintenance: 'repairs',
  'trailer-insurance': 'trailer-insurances',
  card: undefined,
};

/**
 * Where an item is fixed, in the web app: its subject's page on the tab that holds it (the compliance page,
 * the bell and the reminder mails link there). The employee card finds the employee through its company
 * (`?companyId=`) and opens the document (`?document=`).
 */
export function recordLinkOf(item: Pick<ComplianceItem, 'kind' | 'subject' | 'company_id' | 'document_id'>): string {
  const page = subjectLinkOf(item.subject);
  if (item.subject.type === 'card') return page;
  const query = new URLSearchParams();
  const tab = TAB_OF_KIND[item.kind];
  if (tab) query.set('tab', tab);
  if (item.subject.type === 'employee' && item.company_id) query.set('companyId', String(item.company_id));
  if (item.kind === 'document' && item.document_id) query.set('document', String(item.document_id));
  const search = query.toString();
  return search ? `${page}?${search}` : page;
}
