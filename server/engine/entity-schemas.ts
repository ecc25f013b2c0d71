/**
 * Entity schemas as the engine uses them: read from `schemas/<schema>.json` on disk at start (not
 * bundled), so a property an admin adds to a file is picked up by a restart with no build; prepared
 * (x-enum → enum) and compiled once with the shared strict ajv, so a misspelt annotation fails the start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../validation/create-ajv';
import { enumerationsOf, prepareSchema, type EntitySchema, type PropertySchema } from '../../validation/prepare-schema';
import type { ResourceDefinition } from '../../resources/types';

export const SCHEMAS_DIR = fileURLToPath(new URL('../../schemas/', import.meta.url));

export interface RefAnnotation {
  resource: string;
  onDelete: 'restrict' | 'set-null' | 'cascade';
}

export interface LoadedSchema {
  /** The prepared schema (enums filled in), as validated and as published in the OpenAPI document. */
  schema: EntitySchema;
  /** Validates a whole record: `required` kept, `additionalProperties` as the file says. */
  validate: ValidateFunction;
  /** Properties the client may write (not `readOnly`). */
  writable: Set<string>;
}

export type SchemaSet = Map<string, LoadedSchema>;

export function refOf(property: PropertySchema | undefined): RefAnnotation | null {
  const ref = property?.['x-ref'] as { resource: string; onDelete?: RefAnnotation['onDelete'] } | undefined;
  return ref ? { resource: ref.resource, onDelete: ref.onDelete ?? 'restrict' } : null;
}

/** Scalar type of a property: the first non-null entry of `type`. */
export function typeOf(property: PropertySchema | undefined): string | undefined {
  const type = property?.type;
  if (Array.isArray(type)) return type.find((entry) => entry !== 'null');
  return type;
}

function readJson(file: string): Record<string, unknown> {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`Cannot read schema ${file}: ${(error as Error).message}`, { cause: error });
  }
}

/** Loads and compiles the schema of every resource; throws (fails the start) on any broken schema or reference. */
export function loadEntitySchemas(resources: readonly ResourceDefinition[], dir = SCHEMAS_DIR): SchemaSet {
  const enums = enumerationsOf(readJson(path.join(dir, 'enums.json')));
  const ajv = createAjv();
  const set: SchemaSet = new Map();
  for (const resource of resources) {
    if (set.has(resource.schema)) continue;
    const schema = prepareSchema(readJson(path.join(dir, `${resource.schema}.json`)) as unknown as EntitySchema, enums);
    const validate = ajv.compile(schema);
    const writable = new Set(
      Object.entries(schema.properties)
        .filter(([, property]) => property.readOnly !== true)
        .map(([name]) => name),
    );
    set.set(resource.schema, { schema, validate, writable });
  }
  // References must name a known resource: a typo fails at start, not on the first delete.
  const names = new Set(resources.map((resource) => resource.name));
  for (const [schemaName, { schema }] of set) {
    for (const [field, property] of Object.entries(schema.properties)) {
      for (const candidate of [property, property.items]) {
        const ref = refOf(candidate);
        if (ref && !names.has(ref.resource)) throw new Error(`${schemaName}.${field}: x-ref names unknown resource "${ref.resource}"`);
      }
    }
  }
  return set;
}
