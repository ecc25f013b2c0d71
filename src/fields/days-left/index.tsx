/**
 * Days until something ends, derived by the server (`x-widget: "days-left"`, a card's `days_left`): "In 5 days",
 * "Today", "Expired 3 days ago", as the compliance page and the bell say it, never a bare "-3". Never edited.
 */
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DisplayProps, FieldKind } from '../types';
import { Blank, isBlank } from '../shared';

/** "In 5 days", "Today", "Expired 3 days ago"; no date, no days ("—"). */
export function daysLeftText(days: number | null, t: TFunction): string {
  if (days === null) return '—';
  if (days === 0) return t('compliance.today');
  return days < 0 ? t('expiring.expired', { count: -days }) : t('expiring.expiresIn', { count: days });
}

function DaysLeftDisplay({ value }: DisplayProps) {
  const { t } = useTranslation();
  const days = Number(value);
  if (isBlank(value) || !Number.isInteger(days)) return <Blank />;
  const text = daysLeftText(days, t);
  return days <= 0 ? <Typography.Text type="danger">{text}</Typography.Text> : <>{text}</>;
}

export const daysLeftKind: FieldKind = {
  name: 'days-left',
  match: (schema) => schema['x-widget'] === 'days-left',
  Display: DaysLeftDisplay,
};
