/**
 * What can expire, one source per kind of dated validity (a registry: the compliance work adds vehicles'
 * document columns, trailers' insurance and cards here, and every reader of expiring-query.ts gets them).
 * Each source is an SQL SELECT over one tenant's records of these columns:
 *
 *   kind · item_id (the dated record) · document_id · subject_id, subject_label, company_id (who or what
 *   it belongs to) · type_id, type_name · valid_until ('YYYY-MM-DD', the indexed text)
 *
 * keeping what is past its end date or within its own threshold, and leaving out what is superseded (a
 * status row that is not the relevant one, a passport with a later one of the same type) and archived
 * employees (no longer at work: nobody renews their papers). It reads in end-date order through its
 * end-date index and stops after `limit` rows: a page is the merge of the sources' first rows, so it
 * reads about as many rows as it shows, whatever the tenant's size.
 */
import { identifier, sql, type Sql } from '../db/sql';
import type { EngineModel } from '../engine/model';

export interface SourceContext {
  model: EngineModel;
  tenantId: number;
  /** 'YYYY-MM-DD': nothing ending later is within any threshold (the end of each index range). */
  horizon: string;
  /** A threshold for every item instead of its own (`within_days`), else null. */
  withinDays: number | null;
  /** Only items past their end date (`valid_until < today`) or only those not yet (`>= today`). */
  state?: { expired: boolean; today: string };
  companyId?: number;
  /** How many rows, at most, the source gives (the page's end). */
  limit: number;
}

export interface ExpirySource {
  kind: string;
  select(context: SourceContext): Sql;
}

const table = (context: SourceContext, resource: string) => identifier(context.model.byName.get(resource)?.table ?? `r_${resource.replace(/-/g, '_')}`);
const employeeName = sql`NULLIF(btrim(concat_ws(' ', e.data->>'name', e.data->>'last_name')), '')`;
const activeEmployee = sql`NOT (e.data @> '{"category":"archive"}'::jsonb)`;

/** The state filter on a source's end date (`until`: its indexed expression). */
function stateOf(context: SourceContext, until: Sql): Sql {
  if (!context.state) return sql``;
  return context.state.expired ? sql` AND ${until} < ${context.state.today}` : sql` AND ${until} >= ${context.state.today}`;
}

/** The conditions on the owner every source shares: at work, and of the company asked for. */
function owner(context: SourceContext): Sql {
  const company = context.companyId === undefined ? sql`` : sql` AND e.data @> ${JSON.stringify({ company_id: context.companyId })}::jsonb`;
  return sql`${activeEmployee}${company}`;
}

/** An employee's HR document: the end date of its relevant status row, the threshold of its type (SPEC §4). */
const hrDocuments: ExpirySource = {
  kind: 'document',
  select: (context) => {
    const until = sql`(s.data->>'dateUpTo')`;
    // The status rows drive, in end-date order through their index; their document, employee and type are
    // looked up one by one (LATERAL … LIMIT 1 keeps the planner from starting at the documents: its guess
    // for conditions on JSON fields is far too low, and it would read every document of the tenant).
    return sql`
    SELECT 'document'::text AS kind, s.id AS item_id, d.id AS document_id, e.id AS subject_id, e.label AS subject_label,
           e.company_id, t.id AS type_id, t.name AS type_name, ${until} AS valid_until
      FROM ${table(context, 'employee-document-statuses')} s
     CROSS JOIN LATERAL (SELECT id, parent_id, (data->>'document_type_id')::bigint AS type_id FROM ${table(context, 'employee-documents')}
                          WHERE tenant_id = ${context.tenantId} AND id = s.parent_id LIMIT 1) d
     CROSS JOIN LATERAL (SELECT e.id, ${employeeName} AS label, (e.data->>'company_id')::bigint AS company_id FROM ${table(context, 'employees')} e
                          WHERE e.tenant_id = ${context.tenantId} AND e.id = d.parent_id AND ${owner(context)} LIMIT 1) e
     CROSS JOIN LATERAL (SELECT id, data->>'name' AS name, COALESCE(${context.withinDays}::int, (data->>'warning_days')::int, 30) AS warning_days
                           FROM ${table(context, 'hr-document-types')} WHERE tenant_id = ${context.tenantId} AND id = d.type_id LIMIT 1) t
     WHERE s.tenant_id = ${context.tenantId} AND ${until} <= ${context.horizon}${stateOf(context, until)}
       AND s.data @> '{"relevant":true}'::jsonb
       AND ${until} <= to_char(current_date + t.warning_days, 'YYYY-MM-DD')
     ORDER BY ${until}, s.id
     LIMIT ${context.limit}`;
  },
};

/** An employee's passport, unless a later one of the same type replaced it; 30 days' warning. */
const passports: ExpirySource = {
  kind: 'passport',
  select: (context) => {
    const until = sql`(p.data->>'expiration_date')`;
    return sql`
    SELECT 'passport'::text AS kind, p.id AS item_id, NULL::bigint AS document_id, e.id AS subject_id, e.label AS subject_label,
           e.company_id, NULL::bigint AS type_id, p.data->>'type' AS type_name, ${until} AS valid_until
      FROM ${table(context, 'passports')} p
     CROSS JOIN LATERAL (SELECT e.id, ${employeeName} AS label, (e.data->>'company_id')::bigint AS company_id FROM ${table(context, 'employees')} e
                          WHERE e.tenant_id = ${context.tenantId} AND e.id = p.parent_id AND ${owner(context)} LIMIT 1) e
     WHERE p.tenant_id = ${context.tenantId} AND ${until} <= ${context.horizon}${stateOf(context, until)}
       AND ${until} <= to_char(current_date + COALESCE(${context.withinDays}::int, 30), 'YYYY-MM-DD')
       AND NOT EXISTS (
         SELECT 1 FROM ${table(context, 'passports')} later
          WHERE later.tenant_id = p.tenant_id AND later.parent_id = p.parent_id AND later.id <> p.id
            AND later.data->>'type' IS NOT DISTINCT FROM p.data->>'type'
            AND (later.data->>'expiration_date') > ${until})
     ORDER BY ${until}, p.id
     LIMIT ${context.limit}`;
  },
};

export const expirySources: readonly ExpirySource[] = [hrDocuments, passports];
