/**
 * A record's value as an exported cell: what the list shows, in the member's language. References as labels,
 * enum values as labels, booleans as yes and no, countries and contract types by name, dates as dates, numbers
 * as numbers; a sensitive value masked for a member without the right arrives here already masked (masking.ts)
 * and is written as the list shows it.
 */
import type { PropertySchema } from '../../validation/prepare-schema';
import type { LookupListName } from '../../validation/vocabulary';
import { refOf, typeOf } from '../engine/entity-schemas';
import type { EngineResource } from '../engine/model';
import type { ReferenceLabels } from './reference-labels';
import type { Cell } from './read-table';
import type { Words } from './vocabulary';

/** A problem list computed per request (an order's crew check) is a live check, not data: it is not exported. */
export function exportable(resource: EngineResource, field: string): boolean {
  return resource.properties[field]?.['x-widget'] !== 'warnings';
}

const blank = (value: unknown) => value === undefined || value === null || value === '';

/** `YYYY-MM-DD` → a Date at midnight UTC (a spreadsheet date without a time zone shift). */
function dateOf(text: string): Date | string {
  const date = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? text : date;
}

function plain(value: unknown): Cell {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** One value of a scalar property as a cell. */
function scalarCell(property: PropertySchema, value: unknown, words: Words, labels: ReferenceLabels): Cell {
  const ref = refOf(property);
  if (ref && typeof value === 'number') return labels.label(ref.resource, value);
  if (typeof property['x-enum'] === 'string' || Array.isArray(property.enum)) return words.enumLabel(property, value);
  if (typeof value === 'boolean') return words.yesNo(value);
  const widget = property['x-widget'];
  if (widget === 'country' && typeof value === 'string') return words.country(value);
  const list = property['x-lookup'] as LookupListName | undefined;
  if (list && (typeof value === 'string' || typeof value === 'number')) return words.lookup(list, String(value));
  if (property.format === 'date' && typeof value === 'string') return dateOf(value);
  if (typeof value === 'object' && value !== null && 'file_name' in value) return String(value.file_name);
  return plain(value);
}

/** The cell of `field` in a wire record (derived fields included). */
export function exportCell(resource: EngineResource, field: string, record: Record<string, unknown>, words: Words, labels: ReferenceLabels): Cell {
  const value = record[field];
  if (blank(value)) return null;
  const property = resource.properties[field];
  if (!property) return plain(value);
  if (Array.isArray(value)) {
    const item = typeOf(property) === 'array' && property.items ? property.items : property;
    const parts = value
      .map((entry) => scalarCell(item, entry, words, labels))
      .map((cell) => (cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell)));
    return parts.join(', ');
  }
  return scalarCell(property, value, words, labels);
}
