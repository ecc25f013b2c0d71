/**
 * One resource as the engine serves it: its definition, its loaded schema, its table and what its
 * annotations mean for storage and lists. Built once at start from the registry and the schema files.
 */
import { auditOwnerOf, type AuditOwner } from './audit-owner';
import type { Endpoint, ResourceApi, ResourceDefinition } from '../../resources/types';
import type { PropertySchema } from '../../validation/prepare-schema';
import { derivedFieldsOf } from './derived-fields';
import { loadEntitySchemas, refOf, typeOf, type LoadedSchema, type RefAnnotation } from './entity-schemas';

/** Columns of every engine table that are not schema fields; never writable by a client. */
export const SYSTEM_COLUMNS = ['id', 'tenant_id', 'parent_id', 'created_at', 'updated_at', 'created_by', 'updated_by', 'version'] as const;
/** Columns a list may always be sorted by. */
export const SORTABLE_COLUMNS = ['id', 'created_at', 'updated_at'] as const;

/**
 * Tables that existed before the engine and are adopted as they are: issue 2's registration creates
 * the tenant's main company in `companies`, which already has the engine's columns (id, tenant_id,
 * data, created/updated at/by, version). Pointing the engine at it keeps registration, the profile's
 * company and their tests untouched; every other resource gets `r_<name>`.
 */
const ADOPTED_TABLES: Record<string, string> = {
  companies: 'companies',
  // Members are the sign-in table itself (migration 004 gave it `data`), so a new member can sign in.
  users: 'users',
};

/** What a generated endpoint does: the keys of a definition's `api`. */
export type EndpointAction = keyof ResourceApi;

const ENDPOINT_ACTIONS: ReadonlySet<string> = new Set<EndpointAction>(['list', 'show', 'create', 'update', 'delete']);

function isEndpointAction(key: string): key is EndpointAction {
  return ENDPOINT_ACTIONS.has(key);
}

/** The endpoints a definition declares, in its own order, each with its action (`Object.entries` would type them `any`). */
export function endpointsOf(api: ResourceApi): Array<[EndpointAction, Endpoint]> {
  return Object.keys(api)
    .filter(isEndpointAction)
    .flatMap((action): Array<[EndpointAction, Endpoint]> => {
      const endpoint = api[action];
      return endpoint ? [[action, endpoint]] : [];
    });
}

export function tableName(resourceName: string): string {
  return ADOPTED_TABLES[resourceName] ?? `r_${resourceName.replace(/-/g, '_')}`;
}

export interface ReferenceField {
  field: string;
  ref: RefAnnotation;
  /** The field holds an array of ids (`items` carries the x-ref) rather than one id. */
  many: boolean;
}

export interface EngineResource {
  definition: ResourceDefinition;
  name: string;
  table: string;
  idField: string;
  loaded: LoadedSchema;
  properties: Record<string, PropertySchema>;
  references: ReferenceField[];
  /** Fields of x-search (the `search` parameter). */
  searchFields: string[];
  sortFields: string[];
  filterFields: Array<{ field: string; mode: 'exact' | 'range' | 'search' }>;
  indexFields: string[];
  /** Fields computed in SQL on read (derived-fields.ts): field → expression. */
  derived: Record<string, string>;
  /** Path parameter → schema field (`pathFields`). */
  pathFields: Record<string, string>;
  /** Wire names never taken from a client body (mass assignment). */
  protectedFields: Set<string>;
  /** Stored names that never go out on the wire: the protected ones (a stored record never holds them) and writeOnly fields. */
  notOnWire: Set<string>;
  /** Fields marked x-sensitive: masked for members without `sensitive.view` (masking.ts). */
  sensitiveFields: string[];
  /** Fields of `x-unique: true`: one record per value in the tenant, or under one owner (unique-fields.ts). */
  uniqueFields: string[];
  /** Fields of `x-lookup`: ids of a reference list, checked against it when written (lookup-fields.ts). */
  /** `x-lookup` fields, and the sibling field whose value names the item's group (`x-lookup-within`). */
  lookupFields: Array<{ field: string; list: string; within?: string }>;
  /**
   * Columns the database computes from the row (computed-columns.ts) that are not filled for every row yet:
   * read the expression instead until they are. Empty unless a start added one to a large table on PostgreSQL.
   */
  unfilledColumns: Set<string>;
  /** The top record whose History this one's changes also belong to (audit-owner.ts), or null. */
  auditOwner: AuditOwner | null;
}

export interface EngineModel {
  resources: EngineResource[];
  byName: Map<string, EngineResource>;
  /** The ids of each reference list that `x-lookup` fields name (lookup-fields.ts); a list not here is not checked. */
  lookups: ReadonlyMap<string, ReadonlyMap<string, string | undefined>>;
}

export function buildModel(
  definitions: readonly ResourceDefinition[],
  schemasDir?: string,
  lookups: ReadonlyMap<string, ReadonlyMap<string, string | undefined>> = new Map(),
): EngineModel {
  const schemas = loadEntitySchemas(definitions, schemasDir);
  const resources = definitions.map((definition): EngineResource => {
    const loaded = schemas.get(definition.schema) as LoadedSchema;
    const properties = loaded.schema.properties;
    const entries = Object.entries(properties);
    const references: ReferenceField[] = [];
    for (const [field, property] of entries) {
      const single = refOf(property);
      const many = typeOf(property) === 'array' ? refOf(property.items) : null;
      if (single) references.push({ field, ref: single, many: false });
      else if (many) references.push({ field, ref: many, many: true });
    }
    const idField = definition.idField ?? 'id';
    const derived = derivedFieldsOf(definition.schema, properties);
    const protectedFields = new Set<string>([...SYSTEM_COLUMNS, idField, 'version']);
    if (definition.parent) protectedFields.add(definition.parent.field);
    const writeOnly = entries.filter(([, property]) => property.writeOnly === true).map(([field]) => field);
    return {
      definition,
      name: definition.name,
      table: tableName(definition.name),
      idField,
      loaded,
      properties,
      references,
      searchFields: entries.filter(([, property]) => property['x-search'] === true).map(([field]) => field),
      sortFields: entries.filter(([, property]) => property['x-sort'] === true).map(([field]) => field),
      filterFields: entries
        .filter(([, property]) => typeof property['x-filter'] === 'string')
        .map(([field, property]) => ({ field, mode: property['x-filter'] as 'exact' | 'range' | 'search' })),
      indexFields: entries
        .filter(([field]) => !Object.hasOwn(derived, field))
        .filter(([, property]) => property['x-index'] === true || property['x-sort'] === true || property['x-filter'] !== undefined || refOf(property) !== null)
        .map(([field]) => field),
      derived,
      pathFields: definition.pathFields ?? {},
      protectedFields,
      notOnWire: new Set([...protectedFields, ...writeOnly]),
      sensitiveFields: entries.filter(([, property]) => property['x-sensitive'] === true).map(([field]) => field),
      uniqueFields: entries.filter(([, property]) => property['x-unique'] === true).map(([field]) => field),
      lookupFields: entries
        .filter(([, property]) => typeof property['x-lookup'] === 'string')
        .map(([field, property]) => ({
          field,
          list: property['x-lookup'] as string,
          ...(typeof property['x-lookup-within'] === 'string' ? { within: property['x-lookup-within'] } : {}),
        })),
      unfilledColumns: new Set(),
      auditOwner: null,
    };
  });
  const byName = new Map(resources.map((resource) => [resource.name, resource]));
  for (const resource of resources) {
    const parent = resource.definition.parent;
    if (parent && !byName.has(parent.resource)) throw new Error(`${resource.name}: parent resource "${parent.resource}" is not in the registry`);
  }
  const model = { resources, byName, lookups };
  for (const resource of resources) resource.auditOwner = auditOwnerOf(model, resource);
  return model;
}

/** Resources whose tables must exist before this one's (its parent): the order tables are created in. */
export function creationOrder(model: EngineModel): EngineResource[] {
  const ordered: EngineResource[] = [];
  const visit = (resource: EngineResource, trail: string[]) => {
    if (ordered.includes(resource)) return;
    if (trail.includes(resource.name)) throw new Error(`Parent cycle: ${[...trail, resource.name].join(' → ')}`);
    const parent = resource.definition.parent;
    if (parent) visit(model.byName.get(parent.resource) as EngineResource, [...trail, resource.name]);
    ordered.push(resource);
  };
  for (const resource of model.resources) visit(resource, []);
  return ordered;
}

/**
 * The SQL expression a field is compared and sorted by, typed from the schema (numbers sort as numbers).
 * `row`: the record the data is read from, for a trigger function (`NEW`); a derived field has none.
 */
export function fieldExpression(resource: EngineResource, field: string, row?: string): string {
  const derived = resource.derived[field];
  if (derived !== undefined) return `(${derived})`;
  const quoted = field.replace(/'/g, "''");
  const type = typeOf(resource.properties[field]);
  const data = row ? `${row}.data` : 'data';
  if (type === 'integer' || type === 'number') return `((${data}->>'${quoted}')::numeric)`;
  if (type === 'boolean') return `((${data}->>'${quoted}')::boolean)`;
  return `(${data}->>'${quoted}')`;
}
