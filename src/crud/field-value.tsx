/** A field's value as its kind shows it, and a field's translated label (`<resource>.fields.<field>`, else the name). */
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../resources';
import { fieldKindOf } from '../fields/registry';
import { Blank, isMasked } from '../fields/shared';
import { propertyOf } from './schemas';

export function FieldValue({ resource, field, record }: { resource: ResourceDefinition; field: string; record: Record<string, unknown> }) {
  return <ValueOfField resource={resource} field={field} value={record[field]} />;
}

/** One value of a resource's field as its kind shows it; a masked sensitive value exactly as the server sent it. */
export function ValueOfField({ resource, field, value }: { resource: ResourceDefinition; field: string; value: unknown }) {
  const schema = propertyOf(resource, field);
  if (isMasked(value))
    return (
      <span className="crud-masked-value" data-testid={`masked-${field}`}>
        {value}
      </span>
    );
  if (!schema)
    return value === undefined || value === null || value === '' ? <Blank /> : <>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</>;
  const { Display } = fieldKindOf(schema);
  return <Display value={value} schema={schema} field={field} />;
}

export function useFieldLabel(resource: ResourceDefinition): (field: string) => string {
  const { t } = useTranslation();
  return (field) => t(`${resource.name}.fields.${field}`, { defaultValue: field });
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
