/**
 * One page of what expires in a tenant (sources.ts), in one statement: the sources' rows up to the horizon
 * (each through its end-date index), kept when their end date is past (`expired`) or within their own
 * threshold (`expiring`), soonest first, with the total beside each row for the pager.
 */
import { identifier, join, sql, type Sql } from '../db/sql';
import type { EngineModel } from '../engine/model';
import { expirySources } from './sources';

export type ExpiryState = 'expired' | 'expiring';

export interface ExpiringFilter {
  state?: ExpiryState;
  companyId?: number;
  withinDays?: number;
}

export interface ExpiringItem {
  kind: string;
  item_id: number;
  document_id: number | null;
  subject: { type: 'employee'; id: number; label: string | null };
  company_id: number | null;
  type_id: number | null;
  type_name: string | null;
  valid_until: string;
  days_left: number;
  state: ExpiryState;
}

interface Row {
  kind: string;
  item_id: string;
  document_id: string | null;
  subject_id: string;
  subject_label: string | null;
  company_id: string | null;
  type_id: string | null;
  type_name: string | null;
  valid_until: string;
  days_left: number;
  total: string;
}

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';

export async function expiringPage(
  client: { query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> },
  model: EngineModel,
  tenantId: number,
  filter: ExpiringFilter,
  page: { page: number; perPage: number },
): Promise<{ items: ExpiringItem[]; total: number }> {
  // The farthest any threshold reaches (the override, else the largest of the tenant's document types and
  // the passports' 30 days), as a scalar subquery: the whole page is one statement.
  const types = identifier(model.byName.get('hr-document-types')?.table ?? 'r_hr_document_types');
  const withinDays = filter.withinDays ?? null;
  const horizon = sql`(SELECT to_char(current_date + COALESCE(${withinDays}::int,
      GREATEST((SELECT max((data->>'warning_days')::int) FROM ${types} WHERE tenant_id = ${tenantId}), 30)), 'YYYY-MM-DD'))`;
  const context = { model, tenantId, horizon, withinDays };
  const conditions: Sql[] = [sql`until <= current_date + warning_days`];
  if (filter.state === 'expired') conditions.push(sql`until < current_date`);
  if (filter.state === 'expiring') conditions.push(sql`until >= current_date`);
  if (filter.companyId !== undefined) conditions.push(sql`company_id = ${filter.companyId}`);
  const statement = sql`
    WITH items AS (${join(
      expirySources.map((source) => source.select(context)),
      ' UNION ALL ',
    )}),
    dated AS (SELECT *, CASE WHEN valid_until ~ ${DATE} THEN valid_until::date END AS until FROM items)
    SELECT kind, item_id, document_id, subject_id, subject_label, company_id, type_id, type_name, valid_until,
           (until - current_date) AS days_left, count(*) OVER () AS total
      FROM dated
     WHERE ${join(conditions, ' AND ')}
     ORDER BY until, kind, item_id
     LIMIT ${page.perPage} OFFSET ${(page.page - 1) * page.perPage}`;
  const { text, values } = statement.render();
  const rows = (await client.query(text, values)).rows as Row[];
  // A page past the end carries no total: the first page's tells it.
  if (rows.length === 0 && page.page > 1) return { items: [], total: (await expiringPage(client, model, tenantId, filter, { page: 1, perPage: 1 })).total };
  return {
    total: Number(rows[0]?.total ?? 0),
    items: rows.map((row) => ({
      kind: row.kind,
      item_id: Number(row.item_id),
      document_id: row.document_id === null ? null : Number(row.document_id),
      subject: { type: 'employee', id: Number(row.subject_id), label: row.subject_label },
      company_id: row.company_id === null ? null : Number(row.company_id),
      type_id: row.type_id === null ? null : Number(row.type_id),
      type_name: row.type_name,
      valid_until: row.valid_until,
      days_left: Number(row.days_left),
      state: Number(row.days_left) < 0 ? 'expired' : 'expiring',
    })),
  };
}
