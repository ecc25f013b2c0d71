/**
 * A cell of an imported file as the value its field stores, read as people write it (docs/import-export.md):
 * references by label, enum values by label in any language, yes/no words, dates in the day-first forms of
 * the six languages (month first in English where only that fits), numbers as the member's language writes them.
 * What cannot be read as its type is handed on as text, so the schema refuses it with the same message the API
 * gives; what names nothing (an unknown label) is an error of its own.
 */
import type { ValidationMessage } from '../../validation/messages';
import type { LookupListName } from '../../validation/vocabulary';
import type { PropertySchema } from '../../validation/prepare-schema';
import { refOf, typeOf } from '../engine/entity-schemas';
import type { LabelIndex } from './reference-labels';
import type { Cell } from './read-table';
import { csvConventions, unneutralised } from './table-writers';
import { comparable, type Readings } from './vocabulary';

export type Reading = { value: unknown } | { error: ValidationMessage };

const two = (text: string) => text.padStart(2, '0');

/** Excel's day 0 (its 1900 system, past its leap-year slip of 1900-02-29), and the serials read as dates: 1900-03-01 to 9999-12-31. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const EXCEL_SERIAL_MIN = 61;
const EXCEL_SERIAL_MAX = 2_958_465;

/**
 * `1/5/2026` read in English: the US writes the month first, the UK the day, so a date whose first two numbers could
 * each be the month (and differ) is refused rather than guessed; `15/1/2026` and `1/15/2026` can only be read one way.
 * The other five languages write the day first (and mostly with dots).
 */
export function ambiguousDate(cell: Cell, language: string): boolean {
  if (language !== 'en' || typeof cell !== 'string') return false;
  const parts = /^(\d{1,2})\/(\d{1,2})\/\d{4}$/.exec(cell.trim());
  return parts !== null && Number(parts[1]) <= 12 && Number(parts[2]) <= 12 && Number(parts[1]) !== Number(parts[2]);
}

/**
 * A date cell or text as `YYYY-MM-DD`; text it cannot read stays as it is (the schema's `format: date` refuses it).
 * Slashed dates are day first, except in English where the month comes first when only that reading fits.
 */
export function dateText(cell: Cell, language = ''): unknown {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? String(cell) : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number' && cell >= EXCEL_SERIAL_MIN && cell <= EXCEL_SERIAL_MAX) {
    // A spreadsheet's date in a cell formatted as a number ("General"): days since 1899-12-30, as Excel counts them.
    return new Date(EXCEL_EPOCH_MS + Math.floor(cell) * 86_400_000).toISOString().slice(0, 10);
  }
  const text = String(cell).trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const dayFirst = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(text);
  if (dayFirst) {
    const monthFirst = language === 'en' && text.includes('/') && Number(dayFirst[2]) > 12;
    return monthFirst ? `${dayFirst[3]}-${two(dayFirst[1])}-${two(dayFirst[2])}` : `${dayFirst[3]}-${two(dayFirst[2])}-${two(dayFirst[1])}`;
  }
  return text;
}

/**
 * A number cell, or text written as the file's language writes numbers (`decimal`: its decimal mark, csvConventions):
 * `2.500` is two thousand five hundred in German and `1,500` fifteen hundred in English, as Excel reads them there.
 * A mark that cannot be the other one (`2.5` in German, `3,5` in English) is the decimal mark; both marks at once
 * are read by their order (`1.234,50`, `1,234.50`). Other text stays text, for the schema to refuse.
 */
export function numberOf(cell: Cell, decimal: '.' | ',' = '.'): unknown {
  if (typeof cell === 'number') return cell;
  const text = String(cell).replace(/[\s\u00a0\u202f']/g, '');
  const grouping = decimal === '.' ? ',' : '.';
  let normal: string | null = null;
  if (/^[+-]?\d+$/.test(text)) normal = text;
  else if (/^[+-]?\d{1,3}(,\d{3})+\.\d+$/.test(text)) normal = text.replace(/,/g, '');
  else if (/^[+-]?\d{1,3}(\.\d{3})+,\d+$/.test(text)) normal = text.replace(/\./g, '').replace(',', '.');
  else if (new RegExp(`^[+-]?\\d{1,3}(\\${grouping}\\d{3})+$`).test(text)) normal = text.split(grouping).join('');
  else if (/^[+-]?\d+[.,]\d+$/.test(text)) normal = text.replace(',', '.');
  return normal === null ? String(cell) : Number(normal);
}

/** What a reference field needs to read labels: the index of its target, built on first use. */
export type LabelIndexOf = (resource: string) => Promise<LabelIndex>;

export class CellReader {
  private readonly enums = new Map<PropertySchema, Map<string, string | number>>();
  private booleans?: Map<string, boolean>;
  private countries?: Map<string, string>;
  private readonly lookups = new Map<LookupListName, Map<string, string>>();

  /** The file's decimal mark: its language's (csvConventions), as the export writes it. */
  private readonly decimal: '.' | ',';

  /** `language`: the member's, whose numbers and dates the file is read as (Excel writes the file in it). */
  constructor(
    private readonly readings: Readings,
    private readonly labelIndexOf: LabelIndexOf,
    private readonly language = 'en',
  ) {
    this.decimal = csvConventions(language).decimal;
  }

  private enumValues(property: PropertySchema) {
    let values = this.enums.get(property);
    if (!values) this.enums.set(property, (values = this.readings.enumValues(property)));
    return values;
  }

  /** One scalar value of a property. */
  private async scalar(property: PropertySchema, cell: Cell): Promise<Reading> {
    const text = cell instanceof Date ? String(dateText(cell)) : String(cell).trim();
    const ref = refOf(property);
    if (ref) {
      const ids = (await this.labelIndexOf(ref.resource)).find(text);
      if (ids.length === 1) return { value: ids[0] };
      return { error: { key: ids.length === 0 ? 'import.value.unknownReference' : 'import.value.ambiguousReference', params: { value: text } } };
    }
    if (Array.isArray(property.enum)) {
      const value = this.enumValues(property).get(comparable(text));
      return value === undefined ? { error: { key: 'import.value.unknownOption', params: { value: text } } } : { value };
    }
    const widget = property['x-widget'];
    if (widget === 'country') {
      const code = (this.countries ??= this.readings.countries()).get(comparable(text));
      return code ? { value: code } : { error: { key: 'import.value.unknownOption', params: { value: text } } };
    }
    const type = typeOf(property);
    const list = property['x-lookup'] as LookupListName | undefined;
    if (list) {
      if (!this.lookups.has(list)) this.lookups.set(list, this.readings.lookup(list));
      const id = this.lookups.get(list)?.get(comparable(text));
      if (id === undefined) return { error: { key: 'import.value.unknownOption', params: { value: text } } };
      return { value: type === 'integer' ? Number(id) : id };
    }
    if (type === 'boolean') {
      if (typeof cell === 'boolean') return { value: cell };
      const value = (this.booleans ??= this.readings.booleans()).get(comparable(text));
      return { value: value ?? text };
    }
    if (type === 'integer' || type === 'number') return { value: numberOf(cell, this.decimal) };
    if (property.format === 'date') {
      if (ambiguousDate(cell, this.language)) return { error: { key: 'import.value.ambiguousDate', params: { value: text } } };
      return { value: dateText(cell, this.language) };
    }
    if (type === 'object') {
      try {
        return { value: JSON.parse(text) as unknown };
      } catch {
        return { value: text };
      }
    }
    return { value: text };
  }

  /** The value of a cell for its field; undefined for a blank cell (the field is left out). */
  async read(property: PropertySchema, given: Cell): Promise<Reading | undefined> {
    const cell = typeof given === 'string' ? unneutralised(given) : given;
    if (cell === null || (typeof cell === 'string' && cell.trim() === '')) return undefined;
    if (typeOf(property) !== 'array' || !property.items) return this.scalar(property, cell);
    // A list in one cell: "Driver licence; Medical certificate", "urgent, fragile".
    const parts = String(cell)
      .split(/[;,\n]/)
      .map((part) => part.trim())
      .filter(Boolean);
    // A list of records with one required text (a document type's statuses): "Valid; Expired" → [{ name: "Valid" }, …].
    const required = Array.isArray(property.items.required) ? (property.items.required as string[]) : [];
    const only = required.length === 1 ? required[0] : undefined;
    if (typeOf(property.items) === 'object' && only !== undefined) return { value: parts.map((part) => ({ [only]: part })) };
    const values: unknown[] = [];
    for (const part of parts) {
      const reading = await this.scalar(property.items, part);
      if ('error' in reading) return reading;
      values.push(reading.value);
    }
    return { value: values };
  }
}
