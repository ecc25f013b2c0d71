/** The absolute address of where an obligation is fixed (resources/compliance.ts `recordLinkOf`), for the reminder mails. */
import { recordLinkOf, type ComplianceItem } from '../../resources/compliance';

export function itemLink(appUrl: string, item: Pick<ComplianceItem, 'kind' | 'subject' | 'company_id' | 'document_id'>): string {
  return `${appUrl}${recordLinkOf(item)}`;
}
