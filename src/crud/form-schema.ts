/**
 * Pure derivations from a resource and its prepared schema, shared by the browser (src/crud/schemas.ts)
 * and the build (src/crud/precompile/: the form validators are compiled from the same derived schemas).
 */
import type { ResourceDefinition } from '../../resources/types';
import { fieldsOfView } from '../../resources/views';
import type { EntitySchema, PropertySchema } from '../../validation/prepare-schema';

// The list's columns are also what an export writes (server/import-export/), so the rule lives with the resources.
export { fieldsOfView };

export type FormMode = 'create' | 'edit';
export const formModes: FormMode[] = ['create', 'edit'];

/** The `$id` of a form schema: its own, because RJSF and ajv cache compiled schemas by `$id`. */
export function formSchemaId(schema: EntitySchema, mode: FormMode): string {
  return `${schema.$id}-${mode}`;
}

/** The schema of the create or edit form: the form's fields only (required kept for those, and `requiredOnCreate` in the create form). */
export function deriveFormSchema(definition: ResourceDefinition, schema: EntitySchema, mode: FormMode): EntitySchema {
  const fields = fieldsOfView(definition, schema, 'form').filter((field) => mode === 'create' || !(definition.createOnly ?? []).includes(field));
  // The dialog has a translated title: the schema's English title and comment stay out of the form.
  const { title: _title, description: _description, $comment: _comment, ...rest } = schema;
  const derived: EntitySchema = {
    ...rest,
    $id: formSchemaId(schema, mode),
    properties: Object.fromEntries(fields.map((field) => [field, withBlankNewItems(withoutDescriptions(schema.properties[field]))])),
    required: [...(schema.required ?? []), ...(mode === 'create' ? (definition.requiredOnCreate ?? []) : [])].filter(
      (field, index, all) => fields.includes(field) && all.indexOf(field) === index,
    ),
  };
  return derived;
}

/**
 * A list of free texts (an order's tags) whose new item starts as "": left empty it then reads "This field is required"
 * (minLength 1), not "Must be text" for the null RJSF would otherwise put there.
 */
function withBlankNewItems(property: PropertySchema): PropertySchema {
  const items = property.items;
  const freeText = items && items.type === 'string' && items.enum === undefined && items['x-ref'] === undefined && items.format === undefined;
  return freeText && items.default === undefined ? { ...property, items: { ...items, default: '' } } : property;
}

/**
 * A property without its `description`s (its items' too): they are the developer's notes in English, which a form
 * would show under the field in every language. What a user needs to know is in the field's translated label.
 */
function withoutDescriptions(property: PropertySchema): PropertySchema {
  const { description: _description, items, properties, ...rest } = property;
  return {
    ...rest,
    ...(items ? { items: withoutDescriptions(items) } : {}),
    ...(properties ? { properties: Object.fromEntries(Object.entries(properties).map(([name, inner]) => [name, withoutDescriptions(inner)])) } : {}),
  };
}
