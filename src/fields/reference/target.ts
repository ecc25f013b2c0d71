/**
 * The target of a reference field (`x-ref: { resource }`): which resource it names, how its records are
 * identified and labelled, and whether their labels can be asked for (the target's list endpoint with
 * `ids=`, through the data provider's `getMany`).
 */
import { resources, type ResourceDefinition } from '../../../resources';
import { recordLabel } from '../../../resources/label';
import { isBlank } from '../shared';
import type { PropertySchema } from '../types';

export type ReferenceTarget = ResourceDefinition;

export function targetOf(schema: PropertySchema): ReferenceTarget | undefined {
  const ref = schema['x-ref'] as { resource?: string } | undefined;
  return resources.find((resource) => resource.name === ref?.resource);
}

export function idOfRecord(target: ReferenceTarget, record: Record<string, unknown>): string {
  return String(record[target.idField ?? 'id']);
}

/** The target's label of a record (resources/label.ts); the id when its fields are all blank. */
export function labelOfRecord(target: ReferenceTarget, record: Record<string, unknown>): string {
  return recordLabel(target, record) || idOfRecord(target, record);
}

/**
 * Whether the target's records can be listed without knowing anything else: a list endpoint without path
 * parameters (a sub-resource's list needs its parent's id, which a reference does not carry). Labels and
 * picker options come from that list; a target without one shows ids.
 */
export function isListable(target: ReferenceTarget | undefined): target is ReferenceTarget {
  return Boolean(target?.api.list && !target.parent && !target.api.list.path.includes('{'));
}

/** The ids of a value (one or many), as strings (the keys Refine's cache shares), blanks left out, once each. */
export function idsOf(value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  const ids = values.filter((item): item is string | number => (typeof item === 'number' || typeof item === 'string') && !isBlank(item)).map(String);
  return [...new Set(ids)];
}
