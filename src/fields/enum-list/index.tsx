/**
 * Lists of enumeration values (`type: "array"` whose items carry `x-enum` or `enum`, e.g. the employee
 * categories a document type is required for): a multiple select with the enum's translated labels
 * (`enums.<x-enum>.<id>`, as a single enum's), shown as tags in lists and on show pages.
 */
import { ariaDescribedByIds } from '@rjsf/utils';
import { Select, Tag } from 'antd';
import { useEnumLabel } from '../enum';
import type { DisplayProps, FieldKind, PropertySchema, WidgetProps } from '../types';
import { Blank, hasType } from '../shared';
import { labelHolds } from '../option-filter';

const itemsOf = (schema: PropertySchema): PropertySchema => schema.items ?? {};

function EnumListDisplay({ value, schema, field }: DisplayProps) {
  const label = useEnumLabel(itemsOf(schema));
  if (!Array.isArray(value) || value.length === 0) return <Blank />;
  return (
    <>
      {value.map((item) => (
        <Tag key={String(item)} data-testid={`${field}-${String(item)}`}>
          {label(item)}
        </Tag>
      ))}
    </>
  );
}

function EnumListWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, schema }: WidgetProps) {
  const items = itemsOf(schema as PropertySchema);
  const label = useEnumLabel(items);
  const values = items.enum ?? [];
  const chosen = Array.isArray(value) ? (value as Array<string | number>) : [];
  return (
    <Select
      id={id}
      aria-describedby={ariaDescribedByIds(id)}
      mode="multiple"
      value={chosen}
      allowClear
      showSearch
      filterOption={labelHolds}
      disabled={disabled || readonly}
      placeholder={placeholder}
      options={values.map((item) => ({ value: item, label: label(item) }))}
      onChange={(next: Array<string | number>) => onChange(next)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

export const enumListKind: FieldKind = {
  name: 'enum-list',
  match: (schema) => hasType(schema, 'array') && (typeof itemsOf(schema)['x-enum'] === 'string' || Array.isArray(itemsOf(schema).enum)),
  Display: EnumListDisplay,
  Widget: EnumListWidget,
};
