/**
 * One page of what expires in a tenant (sources.ts), soonest first, fast at any size: each source gives its
 * first rows in end-date order through its end-date index, and the page is taken from their merge, so a
 * page reads about as many rows as it shows, not every item of the tenant. There is no total: counting
 * would read every expired and expiring item on every request (tens of thousands in a large tenant whose
 * papers were let slide); the answer says whether a next page exists instead. Two statements: today and
 * the horizon (the largest threshold, so the index ranges end as early as they can), then the page.
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
}

type Client = { query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> };

async function run<T>(client: Client, statement: Sql): Promise<T[]> {
  const { text, values } = statement.render();
  return (await client.query(text, values)).rows as T[];
}

export async function expiringPage(
  client: Client,
  model: EngineModel,
  tenantId: number,
  filter: ExpiringFilter,
  page: { page: number; perPage: number },
): Promise<{ items: ExpiringItem[]; hasMore: boolean }> {
  // Today and the farthest any threshold reaches (the override, else the largest of the tenant's document
  // types and the passports' 30 days), as values the planner sees: the sources' index ranges end there.
  const types = identifier(model.byName.get('hr-document-types')?.table ?? 'r_hr_document_types');
  const [dates] = await run<{ today: string; horizon: string }>(
    client,
    sql`SELECT to_char(current_date, 'YYYY-MM-DD') AS today, to_char(current_date + COALESCE(${filter.withinDays ?? null}::int,
        GREATEST((SELECT max((data->>'warning_days')::int) FROM ${types} WHERE tenant_id = ${tenantId}), 30)), 'YYYY-MM-DD') AS horizon`,
  );
  const offset = (page.page - 1) * page.perPage;
  // One row more than the page: whether there is a next page.
  const limit = offset + page.perPage + 1;
  const context = {
    model,
    tenantId,
    horizon: dates.horizon,
    withinDays: filter.withinDays ?? null,
    state: filter.state ? { expired: filter.state === 'expired', today: dates.today } : undefined,
    companyId: filter.companyId,
    limit,
  };
  const rows = await run<Row>(
    client,
    sql`
    SELECT kind, item_id, document_id, subject_id, subject_label, company_id, type_id, type_name, valid_until,
           (valid_until::date - current_date) AS days_left
      FROM (${join(
        expirySources.map((source) => sql`(${source.select(context)})`),
        ' UNION ALL ',
      )}) AS items
     ORDER BY valid_until, kind, item_id
     LIMIT ${page.perPage + 1} OFFSET ${offset}`,
  );
  return {
    hasMore: rows.length > page.perPage,
    items: rows.slice(0, page.perPage).map((row) => ({
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
