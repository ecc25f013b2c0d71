/** Small helpers the field kinds share. */
import type { InputProps } from 'antd';
import type { PropertySchema } from '../../validation/prepare-schema';

export const emptyMark = '—';

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

export function typesOf(schema: PropertySchema): string[] {
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
}

export function hasType(schema: PropertySchema, ...types: string[]): boolean {
  return typesOf(schema).some((type) => types.includes(type));
}

/** The mask character of sensitive values sent to a member without `sensitive.view` ("••••••••1234"). */
export const maskCharacter = '•';

/** A sensitive value the server masked: shown as it comes, never formatted or parsed. */
export function isMasked(value: unknown): value is string {
  return typeof value === 'string' && value.includes(maskCharacter);
}

export function Blank() {
  return <span className="crud-empty-value">{emptyMark}</span>;
}

export function PlainDisplay({ value }: { value: unknown }) {
  if (isBlank(value)) return <Blank />;
  return <>{String(value)}</>;
}

/** RJSF wants `undefined` for an emptied field (so "required" reports it), not "". */
export function emptyToUndefined(value: unknown, emptyValue?: unknown): unknown {
  return value === '' || value === null ? emptyValue : value;
}

/**
 * A text's length limit (`maxLength`) as antd's counter instead of the browser's `maxlength`, which cut what was
 * pasted past the limit without a word (a 300-character brand saved as its first 50). Text past the limit stays in
 * the field, marked, and the form says "at most 50 characters"; the counter shows from four fifths of the limit.
 */
export function lengthCount(schema: { maxLength?: number }): InputProps['count'] {
  const max = schema.maxLength;
  if (typeof max !== 'number') return undefined;
  // Counted in characters as the schema's check counts them (code points): an emoji is one, not the two UTF-16 units
  // antd counts by default, which said "3 / 3" beside "Must be at least 3 characters" for "🚚X".
  return { max, strategy: (text) => [...text].length, show: ({ count }) => (count >= Math.floor(max * 0.8) ? `${count} / ${max}` : null) };
}
