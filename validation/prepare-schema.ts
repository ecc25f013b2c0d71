/**
 * Turns a schema file as an admin writes it into the schema both sides compile: enumerations named with
 * `x-enum` get their ids from schemas/enums.json, so the list of ids lives in one place, and a number without
 * bounds of its own gets those of an exact JSON number (±Number.MAX_SAFE_INTEGER). Pure, so the
 * server (reading files at start) and the web app (bundling them) prepare schemas the same way.
 */
import type { EntitySchema, PropertySchema } from '../resources/schema-types';

export type Enumerations = Record<string, Array<string | number>>;

export type { EntitySchema, PropertySchema };

const isNumeric = (property: PropertySchema) => [property.type].flat().some((type) => type === 'number' || type === 'integer');

function prepareProperty(property: PropertySchema, enums: Enumerations, path: string): PropertySchema {
  const prepared: PropertySchema = { ...property };
  // A number past what JSON carries exactly (a price of 1e308, a distance of 9007199254740993 read as …992) is
  // refused with the field's usual bound message, unless the schema bounds it more tightly itself.
  if (isNumeric(property)) {
    prepared.maximum ??= Number.MAX_SAFE_INTEGER;
    prepared.minimum ??= -Number.MAX_SAFE_INTEGER;
  }
  const enumName = property['x-enum'];
  if (enumName !== undefined) {
    const values = enums[enumName];
    if (!values) throw new Error(`${path}: unknown enumeration "${enumName}" (x-enum); known: ${Object.keys(enums).join(', ')}`);
    prepared.enum = values;
  }
  if (property.items) prepared.items = prepareProperty(property.items, enums, `${path}[]`);
  if (property.properties) {
    prepared.properties = Object.fromEntries(
      Object.entries(property.properties).map(([name, child]) => [name, prepareProperty(child, enums, `${path}.${name}`)]),
    );
  }
  return prepared;
}

export function prepareSchema(schema: EntitySchema, enums: Enumerations): EntitySchema {
  const { $comment: _comment, ...rest } = schema;
  return {
    ...rest,
    properties: Object.fromEntries(
      Object.entries(schema.properties).map(([name, property]) => [name, prepareProperty(property, enums, `${schema.$id}.${name}`)]),
    ),
  };
}

/** schemas/enums.json without its comment. */
export function enumerationsOf(file: Record<string, unknown>): Enumerations {
  const { $comment: _comment, ...enums } = file;
  return enums as Enumerations;
}
