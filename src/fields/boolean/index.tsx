/** Yes/no: a switch; shown as translated "Yes"/"No". */
import { ariaDescribedByIds } from '@rjsf/utils';
import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DisplayProps, FieldKind, WidgetProps } from '../types';
import { Blank, hasType } from '../shared';

function BooleanDisplay({ value, schema }: DisplayProps) {
  const { t } = useTranslation();
  // A record stored without the field has the schema's default, as the list's filter takes it (list-query.ts):
  // a company never marked main reads "No", and is found by "No".
  const shown = value ?? schema.default;
  if (typeof shown !== 'boolean') return <Blank />;
  return <>{shown ? t('fields.boolean.yes') : t('fields.boolean.no')}</>;
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
