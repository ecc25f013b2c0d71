/** Lists (`type: "array"`): texts joined by commas, lists of sub-records as a count; RJSF draws the editor. */
import { useTranslation } from 'react-i18next';
import type { DisplayProps, FieldKind } from '../types';
import { Blank, hasType } from '../shared';

function ListDisplay({ value }: DisplayProps) {
  const { t } = useTranslation();
  if (!Array.isArray(value) || value.length === 0) return <Blank />;
  if (value.every((item) => typeof item !== 'object' || item === null)) return <>{value.join(', ')}</>;
  return <>{t('fields.list.items', { count: value.length })}</>;
}

export const listKind: FieldKind = {
  name: 'list',
  match: (schema) => hasType(schema, 'array'),
  Display: ListDisplay,
};
