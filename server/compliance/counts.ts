/**
 * How many obligations are expired, expiring and missing under a filter (its `state` aside: the counts are
 * the compliance page's tabs), for a reader's rights. One statement over every source's full range.
 */
import { sql } from '../db/sql';
import type { EngineModel } from '../engine/model';
import type { Client } from './items';
import { datesOf, sourcesFor, unionOf } from './page';
import type { ComplianceFilter, ComplianceState, Holds } from '../../resources/compliance';

export type ComplianceCounts = Record<ComplianceState, number>;

export async function complianceCounts(
  client: Client,
  model: EngineModel,
  tenantId: number,
  holds: Holds,
  filter: ComplianceFilter,
): Promise<ComplianceCounts> {
  const all = { ...filter, state: undefined };
  const sources = sourcesFor(holds, all);
  const dates = await datesOf(client, model, tenantId, filter.withinDays);
  const union = unionOf(
    sources,
    { model, tenantId, horizon: dates.horizon, withinDays: filter.withinDays ?? null, companyId: filter.companyId, limit: null },
    all,
    dates.today,
  );
  if (union === null) return { expired: 0, expiring: 0, missing: 0 };
  const { text, values } = sql`
    SELECT count(*) FILTER (WHERE valid_until IS NULL) AS missing, count(*) FILTER (WHERE valid_until < ${dates.today}) AS expired,
           count(*) FILTER (WHERE valid_until >= ${dates.today}) AS expiring
      FROM (${union}) AS items`.render();
  const [row] = (await client.query(text, values)).rows as Array<Record<ComplianceState, string | number>>;
  return { expired: Number(row.expired), expiring: Number(row.expiring), missing: Number(row.missing) };
}
