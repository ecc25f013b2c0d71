/** How an item reads: what it is, and how many days it has left. */
import type { TFunction } from 'i18next';
import type { ComplianceItem } from './compliance-model';

/** What the obligation is: its type's name (the document type, the vehicle document column, the passport's type), else its kind. */
export function obligationName(item: ComplianceItem, t: TFunction): string {
  if (item.kind === 'passport')
    return t('expiring.passport', { type: t(`enums.passportType.${item.type_name ?? ''}`, { defaultValue: item.type_name ?? '' }) });
  return item.type_name ?? t(`compliance.kinds.${item.kind}`);
}

/** "In 5 days", "Today", "Expired 3 days ago"; a missing item has no date ("—"). */
export function daysLeftText(item: Pick<ComplianceItem, 'days_left'>, t: TFunction): string {
  const days = item.days_left;
  if (days === null) return '—';
  if (days === 0) return t('compliance.today');
  return days < 0 ? t('expiring.expired', { count: -days }) : t('expiring.expiresIn', { count: days });
}
