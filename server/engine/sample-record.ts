/**
 * A valid body for a resource, built from its prepared schema alone: the API tests iterate over the
 * registry with it, so a new resource (or a new property) is covered without a hand-written fixture.
 * Strings get a value of the right format and length (a real IBAN, VIN, phone, e-mail, a past date …),
 * numbers a value in range, enumerations their first value, a reference list's field its first item;
 * references take the id the caller made for the referenced resource (`refs`), and are left out when it has
 * none and the field is optional.
 */
import { formats } from '../../validation/formats';
import type { PropertySchema } from '../../validation/prepare-schema';
import { refOf, typeOf } from './entity-schemas';
import type { EngineResource } from './model';

/** One fixed past date: not after today, and equal dates satisfy every "not before" pair. */
export const SAMPLE_DATE = '2020-01-15';

const FORMAT_SAMPLES: Record<string, string[]> = {
  email: ['driver@example.com'],
  phone: ['+49 30 1234567'],
  login: ['sampleuser1'],
  letters: ['Anna', 'Annamaria'],
  date: [SAMPLE_DATE],
  iban: ['DE89370400440532013000'],
  vin: ['WDB9634031L123456'],
  swift: ['DEUTDEFF', 'DEUTDEFF500'],
  country: ['DE'],
  currency: ['EUR'],
  latin: ['Sample 123'],
  'not-blank': ['Sample'],
  'date-time': ['2020-01-15T10:00:00Z'],
  'web-address': ['https://example.com/route'],
  digits: ['1234'],
  'document-number': ['AB12345', 'AB1234567890'],
};

const GENERIC_SAMPLES = ['Sample', 'ABC123', '12345', 'https://example.com/route', 'sample text'];

function fitLength(text: string, min: number, max: number): string {
  let value = text;
  if (value.length < min) value = value + 'x'.repeat(min - value.length);
  return value.slice(0, max);
}

function sampleString(property: PropertySchema): string {
  const min = Number(property.minLength ?? 0);
  const max = Number(property.maxLength ?? 1000);
  const format = property.format as string | undefined;
  const pattern = typeof property.pattern === 'string' ? new RegExp(property.pattern, 'u') : null;
  // A password must also be strong enough (create-record.ts hashWriteOnly): a padded word is not.
  if (property['x-widget'] === 'password' && property.writeOnly === true) return fitLength('violet-harbour-lantern-42', min, max);
  const candidates = format ? (FORMAT_SAMPLES[format] ?? []) : GENERIC_SAMPLES;
  for (const candidate of candidates) {
    // Format values are used as they are (padding would break an IBAN); free text is padded to fit.
    const value = format && format !== 'not-blank' && format !== 'latin' ? candidate : fitLength(candidate, min, max);
    if (value.length < min || value.length > max) continue;
    if (pattern && !pattern.test(value)) continue;
    if (format && format in formats && !formats[format as keyof typeof formats](value)) continue;
    return value;
  }
  // Digits and Latin capitals fit most patterns (document numbers, PINs).
  for (const alphabet of ['1', 'A']) {
    const value = alphabet.repeat(Math.max(min, 5)).slice(0, max);
    if ((!pattern || pattern.test(value)) && (!format || !(format in formats) || formats[format as keyof typeof formats](value))) return value;
  }
  throw new Error(`No sample for string property ${JSON.stringify(property)}`);
}

function sampleNumber(property: PropertySchema, integer: boolean): number {
  const minimum = typeof property.minimum === 'number' ? property.minimum : typeof property.exclusiveMinimum === 'number' ? property.exclusiveMinimum + 1 : 1;
  const maximum = typeof property.maximum === 'number' ? property.maximum : minimum + 100;
  const value = Math.min(Math.max(minimum, Math.min(10, maximum)), maximum);
  return integer ? Math.ceil(value) : value;
}

export type RefIds = Partial<Record<string, number>>;

export function sampleValue(property: PropertySchema, refs: RefIds, required = true): unknown {
  const ref = refOf(property);
  if (ref) return refs[ref.resource];
  if (Array.isArray(property.enum) && property.enum.length > 0) return property.enum[0];
  if (property.const !== undefined) return property.const;
  // The schema's default is the value a form starts with (a new company is not the main one).
  if (property.default !== undefined) return property.default;
  // Every reference list's first item has the id 1 (reference-data/).
  if (typeof property['x-lookup'] === 'string') return typeOf(property) === 'string' ? '1' : 1;
  switch (typeOf(property)) {
    case 'string':
      return sampleString(property);
    case 'integer':
      return sampleNumber(property, true);
    case 'number':
      return sampleNumber(property, false);
    case 'boolean':
      return true;
    case 'array': {
      const count = Math.max(Number(property.minItems ?? 0), required ? 1 : 0);
      const itemRef = refOf(property.items);
      if (itemRef) return refs[itemRef.resource] === undefined ? [] : [refs[itemRef.resource]];
      return Array.from({ length: count }, (_, index) => {
        const item = sampleValue(property.items ?? {}, refs);
        // uniqueItems: vary the items.
        return typeof item === 'string' ? fitLength(`${item}${index}`.slice(0, Number(property.items?.maxLength ?? 1000)), 0, 1000) : item;
      });
    }
    case 'object':
      return sampleObject(property, refs);
    default:
      return 'Sample';
  }
}

function sampleObject(schema: PropertySchema, refs: RefIds, skip: (name: string) => boolean = () => false): Record<string, unknown> {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const result: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (skip(name) || property.readOnly === true) continue;
    const value = sampleValue(property, refs, required.has(name));
    if (value !== undefined) result[name] = value;
  }
  return result;
}

/** A valid create body for the resource (every writable property filled), minus fields its path supplies. */
export function sampleRecord(resource: EngineResource, refs: RefIds = {}): Record<string, unknown> {
  const fromPath = new Set(Object.values(resource.pathFields));
  return sampleObject(resource.loaded.schema, refs, (name) => fromPath.has(name));
}
