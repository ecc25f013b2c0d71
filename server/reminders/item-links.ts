/**
 * Where a member fixes an obligation: the web app's page of its subject, at the tab that holds the dated
 * record (routes of resources/*.ts and src/routes.tsx; tabs by `?tab=`, src/crud/use-url-tab.ts).
 * Cards have no page of their own: their list.
 */
import type { ComplianceItem, ObligationKind } from '../compliance/types';

const EMPLOYEE_TABS: Partial<Record<ObligationKind, string>> = { document: 'employee-documents', passport: 'passports' };

export function itemPath(item: Pick<ComplianceItem, 'kind' | 'subject'>): string {
  const id = encodeURIComponent(String(item.subject.id));
  switch (item.subject.type) {
    case 'employee': {
      const tab = EMPLOYEE_TABS[item.kind];
      return `/personal-main/employee/${id}${tab ? `?tab=${tab}` : ''}`;
    }
    case 'vehicle':
      return `/transport/${id}?tab=${item.kind === 'maintenance' ? 'repairs' : 'documents'}`;
    case 'trailer':
      return `/trailers/${id}?tab=trailer-insurances`;
    case 'card':
      return '/maintenance-fuel-cards';
  }
}

export function itemLink(appUrl: string, item: Pick<ComplianceItem, 'kind' | 'subject'>): string {
  return `${appUrl}${itemPath(item)}`;
}
