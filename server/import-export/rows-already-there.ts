/**
 * The rows of a file that are the same as a record already there, or as an earlier row of the file, by the
 * resource's `importMatch` field (orders: the cargo number): what a file brought in twice would make twice. Their
 * values are read as the import reads them (a cell's prefix against formulas, blanks and Unicode forms as stored),
 * and looked up in one statement through the field's `(tenant_id, field)` index.
 */
import { canonicalText } from '../../validation/normalize-body';
import type { Queryable } from '../db/pool';
import { fieldExpression, type EngineResource } from '../engine/model';
import type { CellReader } from './import-values';
import type { ReadTable } from './read-table';

export async function rowsAlreadyThere(
  client: Queryable,
  resource: EngineResource,
  tenantId: number,
  cells: CellReader,
  table: ReadTable,
  fields: Array<string | null>,
): Promise<Set<number>> {
  const field = resource.definition.importMatch;
  const column = field === undefined ? -1 : fields.indexOf(field);
  if (field === undefined || column < 0) return new Set();
  const values = new Map<number, string>();
  for (const { row, cells: rowCells } of table.rows) {
    const reading = await cells.read(resource.properties[field], rowCells[column] ?? null);
    if (reading === undefined || 'error' in reading || typeof reading.value !== 'string') continue;
    const value = canonicalText(resource.loaded.schema, { [field]: reading.value })[field];
    if (typeof value === 'string' && value !== '') values.set(row, value);
  }
  if (values.size === 0) return new Set();
  const expression = fieldExpression(resource, field);
  const found = await client.query(`SELECT DISTINCT ${expression} AS value FROM "${resource.table}" WHERE tenant_id = $1 AND ${expression} = ANY($2::text[])`, [
    tenantId,
    [...new Set(values.values())],
  ]);
  const seen = new Set((found.rows as Array<{ value: string }>).map((found) => found.value));
  const same = new Set<number>();
  for (const [row, value] of values) {
    if (seen.has(value)) same.add(row);
    else seen.add(value);
  }
  return same;
}
