/**
 * A field's value as its kind shows it, and a field's label: its translation (`<resource>.fields.<field>`),
 * else its schema `title`, else its name made readable, so a field an admin adds to a schema file looks
 * right at once, before anyone writes its labels in `locales/`.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../resources';
import { fieldKindOf } from '../fields/registry';
import { Blank, isMasked } from '../fields/shared';
import { propertyOf } from './schemas';
import { untranslatedLabel } from '../../resources/field-labels';

// Shared with the server's export and import, which head and match columns by the same labels.
export { readableName, untranslatedLabel } from '../../resources/field-labels';

export function FieldValue({
  resource,
  field,
  record,
  view,
}: {
  resource: ResourceDefinition;
  field: string;
  record: Record<string, unknown>;
  view?: 'list' | 'show';
}) {
  return <ValueOfField resource={resource} field={field} value={record[field]} view={view} record={record} />;
}

/** One value of a resource's field as its kind shows it; a masked sensitive value exactly as the server sent it. */
export function ValueOfField({
  resource,
  field,
  value,
  view,
  record,
}: {
  resource: ResourceDefinition;
  field: string;
  value: unknown;
  view?: 'list' | 'show';
  /** The record the value belongs to, where there is one (fields that read a sibling). */
  record?: Record<string, unknown>;
}) {
  const schema = propertyOf(resource, field);
  if (isMasked(value))
    return (
      <span className="crud-masked-value" data-testid={`masked-${field}`}>
        {value}
      </span>
    );
  if (!schema) return value === undefined || value === null || value === '' ? <Blank /> : <>{typeof value === 'string' ? value : JSON.stringify(value)}</>;
  const { Display } = fieldKindOf(schema);
  return <Display value={value} schema={schema} field={field} view={view} record={record} />;
}

/** The label of a resource's field in the member's language (list columns, filters, show page, forms). */
export function useFieldLabel(resource: ResourceDefinition): (field: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (field: string) => t(`${resource.name}.fields.${field}`, { defaultValue: untranslatedLabel(propertyOf(resource, field), field) }),
    [t, resource],
  );
}

/** The resource's titles: `<name>.title` (plural), `<name>.titleSingular`, falling back to the name. */
export function useResourceTitles(resource: ResourceDefinition) {
  const { t } = useTranslation();
  const title = t(`${resource.name}.title`, { defaultValue: resource.name });
  return { title, singular: t(`${resource.name}.titleSingular`, { defaultValue: title }) };
}

/** The web path of a route pattern (`/companies/:id`) for a record id. */
export function routeFor(pattern: string, id: string): string {
  return pattern.replace(/:(\w+)/g, () => encodeURIComponent(id));
}
