/**
 * Where a member fixes an obligation: the web app's page of its subject, on the tab that holds the dated
 * record (routes of resources/*.ts and src/routes.tsx; tabs by `?tab=`, src/crud/use-url-tab.ts). The same
 * addresses as the compliance page's links (src/screens/compliance/compliance-model.ts `recordLinkOf`, which
 * the server does not import: web code): the employee card is found through its company (`companyId`) and
 * opens the document (`document`). Cards have no page of their own: their list.
 */
import type { ComplianceItem, ObligationKind } from '../compliance/types';

const TAB_OF_KIND: Record<ObligationKind, string | undefined> = {
  document: 'employee-documents',
  passport: 'passports',
  contract: undefined, // personal info, the card's first tab
  'vehicle-document': 'documents',
  maintenance: 'repairs',
  'trailer-insurance': 'trailer-insurances',
  card: undefined,
};

export function itemPath(item: Pick<ComplianceItem, 'kind' | 'subject' | 'company_id' | 'document_id'>): string {
  const id = encodeURIComponent(String(item.subject.id));
  const page = { employee: `/personal-main/employee/${id}`, vehicle: `/transport/${id}`, trailer: `/trailers/${id}`, card: '/maintenance-fuel-cards' }[
    item.subject.type
  ];
  if (item.subject.type === 'card') return page;
  const query = new URLSearchParams();
  const tab = TAB_OF_KIND[item.kind];
  if (tab) query.set('tab', tab);
  if (item.subject.type === 'employee' && item.company_id) query.set('companyId', String(item.company_id));
  if (item.kind === 'document' && item.document_id) query.set('document', String(item.document_id));
  const search = query.toString();
  return search ? `${page}?${search}` : page;
}

export function itemLink(appUrl: string, item: Parameters<typeof itemPath>[0]): string {
  return `${appUrl}${itemPath(item)}`;
}
