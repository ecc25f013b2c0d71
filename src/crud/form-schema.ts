/**
 * Pure derivations from a resource and its prepared schema, shared by the browser (src/crud/schemas.ts)
 * and the build (src/crud/precompile/: the form validators are compiled from the same derived schemas).
 */
import type { ResourceDefinition } from '../../resources/types';
import type { EntitySchema } from '../../validation/prepare-schema';

export type FormMode = 'create' | 'edit';
export const formModes: FormMode[] = ['create', 'edit'];

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

/** The `$id` of a form schema: its own, because RJSF and ajv cache compiled schemas by `$id`. */
export function formSchemaId(schema: EntitySchema, mode: FormMode): string {
  return `${schema.$id}-${mode}`;
}

/** The schema of the create or edit form: the form's fields only (required kept for those). */
export function deriveFormSchema(definition: ResourceDefinition, schema: EntitySchema, mode: FormMode): EntitySchema {
  const fields = fieldsOfView(definition, schema, 'form');
  // The dialog has a translated title: the schema's English title and comment stay out of the form.
  const { title: _title, description: _description, $comment: _comment, ...rest } = schema;
  const derived: EntitySchema = {
    ...rest,
    $id: formSchemaId(schema, mode),
    properties: Object.fromEntries(fields.map((field) => [field, schema.properties[field]])),
    required: (schema.required ?? []).filter((field) => fields.includes(field)),
  };
  return derived;
}
