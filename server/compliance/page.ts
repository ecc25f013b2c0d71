/**
 * One page of a tenant's obligations (sources/), gaps first then soonest end date first, fast at any size:
 * each source gives its first rows in its own order through its index, and the page is taken from their
 * merge, so a page reads about as many rows as it shows, whatever the tenant's size. Only the sources of
 * subjects and kinds the reader may see (resources/compliance.ts `readsKind`) and of the kind and subject type asked take part.
 * Two statements: today and the horizon (the largest threshold, where the index ranges end), then the page.
 */
import { identifier, join, sql, type Sql } from '../db/sql';
import type { EngineModel } from '../engine/model';
import { itemOf, type Client } from './items';
import { obligationSources, type ObligationRow, type ObligationSource, type PageContext } from './sources';
import { readsKind, type ComplianceFilter, type ComplianceItem, type Holds } from '../../resources/compliance';

async function run<T>(client: Client, statement: Sql): Promise<T[]> {
  const { text, values } = statement.render();
  return (await client.query(text, values)).rows as T[];
}

/**
 * The page's order, the one every source reads in: gaps first (by kind, then subject and type, as a
 * source's gaps come), then by end date (by kind and dated record, as a source's rows come). Each source
 * gives its first rows in this very order, so their merge cut at any page is exact.
 */
const PAGE_ORDER = sql`valid_until NULLS FIRST, kind, item_id NULLS FIRST, subject_id, type_id`;

/** The sources a reader with these rights reads for this filter. */
export function sourcesFor(holds: Holds, filter: ComplianceFilter): ObligationSource[] {
  return obligationSources.filter(
    (source) =>
      readsKind(holds, source.subjectType, source.kind) &&
      (filter.kind === undefined || source.kind === filter.kind) &&
      (filter.subjectType === undefined || source.subjectType === filter.subjectType) &&
      (filter.companyId === undefined || source.subjectType === 'employee'),
  );
}

/** Today and the farthest any threshold reaches (the override, else the largest warning_days of the tenant's types and columns, at least 30). */
export async function datesOf(
  client: Client,
  model: EngineModel,
  tenantId: number,
  withinDays: number | undefined,
): Promise<{ today: string; horizon: string }> {
  const largest = (resource: string) =>
    sql`(SELECT max((data->>'warning_days')::int) FROM ${identifier(model.byName.get(resource)?.table ?? '')} WHERE tenant_id = ${tenantId})`;
  const [dates] = await run<{ today: string; horizon: string }>(
    client,
    sql`SELECT to_char(current_date, 'YYYY-MM-DD') AS today, to_char(current_date + COALESCE(${withinDays ?? null}::int,
        GREATEST(${largest('hr-document-types')}, ${largest('transport-document-groups')}, 30)), 'YYYY-MM-DD') AS horizon`,
  );
  return dates;
}

/** The sources' rows for a filter (dated and gaps as the state asks), each source at most `limit` rows (null: all). */
export function unionOf(sources: ObligationSource[], context: Omit<PageContext, 'dated'>, filter: ComplianceFilter, today: string): Sql | null {
  const parts: Sql[] = [];
  const dated = filter.state === 'expired' || filter.state === 'expiring' ? { ...context, dated: { expired: filter.state === 'expired', today } } : context;
  for (const source of sources) {
    if (filter.state !== 'missing') parts.push(sql`(${source.dated(dated)})`);
    if (source.missing && (filter.state === 'missing' || (filter.state === undefined && !filter.withoutMissing))) parts.push(sql`(${source.missing(context)})`);
  }
  return parts.length === 0 ? null : join(parts, ' UNION ALL ');
}

export async function compliancePage(
  client: Client,
  model: EngineModel,
  tenantId: number,
  holds: Holds,
  filter: ComplianceFilter,
  page: { page: number; perPage: number },
): Promise<{ items: ComplianceItem[]; hasMore: boolean }> {
  const sources = sourcesFor(holds, filter);
  if (sources.length === 0) return { items: [], hasMore: false };
  const dates = await datesOf(client, model, tenantId, filter.withinDays);
  const offset = (page.page - 1) * page.perPage;
  // One row more than the page: whether there is a next page.
  const context = {
    model,
    tenantId,
    horizon: dates.horizon,
    withinDays: filter.withinDays ?? null,
    companyId: filter.companyId,
    limit: offset + page.perPage + 1,
  };
  const union = unionOf(sources, context, filter, dates.today);
  if (union === null) return { items: [], hasMore: false };
  const rows = await run<ObligationRow>(
    client,
    sql`SELECT * FROM (${union}) AS items
         ORDER BY ${PAGE_ORDER}
         LIMIT ${page.perPage + 1} OFFSET ${offset}`,
  );
  return { hasMore: rows.length > page.perPage, items: rows.slice(0, page.perPage).map((row) => itemOf(row, dates.today)) };
}
