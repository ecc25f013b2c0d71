/** Yes/no: a switch; shown as translated "Yes"/"No". */
import { ariaDescribedByIds } from '@rjsf/utils';
import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DisplayProps, FieldKind, WidgetProps } from '../types';
import { Blank, hasType } from '../shared';

function BooleanDisplay({ value }: DisplayProps) {
  const { t } = useTranslation();
  if (typeof value !== 'boolean') return <Blank />;
  return <>{value ? t('fields.boolean.yes') : t('fields.boolean.no')}</>;
}

function BooleanWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  return (
    <Switch
      id={id}
      aria-describedby={ariaDescribedByIds(id)}
      checked={value === true}
      disabled={disabled || readonly}
      onChange={(checked) => onChange(checked)}
    />
  );
}

export const booleanKind: FieldKind = {
  name: 'boolean',
  match: (schema) => hasType(schema, 'boolean'),
  Display: BooleanDisplay,
  Widget: BooleanWidget,
};
