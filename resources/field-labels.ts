/**
 * A field's label where `locales/` has none, shared by the web app (list columns, forms) and the server's export
 * and import (column headings): the schema property's `title`, else the field's name made readable. The
 * translated label is `<resource>.fields.<field>`.
 */
import type { PropertySchema } from './schema-types';

/** A field's name made readable: `customs_reference` → "Customs reference", `companyId` → "Company id". */
export function readableName(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : field;
}

/** A field's label where `locales/` has none: the schema property's `title`, else its readable name. */
export function untranslatedLabel(property: PropertySchema | undefined, field: string): string {
  const title = typeof property?.title === 'string' ? property.title.trim() : '';
  return title || readableName(field);
}
