/**
 * The schemas in the browser: every `schemas/*.json` bundled (eagerly, into the lazy chunks of the signed-in
 * shell that import this module), prepared like the server prepares them (`x-enum` filled from
 * schemas/enums.json). Derived schemas (the create and edit forms) get their own `$id`, because RJSF and
 * ajv cache compiled schemas by `$id`.
 */
import { resourceByName, type ResourceDefinition } from '../../resources';
import { recordLabel } from '../../resources/label';
import { enumerationsOf, prepareSchema, type EntitySchema, type PropertySchema } from '../../validation/prepare-schema';
import { deriveFormSchema, fieldsOfView, type FormMode } from './form-schema';

const files = import.meta.glob<Record<string, unknown>>('../../schemas/*.json', { eager: true, import: 'default' });

const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1, -'.json'.length);

const enumsFile = Object.entries(files).find(([path]) => fileName(path) === 'enums')?.[1] ?? {};
export const enumerations = enumerationsOf(enumsFile);

const prepared = new Map<string, EntitySchema>();
for (const [path, file] of Object.entries(files)) {
  const name = fileName(path);
  if (name === 'enums') continue;
  prepared.set(name, prepareSchema(file as unknown as EntitySchema, enumerations));
}

/** Every prepared schema by file name (without `.json`). */
export function allSchemas(): ReadonlyMap<string, EntitySchema> {
  return prepared;
}

export function schemaByName(name: string): EntitySchema {
  const schema = prepared.get(name);
  if (!schema) throw new Error(`Unknown schema "${name}" (no schemas/${name}.json)`);
  return schema;
}

export function resourceOf(resource: ResourceDefinition | string): ResourceDefinition {
  return typeof resource === 'string' ? resourceByName(resource) : resource;
}

export function schemaOf(resource: ResourceDefinition | string): EntitySchema {
  return schemaByName(resourceOf(resource).schema);
}

export function propertyOf(resource: ResourceDefinition | string, field: string): PropertySchema | undefined {
  return schemaOf(resource).properties[field];
}

/** The fields a view shows, in order: the resource's `views`, else `x-list` fields (list) or every property. */
export function viewFields(resource: ResourceDefinition | string, view: 'list' | 'show' | 'form'): string[] {
  const definition = resourceOf(resource);
  return fieldsOfView(definition, schemaOf(definition), view);
}

const formSchemas = new Map<string, EntitySchema>();

/** The schema of the create or edit form, with an `$id` of its own (`company-create`, `company-edit`). */
export function formSchemaOf(resource: ResourceDefinition | string, mode: FormMode): EntitySchema {
  const definition = resourceOf(resource);
  const key = `${definition.name}:${mode}`;
  let derived = formSchemas.get(key);
  if (!derived) {
    derived = deriveFormSchema(definition, schemaOf(definition), mode);
    formSchemas.set(key, derived);
  }
  return derived;
}

/** The id of a record, under the resource's `idField`. */
export function idOf(resource: ResourceDefinition | string, record: Record<string, unknown> | undefined | null): string | undefined {
  const value = record?.[resourceOf(resource).idField ?? 'id'];
  return value === undefined || value === null ? undefined : `${value as string | number}`;
}

/** A record's label (resources/label.ts), else its id. */
export function labelOf(resource: ResourceDefinition | string, record: Record<string, unknown> | undefined | null): string {
  if (!record) return '';
  const definition = resourceOf(resource);
  return recordLabel(definition, record) || idOf(definition, record) || '';
}

/**
 * The query that carries a record's path parameters other than its id and parent
 * (`pathFields`: `?companyId=7` for `/employees/{companyId}/show/{id}`), added to its show link so the
 * show page still finds the record when opened again from the address bar or reloaded.
 */
export function pathQueryOf(resource: ResourceDefinition | string, record: Record<string, unknown> | undefined | null): string {
  const query = new URLSearchParams();
  for (const [param, field] of Object.entries(resourceOf(resource).pathFields ?? {})) {
    const value = record?.[field];
    if (value !== undefined && value !== null && value !== '') query.set(param, `${value as string | number}`);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
