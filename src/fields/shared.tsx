/** Small helpers the field kinds share. */
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
