/**
 * Records between the wire and the table. On the wire a record is its id (under the resource's
 * idField), its data fields, its parent field, then version, timestamps and authors.
 *
 * Mass assignment: fields the server owns (id / idField, tenant_id, parent_id and the parent field,
 * created_*, updated_*, version) and `readOnly` schema properties are DROPPED from a body before
 * validation, not refused (writeOnly fields are stored hashed and never returned, see routes.ts): a form that posts back a record it loaded (with its id and timestamps)
 * keeps working, and nothing a client sends can ever reach those columns. Any other unknown field is a
 * 422 (the schemas say additionalProperties: false), so a typo still shows.
 */
import type { EngineResource } from './model';

export interface RecordRow {
  id: number;
  tenant_id: number;
  parent_id?: number | null;
  data: Record<string, unknown>;
  /** Derived fields computed on read (derived-fields.ts), when the resource has any. */
  derived?: Record<string, unknown> | null;
  created_at: Date | string;
  updated_at: Date | string;
  created_by: number | null;
  updated_by: number | null;
  version: number;
}

/** The engine's store reads timestamps as the wire's text already (wire-timestamps.ts); other readers pass Dates. */
const iso = (value: Date | string) =>
  value instanceof Date ? value.toISOString() : value.length === 24 && value.endsWith('Z') ? value : new Date(value).toISOString();

export function toWire(resource: EngineResource, row: RecordRow): Record<string, unknown> {
  const record: Record<string, unknown> = { [resource.idField]: row.id };
  // for…in rather than Object.entries: no array of pairs made per row (toWire runs for every row of every list).
  const data = row.data ?? {};
  for (const field in data) {
    // The stored data never holds a protected name; guard anyway so data cannot shadow the id.
    if (!resource.notOnWire.has(field)) assign(record, field, data[field]);
  }
  const derived = row.derived ?? {};
  for (const field in derived) assign(record, field, derived[field]);
  const parent = resource.definition.parent;
  if (parent) record[parent.field] = row.parent_id ?? null;
  record.version = row.version;
  record.created_at = iso(row.created_at);
  record.updated_at = iso(row.updated_at);
  record.created_by = row.created_by;
  record.updated_by = row.updated_by;
  return record;
}

/**
 * `define`'s result by plain assignment wherever that means the same (every name but "__proto__"):
 * defineProperty turns an object into a slow dictionary that JSON.stringify walks slowly, and toWire
 * runs for every row of every list.
 */
function assign(target: Record<string, unknown>, name: string, value: unknown) {
  if (name === '__proto__') define(target, name, value);
  else target[name] = value;
}

/** Sets an own data property (a field named "__proto__" stays data, never becomes a prototype). */
export function define(target: Record<string, unknown>, name: string, value: unknown) {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

/** The body without server-owned and readOnly fields (see the header). Not an object: returned as is, for the validator to refuse. */
export function withoutProtectedFields(resource: EngineResource, body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (resource.protectedFields.has(name)) continue;
    if (Object.hasOwn(resource.properties, name) && !resource.loaded.writable.has(name)) continue;
    define(result, name, value);
  }
  return result;
}
