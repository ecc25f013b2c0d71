/**
 * Lists of references (`type: "array"` whose items carry `x-ref`: a member's departments, a department's
 * members): a multiple select searching the target's list on the server; shown as the records' labels.
 */
import { Select, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import type { DisplayProps, FieldKind, PropertySchema, WidgetProps } from '../types';
import { referenceLabel, targetOf, useTargetSearch } from '../reference';
import { Blank, hasType } from '../shared';

const itemsOf = (schema: PropertySchema) => (schema.items ?? {}) as PropertySchema;

function idsOf(value: unknown): Array<string | number> {
  return Array.isArray(value) ? value.filter((item) => typeof item === 'number' || typeof item === 'string') : [];
}

function useLabels(schema: PropertySchema, ids: Array<string | number>): Record<string, string> {
  const [labels, setLabels] = useState<Record<string, string>>({});
  const key = ids.join(',');
  useEffect(() => {
    let active = true;
    for (const id of ids) {
      void referenceLabel(itemsOf(schema), id).then(
        (label) => active && setLabels((current) => (current[String(id)] === label ? current : { ...current, [String(id)]: label })),
      );
    }
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the ids' value, not the array's identity
  }, [schema, key]);
  return labels;
}

function ReferencesDisplay({ value, schema }: DisplayProps) {
  const ids = idsOf(value);
  const labels = useLabels(schema, ids);
  if (ids.length === 0) return <Blank />;
  return (
    <>
      {ids.map((id) => (
        <Tag key={String(id)}>{labels[String(id)] ?? String(id)}</Tag>
      ))}
    </>
  );
}

function ReferencesWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, schema }: WidgetProps) {
  const property = schema as PropertySchema;
  const items = itemsOf(property);
  const target = targetOf(items);
  const ids = idsOf(value);
  const labels = useLabels(property, ids);
  const { options, loading, search } = useTargetSearch(target);

  const known = new Set(options.map((option) => option.value));
  const shown = [
    ...ids.filter((item) => !known.has(String(item))).map((item) => ({ value: String(item), label: labels[String(item)] ?? String(item) })),
    ...options,
  ];
  const numeric = items.type === 'integer' || items.type === 'number';

  return (
    <Select
      id={id}
      mode="multiple"
      value={ids.map(String)}
      showSearch
      allowClear
      filterOption={false}
      disabled={disabled || readonly}
      placeholder={placeholder}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={shown}
      onSearch={search}
      onOpenChange={(open) => open && options.length === 0 && search('')}
      onChange={(next: string[]) => onChange(next.length === 0 ? [] : next.map((item) => (numeric ? Number(item) : item)))}
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
