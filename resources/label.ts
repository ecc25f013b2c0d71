/**
 * A record's label (pickers, titles, reference cells) from its resource's definition: `labelFormat` when it
 * has one (`{board_names} ({registration_number})`: "Truck 01 (TR-001)"; a part whose fields are blank goes,
 * brackets and all), else its `label` fields joined with spaces. Empty when every field is blank.
 */
import type { ResourceDefinition } from './types';

const blank = (value: unknown) => value === undefined || value === null || value === '';
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value));

export function recordLabel(definition: Pick<ResourceDefinition, 'label' | 'labelFormat'>, record: Record<string, unknown>): string {
  if (!definition.labelFormat)
    return definition.label
      .filter((field) => !blank(record[field]))
      .map((field) => text(record[field]))
      .join(' ');
  return definition.labelFormat
    .replace(/\{(\w+)\}/g, (_match, field: string) => (blank(record[field]) ? '' : text(record[field])))
    .replace(/\(\s*\)|\[\s*\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
