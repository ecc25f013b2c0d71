/** Groups of sub-fields (`type: "object"`): "name: value" pairs; RJSF draws the editor. */
import type { DisplayProps, FieldKind } from '../types';
import { Blank, hasType, isBlank } from '../shared';

function ObjectDisplay({ value }: DisplayProps) {
  if (!value || typeof value !== 'object') return <Blank />;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => !isBlank(item));
  if (entries.length === 0) return <Blank />;
  return (
    <>{entries.map(([name, item]) => `${name}: ${typeof item === 'object' ? JSON.stringify(item) : String(item as string | number | boolean)}`).join('; ')}</>
  );
}

export const objectKind: FieldKind = {
  name: 'object',
  match: (schema) => hasType(schema, 'object'),
  Display: ObjectDisplay,
};
