/** How an item reads: what it is, and how many days it has left. */
import type { TFunction } from 'i18next';
import { daysLeftText as daysInWords } from '../../fields/days-left';
import type { ComplianceItem } from './compliance-model';
import { obligationTypeName } from '../../../resources/compliance';

/**
 * What the obligation is: its type's name (the document type, the vehicle document column, the passport's type, the
 * card's type), else its kind. A contract's type is a code of a reference list: the item reads "Employment contract".
 */
export function obligationName(item: ComplianceItem, t: TFunction): string {
  const type = obligationTypeName(item, t);
  if (item.kind === 'passport') return t('expiring.passport', { type: type ?? '' });
  if (item.kind === 'contract') return t('expiring.contract');
  return type ?? t(`compliance.kinds.${item.kind}`);
}

/** "In 5 days", "Today", "Expired 3 days ago"; a missing item has no date ("—"). */
export function daysLeftText(item: Pick<ComplianceItem, 'days_left'>, t: TFunction): string {
  return daysInWords(item.days_left, t);
}
