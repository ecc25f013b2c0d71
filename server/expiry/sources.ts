/**
 * What can expire, one source per kind of dated validity, each an SQL SELECT of the same columns over one
 * tenant's records (a registry: the compliance work adds vehicles' document columns, trailers' insurance
 * and cards here, and every reader of expiring-query.ts gets them):
 *
 *   kind · item_id (the dated record) · document_id · subject_id, subject_label, company_id (who or what
 *   it belongs to) · type_id, type_name · valid_until ('YYYY-MM-DD') · warning_days (the threshold)
 *
 * Each source reads only rows whose end date is on or before `horizon`, through the index on that date,
 * and leaves out what is superseded (a status row that is not the relevant one, a passport with a later
 * one of the same type) and archived employees (no longer at work: nobody renews their papers).
 */
import { sql, identifier, type Sql } from '../db/sql';
import type { EngineModel } from '../engine/model';

export interface SourceContext {
  model: EngineModel;
  tenantId: number;
  /** An SQL 'YYYY-MM-DD' (an InitPlan, computed once): nothing ending later can be within any threshold. */
  horizon: Sql;
  /** A threshold for every item instead of its own (`within_days`), else null. */
  withinDays: number | null;
}

export interface ExpirySource {
  kind: string;
  select(context: SourceContext): Sql;
}

const table = (context: SourceContext, resource: string) => identifier(context.model.byName.get(resource)?.table ?? `r_${resource.replace(/-/g, '_')}`);
const employeeName = sql`NULLIF(btrim(concat_ws(' ', e.data->>'name', e.data->>'last_name')), '')`;
const activeEmployee = sql`NOT (e.data @> '{"category":"archive"}'::jsonb)`;

/** An employee's HR document: the end date of its relevant status row, the threshold of its type (SPEC §4). */
const hrDocuments: ExpirySource = {
  kind: 'document',
  select: (context) => sql`
    SELECT 'document'::text AS kind, s.id AS item_id, d.id AS document_id, e.id AS subject_id, ${employeeName} AS subject_label,
           (e.data->>'company_id')::bigint AS company_id, t.id AS type_id, t.data->>'name' AS type_name,
           s.data->>'dateUpTo' AS valid_until, COALESCE(${context.withinDays}::int, (t.data->>'warning_days')::int, 30) AS warning_days
      FROM ${table(context, 'employee-document-statuses')} s
      JOIN ${table(context, 'employee-documents')} d ON d.tenant_id = s.tenant_id AND d.id = s.parent_id
      JOIN ${table(context, 'employees')} e ON e.tenant_id = d.tenant_id AND e.id = d.parent_id
      JOIN ${table(context, 'hr-document-types')} t ON t.tenant_id = d.tenant_id AND t.id = (d.data->>'document_type_id')::bigint
     WHERE s.tenant_id = ${context.tenantId} AND (s.data->>'dateUpTo') <= ${context.horizon}
       AND s.data @> '{"relevant":true}'::jsonb AND ${activeEmployee}`,
};

/** An employee's passport, unless a later one of the same type replaced it; 30 days' warning. */
const passports: ExpirySource = {
  kind: 'passport',
  select: (context) => sql`
    SELECT 'passport'::text AS kind, p.id AS item_id, NULL::bigint AS document_id, e.id AS subject_id, ${employeeName} AS subject_label,
           (e.data->>'company_id')::bigint AS company_id, NULL::bigint AS type_id, p.data->>'type' AS type_name,
           p.data->>'expiration_date' AS valid_until, COALESCE(${context.withinDays}::int, 30) AS warning_days
      FROM ${table(context, 'passports')} p
      JOIN ${table(context, 'employees')} e ON e.tenant_id = p.tenant_id AND e.id = p.parent_id
     WHERE p.tenant_id = ${context.tenantId} AND (p.data->>'expiration_date') <= ${context.horizon} AND ${activeEmployee}
       AND NOT EXISTS (
         SELECT 1 FROM ${table(context, 'passports')} later
          WHERE later.tenant_id = p.tenant_id AND later.parent_id = p.parent_id AND later.id <> p.id
            AND later.data->>'type' IS NOT DISTINCT FROM p.data->>'type'
            AND (later.data->>'expiration_date') > (p.data->>'expiration_date'))`,
};

export const expirySources: readonly ExpirySource[] = [hrDocuments, passports];
