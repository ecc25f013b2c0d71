/**
 * `document`: an employee's HR document, dated by its relevant status row's end date, with its type's
 * `warning_days`. A new relevant status row supersedes the old one (only one row is relevant). A type can be
 * required for employee categories (`required_for`): an employee of one of them with no document of the
 * type is a gap.
 */
import { sql, type Sql } from '../../db/sql';
import { atWork, employeeLabel, limitOf, ofCompany, table, withinThreshold, type ObligationSource, type PageContext, type SubjectsContext } from './shared';

const WARNING_DAYS = sql`COALESCE((t.data->>'warning_days')::int, 30)`;

function dated(context: PageContext) {
  const { model, tenantId } = context;
  const until = sql`(s.data->>'dateUpTo')`;
  // The status rows drive, in end-date order through their index; their document, employee and type are
  // looked up one by one (LATERAL … LIMIT 1 keeps the planner from starting at the documents: its guess
  // for conditions on JSON fields is far too low, and it would read every document of the tenant).
  return sql`
  SELECT 'document'::text AS kind, s.id AS item_id, d.id AS document_id, 'employee'::text AS subject_type, e.id AS subject_id,
         e.label AS subject_label, e.company_id, t.id AS type_id, t.name AS type_name, ${until} AS valid_until, t.warning_days
    FROM ${table(model, 'employee-document-statuses')} s
   CROSS JOIN LATERAL (SELECT id, parent_id, (data->>'document_type_id')::bigint AS type_id FROM ${table(model, 'employee-documents')}
                        WHERE tenant_id = ${tenantId} AND id = s.parent_id LIMIT 1) d
   CROSS JOIN LATERAL (SELECT e.id, ${employeeLabel('e')} AS label, (e.data->>'company_id')::bigint AS company_id FROM ${table(model, 'employees')} e
                        WHERE e.tenant_id = ${tenantId} AND e.id = d.parent_id AND ${atWork('e')}${ofCompany(context, 'e')} LIMIT 1) e
   CROSS JOIN LATERAL (SELECT id, data->>'name' AS name, ${WARNING_DAYS} AS warning_days
                         FROM ${table(model, 'hr-document-types')} t WHERE tenant_id = ${tenantId} AND id = d.type_id LIMIT 1) t
   WHERE s.tenant_id = ${tenantId} AND s.data @> '{"relevant":true}'::jsonb AND ${withinThreshold(context, until, sql`t.warning_days`)}
   ORDER BY ${until}, s.id${limitOf(context)}`;
}

/**
 * The gaps of the tenant's employees (alias `e`) that meet `which`, as rows, in employee then type order:
 * the employees drive in id order (a page stops after its first gaps), each matched with the types required
 * for their category and probed for a document of the type through the documents' parent index.
 */
function gapsOf(context: { model: PageContext['model']; tenantId: number }, which: Sql) {
  const { model, tenantId } = context;
  return sql`
  SELECT 'document'::text AS kind, NULL::bigint AS item_id, NULL::bigint AS document_id, 'employee'::text AS subject_type, e.id AS subject_id,
         ${employeeLabel('e')} AS subject_label, (e.data->>'company_id')::bigint AS company_id, t.id AS type_id, t.data->>'name' AS type_name,
         NULL::text AS valid_until, ${WARNING_DAYS} AS warning_days
    FROM ${table(model, 'employees')} e
    JOIN ${table(model, 'hr-document-types')} t ON t.tenant_id = ${tenantId} AND (t.data->'required_for') ? (e.data->>'category')
   WHERE e.tenant_id = ${tenantId} AND ${which}
     AND NOT EXISTS (SELECT 1 FROM ${table(model, 'employee-documents')} d
                      WHERE d.tenant_id = ${tenantId} AND d.parent_id = e.id AND d.data @> jsonb_build_object('document_type_id', t.id))`;
}

function missing(context: PageContext) {
  return sql`${gapsOf(context, sql`${atWork('e')}${ofCompany(context, 'e')}`)} ORDER BY e.id, t.id${limitOf(context)}`;
}

function ofSubjects(context: SubjectsContext) {
  const { model, tenantId, ids, until } = context;
  return sql`
  SELECT 'document'::text AS kind, s.id AS item_id, d.id AS document_id, 'employee'::text AS subject_type, e.id AS subject_id,
         ${employeeLabel('e')} AS subject_label, (e.data->>'company_id')::bigint AS company_id, t.id AS type_id, t.data->>'name' AS type_name,
         s.data->>'dateUpTo' AS valid_until, ${WARNING_DAYS} AS warning_days
    FROM ${table(model, 'employees')} e
    JOIN ${table(model, 'employee-documents')} d ON d.tenant_id = ${tenantId} AND d.parent_id = e.id
    JOIN ${table(model, 'employee-document-statuses')} s ON s.tenant_id = ${tenantId} AND s.parent_id = d.id AND s.data @> '{"relevant":true}'::jsonb
    LEFT JOIN ${table(model, 'hr-document-types')} t ON t.tenant_id = ${tenantId} AND t.id = (d.data->>'document_type_id')::bigint
   WHERE e.tenant_id = ${tenantId} AND e.id = ANY(${ids}::bigint[]) AND (s.data->>'dateUpTo') < ${until}
  UNION ALL
  ${gapsOf(context, sql`e.id = ANY(${ids}::bigint[])`)}`;
}

export const hrDocuments: ObligationSource = {
  kind: 'document',
  subjectType: 'employee',
  index: { resource: 'employee-document-statuses', field: 'dateUpTo', where: `data @> '{"relevant":true}'::jsonb` },
  dated,
  missing,
  ofSubjects,
};
