/**
 * Lists of references (`type: "array"` whose items carry `x-ref`: a member's departments, a department's
 * members): a multiple select searching the target's list on the server; shown as the records' labels
 * (one `useMany` for the whole list). Built on the same hooks as the one-record reference (../reference).
 */
import { ariaDescribedByIds } from '@rjsf/utils';
import { Select, Spin, Tag } from 'antd';
import type { DisplayProps, FieldKind, PropertySchema, WidgetProps } from '../types';
import { idsOf, idValue, targetOf, useReferenceLabels, useTargetOptions } from '../reference';
import { Blank, hasType } from '../shared';

const itemsOf = (schema: PropertySchema): PropertySchema => schema.items ?? {};

function ReferencesDisplay({ value, schema }: DisplayProps) {
  const ids = Array.isArray(value) ? idsOf(value) : [];
  const { labelOf } = useReferenceLabels(targetOf(itemsOf(schema)), ids);
  if (ids.length === 0) return <Blank />;
  return (
    <>
      {ids.map((id) => (
        <Tag key={id}>{labelOf(id)}</Tag>
      ))}
    </>
  );
}

function ReferencesWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, schema }: WidgetProps) {
  const items = itemsOf(schema as PropertySchema);
  const ids = Array.isArray(value) ? idsOf(value) : [];
  const { options, loading, search, opened } = useTargetOptions(targetOf(items), ids);
  return (
    <Select
      id={id}
      aria-describedby={ariaDescribedByIds(id)}
      mode="multiple"
      value={ids}
      showSearch
      allowClear
      filterOption={false}
      disabled={disabled || readonly}
      placeholder={placeholder}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={options}
      onSearch={search}
      onOpenChange={(open) => open && opened()}
      onChange={(next: string[]) => onChange(next.map((item) => idValue(items, item)))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

export const referencesKind: FieldKind = {
  name: 'references',
  match: (schema) => hasType(schema, 'array') && typeof itemsOf(schema)['x-ref'] === 'object' && itemsOf(schema)['x-ref'] !== null,
  Display: ReferencesDisplay,
  Widget: ReferencesWidget,
};
