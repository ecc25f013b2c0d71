/** Enumerations (`x-enum` or `enum`): a select with translated labels `enums.<x-enum>.<id>`, else the id. */
import { ariaDescribedByIds } from '@rjsf/utils';
import { Select } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DisplayProps, FieldKind, PropertySchema, WidgetProps } from '../types';
import { Blank, isBlank } from '../shared';
import { labelHolds } from '../option-filter';

/** An enumeration's value in words: `enums.<x-enum>.<id>`, else the id. */
export function enumLabel(t: TFunction, schema: PropertySchema | undefined, id: unknown): string {
  const name = schema?.['x-enum'];
  return typeof name === 'string' ? t(`enums.${name}.${String(id)}`, { defaultValue: String(id) }) : String(id);
}

export function useEnumLabel(schema: PropertySchema): (id: unknown) => string {
  const { t } = useTranslation();
  return (id) => enumLabel(t, schema, id);
}

function EnumDisplay({ value, schema }: DisplayProps) {
  const label = useEnumLabel(schema);
  if (isBlank(value)) return <Blank />;
  return <>{label(value)}</>;
}

function EnumWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, schema }: WidgetProps) {
  const label = useEnumLabel(schema as PropertySchema);
  const values = (schema.enum ?? []) as Array<string | number>;
  return (
    <Select
      id={id}
      aria-describedby={ariaDescribedByIds(id)}
      value={isBlank(value) ? undefined : (value as string | number)}
      allowClear
      showSearch
      filterOption={labelHolds}
      disabled={disabled || readonly}
      placeholder={placeholder}
      options={values.map((item) => ({ value: item, label: label(item) }))}
      onChange={(next) => onChange(next ?? undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

export const enumKind: FieldKind = {
  name: 'enum',
  match: (schema) => typeof schema['x-enum'] === 'string' || Array.isArray(schema.enum),
  Display: EnumDisplay,
  Widget: EnumWidget,
};
