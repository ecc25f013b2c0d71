/**
 * What the compliance page shows, kept in the URL so that it is bookmarkable, survives a reload and
 * comes back with Back from a record: the state tab (`?tab=`, as the other pages keep their tab:
 * src/crud/use-url-tab.ts; absent = every state), the filters under the API's own names (`kind`,
 * `subject_type`, `company_id`, `within_days`) and the page (`page`, `perPage`). A value the page does
 * not offer (a misspelt link) is ignored. Pure, apart from the hook at the end.
 */
import { useSearchParams } from 'react-router';
import { tabParameter } from '../../crud/list-state';
import { complianceStates, obligationKinds, subjectTypes, type ComplianceState, type ObligationKind, type SubjectType } from './compliance-model';

export const pageSizes = [20, 50, 100];
export const windowChoices = [7, 14, 30, 60, 90, 180, 365];

export interface ComplianceView {
  state?: ComplianceState;
  kind?: ObligationKind;
  subjectType?: SubjectType;
  companyId?: number;
  withinDays?: number;
  page: number;
  perPage: number;
}

export type ComplianceFilters = Omit<ComplianceView, 'page' | 'perPage' | 'state'>;

const oneOf = <Value extends string>(values: readonly Value[], text: string | null): Value | undefined =>
  text !== null && (values as readonly string[]).includes(text) ? (text as Value) : undefined;

function integerIn(text: string | null, min: number, max: number): number | undefined {
  if (text === null || !/^\d{1,9}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

export function readView(query: URLSearchParams): ComplianceView {
  const perPage = integerIn(query.get('perPage'), 1, 100);
  return {
    state: oneOf(complianceStates, query.get(tabParameter)),
    kind: oneOf(obligationKinds, query.get('kind')),
    subjectType: oneOf(subjectTypes, query.get('subject_type')),
    companyId: integerIn(query.get('company_id'), 1, Number.MAX_SAFE_INTEGER),
    withinDays: integerIn(query.get('within_days'), 1, 365),
    page: integerIn(query.get('page'), 1, 1_000_000) ?? 1,
    perPage: perPage && pageSizes.includes(perPage) ? perPage : pageSizes[0],
  };
}

/** The URL's query of a view: only what differs from the defaults (page 1, the first page size, every state). */
export function writeView(view: ComplianceView): URLSearchParams {
  const query = new URLSearchParams();
  if (view.state) query.set(tabParameter, view.state);
  if (view.kind) query.set('kind', view.kind);
  if (view.subjectType) query.set('subject_type', view.subjectType);
  if (view.companyId) query.set('company_id', String(view.companyId));
  if (view.withinDays) query.set('within_days', String(view.withinDays));
  if (view.page > 1) query.set('page', String(view.page));
  if (view.perPage !== pageSizes[0]) query.set('perPage', String(view.perPage));
  return query;
}

/** `GET /api/compliance`'s query of a view. */
export function apiQuery(view: ComplianceView): Record<string, string | number> {
  const query: Record<string, string | number> = { page: view.page, perPage: view.perPage };
  if (view.state) query.state = view.state;
  if (view.kind) query.kind = view.kind;
  if (view.subjectType) query.subject_type = view.subjectType;
  if (view.companyId) query.company_id = view.companyId;
  if (view.withinDays) query.within_days = view.withinDays;
  return query;
}

/** `GET /compliance/export` (docs/import-export.md): every item the page's state and filters select, without its page. */
export function exportPath(view: ComplianceView, format: string): string {
  const { page: _page, perPage: _perPage, ...filters } = apiQuery(view);
  const query = new URLSearchParams({ format, ...Object.fromEntries(Object.entries(filters).map(([name, value]) => [name, String(value)])) });
  return `/compliance/export?${query.toString()}`;
}

/** Whether any filter narrows the list (the empty state then says so and offers to clear them). */
export const isFiltered = (view: ComplianceView) => Boolean(view.kind || view.subjectType || view.companyId || view.withinDays);

/**
 * The view in the URL and its changes: a new state or filter goes back to page 1. Each change is a history
 * entry of its own, as in the generic lists, so Back undoes the last filter, state or page turned.
 */
export function useComplianceView() {
  const [query, setQuery] = useSearchParams();
  const view = readView(query);
  const change = (next: Partial<ComplianceView>) => {
    const paging = 'page' in next || 'perPage' in next;
    setQuery(writeView({ ...view, ...(paging ? {} : { page: 1 }), ...next }));
  };
  return { view, change };
}
