/**
 * References to another resource's record (`x-ref: { resource }`): a select that searches on the server
 * (Refine's `useSelect` over the target's list endpoint with `search=`), labelled with the target's
 * `label` fields; shown as that label (Refine's `useMany`, so the labels live in Refine's cache and follow
 * a rename at once; see use-reference-labels.ts). A target that cannot be listed shows ids.
 */
import { ariaDescribedByIds } from '@rjsf/utils';
import { Select, Spin, Typography } from 'antd';
import { Link, useInRouterContext } from 'react-router';
import { useAccess } from '../../access/use-access';
import type { DisplayProps, FieldKind, PropertySchema, WidgetProps } from '../types';
import { Blank, isBlank } from '../shared';
import { idsOf, targetOf } from './target';
import { useReferenceLabels } from './use-reference-labels';
import { useTargetOptions } from './use-target-options';

export { idOfRecord, idsOf, isListable, labelOfRecord, targetOf, type ReferenceTarget } from './target';
export { useReferenceLabels } from './use-reference-labels';
export { useTargetOptions } from './use-target-options';

function ReferenceDisplay({ value, schema }: DisplayProps) {
  const target = targetOf(schema);
  const { labelOf, isGone } = useReferenceLabels(target, idsOf(value));
  const access = useAccess();
  const inRouter = useInRouterContext();
  if (isBlank(value)) return <Blank />;
  const label = labelOf(String(value));
  // The referenced record's page, where it has one the member may open (a trailer's tractor).
  const show = target?.routes?.show;
  if (isGone(String(value))) return <Typography.Text type="secondary">{label}</Typography.Text>;
  if (!show || !inRouter || !access.can(target, 'show')) return <>{label}</>;
  return <Link to={show.replace(/:(\w+)/, encodeURIComponent(String(value)))}>{label}</Link>;
}

/** A stored value from a picked option: a number for integer and number ids. */
export function idValue(schema: PropertySchema, option: string): string | number {
  return schema.type === 'integer' || schema.type === 'number' ? Number(option) : option;
}

function ReferenceWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, schema }: WidgetProps) {
  const property = schema as PropertySchema;
  const { options, loading, search, opened } = useTargetOptions(targetOf(property), idsOf(value));
  return (
    <Select
      id={id}
      aria-describedby={ariaDescribedByIds(id)}
      value={isBlank(value) ? undefined : String(value)}
      showSearch
      allowClear
      filterOption={false}
      disabled={disabled || readonly}
      placeholder={placeholder}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={options}
      onSearch={search}
      onOpenChange={(open) => open && opened()}
      onChange={(next?: string | null) => onChange(next === undefined || next === null ? undefined : idValue(property, next))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

export const referenceKind: FieldKind = {
  name: 'reference',
  match: (schema) => typeof schema['x-ref'] === 'object' && schema['x-ref'] !== null,
  Display: ReferenceDisplay,
  Widget: ReferenceWidget,
};
