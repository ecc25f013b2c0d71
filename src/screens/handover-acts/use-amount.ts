/** A number with its unit in the user's language (`3,420 km`, `8.5 bar`). */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export type Unit = 'km' | 'l' | 'mm' | 'bar';

export function useAmount(): (value: number, unit: Unit) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (value: number, unit: Unit) => `${new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(value)} ${t(`units.${unit}`)}`,
    [t, i18n.language],
  );
}
