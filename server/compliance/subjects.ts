/**
 * The obligations of a few given subjects that do not hold until a date: every current one ending before
 * `until` (exclusive), and the required ones they lack, each source reading through its subjects' indexes.
 * The order check asks this for a trip's drivers, vehicle and trailer (rights are the caller's business).
 */
import { join, sql, type Sql } from '../db/sql';
import type { EngineModel } from '../engine/model';
import { itemOf, type Client } from './items';
import { obligationSources, type ObligationRow } from './sources';
import type { ComplianceItem, SubjectType } from '../../resources/compliance';

export async function obligationsOf(
  client: Client,
  model: EngineModel,
  tenantId: number,
  subjects: ReadonlyArray<{ type: SubjectType; id: number }>,
  until: string,
): Promise<ComplianceItem[]> {
  const parts: Sql[] = [];
  for (const source of obligationSources) {
    const ids = [...new Set(subjects.filter((subject) => subject.type === source.subjectType).map((subject) => subject.id))];
    if (ids.length > 0) parts.push(sql`(${source.ofSubjects({ model, tenantId, ids, until })})`);
  }
  if (parts.length === 0) return [];
  const { text, values } = sql`
    SELECT items.*, to_char(current_date, 'YYYY-MM-DD') AS today FROM (${join(parts, ' UNION ALL ')}) AS items
     ORDER BY valid_until NULLS FIRST, kind, subject_id, type_id, item_id`.render();
  const rows = (await client.query(text, values)).rows as Array<ObligationRow & { today: string }>;
  return rows.map((row) => itemOf(row, row.today));
}
