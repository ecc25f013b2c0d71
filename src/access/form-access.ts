/**
 * What a member may write in a resource's form, beyond the resource's own rights: `x-sensitive` fields
 * only with `sensitive.view` (a member without it sees them masked, "••••1234", read-only, and the form
 * neither validates nor sends them: the server refuses new values from them and ignores the masked ones),
 * and a member's `administrator` flag only as an administrator.
 */
import type { ResourceDefinition } from '../../resources';
import type { AccessHolder } from '../../resources/permissions';
import type { EntitySchema } from '../../validation/prepare-schema';
import { seesSensitive } from './access';

/** The form fields the member may see but not change. */
export function readOnlyFormFields(resource: ResourceDefinition, schema: EntitySchema, user: AccessHolder | null | undefined): string[] {
  const fields: string[] = [];
  if (!seesSensitive(user)) fields.push(...Object.keys(schema.properties).filter((field) => schema.properties[field]['x-sensitive'] === true));
  if (resource.name === 'users' && user?.administrator !== true && 'administrator' in schema.properties) fields.push('administrator');
  return fields;
}

/** The form's data without the fields the member may not change (what is validated and sent). */
export function withoutFields<T extends Record<string, unknown>>(data: T, fields: readonly string[]): T {
  if (fields.length === 0) return data;
  return Object.fromEntries(Object.entries(data).filter(([field]) => !fields.includes(field))) as T;
}
