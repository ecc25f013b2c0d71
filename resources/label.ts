/**
 * A record's label (pickers, titles, reference cells) from its resource's definition: `labelFormat` when it
 * has one (`{board_names} ({registration_number})`: "Truck 01 (TR-001)"; a part whose fields are blank goes,
 * brackets and all), else its `label` fields joined with spaces. Empty when every field is blank.
 */
import type { ResourceDefinition } from './types';

const blank = (value: unknown) => value === undefined || value === null || value === '';
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value));

/** A field's value as a reader should see it (an enumeration's code in words, a day as the language writes it). */
export type LabelValue = (field: string, value: unknown) => string | undefined;

/** `shown`: the web app's words for a value (src/crud/use-label-of.ts); without it, or where it says nothing, as stored. */
export function recordLabel(definition: Pick<ResourceDefinition, 'label' | 'labelFormat'>, record: Record<string, unknown>, shown?: LabelValue): string {
  const value = (field: string) => shown?.(field, record[field]) ?? text(record[field]);
  if (!definition.labelFormat)
    return definition.label
      .filter((field) => !blank(record[field]))
      .map(value)
      .join(' ');
  return definition.labelFormat
    .replace(/\{(\w+)\}/g, (_match, field: string) => (blank(record[field]) ? '' : value(field)))
    .replace(/\(\s*\)|\[\s*\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
