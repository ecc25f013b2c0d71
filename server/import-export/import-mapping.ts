/**
 * Which column of an imported file fills which field: the member's own choice (`mapping`), else the mapping the
 * tenant's last import of this resource saved for that heading, else the field whose label (in any language)
 * or name the heading is. A column that names no field, or a field another column already fills, is not read.
 */
import { fieldsOfView } from '../../resources/views';
import type { Queryable } from '../db/pool';
import { invalid } from '../engine/create-record';
import type { EngineResource } from '../engine/model';
import { comparable, type Readings } from './vocabulary';

export type Mapping = Record<string, string | null>;

/**
 * The fields a file may fill: the create form's (what a member can type in), without write-only ones, and
 * without sensitive ones for a member who may not write them.
 */
export function importableFields(resource: EngineResource, writesSensitive: boolean): string[] {
  return fieldsOfView(resource.definition, resource.loaded.schema, 'form').filter(
    (field) =>
      resource.properties[field]?.writeOnly !== true &&
      !resource.protectedFields.has(field) &&
      (writesSensitive || !resource.sensitiveFields.includes(field)) &&
      resource.properties[field]?.['x-widget'] !== 'warnings',
  );
}

/** `mapping` as sent: JSON of heading → field or null, each field one the file may fill, none twice. */
export function parseMapping(text: string | undefined, fields: string[]): Mapping | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid({ mapping: [{ key: 'import.mapping.notJson' }] });
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid({ mapping: [{ key: 'import.mapping.notJson' }] });
  const mapping: Mapping = {};
  const used = new Set<string>();
  for (const [heading, field] of Object.entries(parsed as Record<string, unknown>)) {
    if (field === null || field === '') {
      mapping[heading] = null;
      continue;
    }
    if (typeof field !== 'string' || !fields.includes(field))
      throw invalid({ mapping: [{ key: 'import.mapping.unknownField', params: { field: JSON.stringify(field) } }] });
    if (used.has(field)) throw invalid({ mapping: [{ key: 'import.mapping.twice', params: { field } }] });
    used.add(field);
    mapping[heading] = field;
  }
  return mapping;
}

export async function savedMapping(client: Queryable, tenantId: number, resource: EngineResource): Promise<Mapping> {
  const { rows } = await client.query<{ mapping: Mapping }>('SELECT mapping FROM import_mappings WHERE tenant_id = $1 AND resource = $2', [
    tenantId,
    resource.name,
  ]);
  return rows[0]?.mapping ?? {};
}

export async function saveMapping(client: Queryable, tenantId: number, userId: number, resource: EngineResource, mapping: Mapping): Promise<void> {
  await client.query(
    `INSERT INTO import_mappings (tenant_id, resource, mapping, updated_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (tenant_id, resource) DO UPDATE SET mapping = EXCLUDED.mapping, updated_at = now(), updated_by = EXCLUDED.updated_by`,
    [tenantId, resource.name, JSON.stringify(mapping), userId],
  );
}

/** The field of each heading, in the file's order (null: the column is not read). */
export function mapColumns(
  resource: EngineResource,
  headings: string[],
  fields: string[],
  readings: Readings,
  chosen: Mapping | undefined,
  saved: Mapping,
): Array<string | null> {
  const byHeading = new Map<string, string>();
  for (const field of fields) for (const name of readings.headings(resource, field)) if (!byHeading.has(name)) byHeading.set(name, field);
  const taken = new Set(Object.values(chosen ?? {}).filter((field): field is string => typeof field === 'string'));
  return headings.map((heading) => {
    if (chosen && Object.hasOwn(chosen, heading)) return chosen[heading];
    const remembered = Object.hasOwn(saved, heading) ? saved[heading] : undefined;
    const field = remembered !== undefined ? remembered : heading ? (byHeading.get(comparable(heading)) ?? null) : null;
    if (field === null || !fields.includes(field) || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}
