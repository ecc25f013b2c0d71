/**
 * Which fields a resource's views show, derived from its definition and its prepared schema: shared by the web
 * app's generic pages (src/crud/), the build (the form validators) and the server's export, which writes the
 * list's columns (server/import-export/).
 */
import type { EntitySchema } from './schema-types';
import type { ResourceDefinition } from './types';

/**
 * The fields a view shows, in order: the resource's `views` (for the list, followed by any other `x-list`
 * field), else `x-list` fields (list) or every property.
 */
export function fieldsOfView(definition: ResourceDefinition, schema: EntitySchema, view: 'list' | 'show' | 'form'): string[] {
  const listed = definition.views?.[view];
  const all = Object.keys(schema.properties);
  const marked = all.filter((field) => schema.properties[field]['x-list'] === true);
  let fields = listed ? listed.filter((field) => field in schema.properties) : view === 'list' ? marked : all;
  // A column an admin marks x-list in the schema file shows even where the resource orders its columns.
  if (listed && view === 'list') fields = [...fields, ...marked.filter((field) => !fields.includes(field))];
  // The parent's id comes from the path, never from the form; read-only properties are not edited.
  if (definition.parent) fields = fields.filter((field) => field !== definition.parent?.field || view === 'show');
  if (view === 'form') fields = fields.filter((field) => schema.properties[field].readOnly !== true);
  if (view === 'list' && fields.length === 0) fields = all.slice(0, 5);
  return fields;
}
