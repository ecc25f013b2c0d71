/** `passport`: an employee's passport, unless a later one of the same type replaced it; 30 days' warning. */
import { sql } from '../../db/sql';
import {
  atWork,
  employeeLabel,
  limitOf,
  ofCompany,
  PER_SUBJECT,
  table,
  withinThreshold,
  type ObligationSource,
  type PageContext,
  type SubjectsContext,
} from './shared';

const until = sql`(p.data->>'expiration_date')`;

/** Superseded: a later passport of the same type of the same employee. */
function current(context: { model: PageContext['model'] }) {
  return sql`NOT EXISTS (
    SELECT 1 FROM ${table(context.model, 'passports')} later
     WHERE later.tenant_id = p.tenant_id AND later.parent_id = p.parent_id AND later.id <> p.id
       AND later.data->>'type' IS NOT DISTINCT FROM p.data->>'type'
       AND (later.data->>'expiration_date') > ${until})`;
}

const columns = sql`'passport'::text AS kind, p.id AS item_id, NULL::bigint AS document_id, 'employee'::text AS subject_type, e.id AS subject_id`;

function dated(context: PageContext) {
  const { model, tenantId } = context;
  return sql`
  SELECT ${columns}, e.label AS subject_label, e.company_id, NULL::bigint AS type_id, p.data->>'type' AS type_name, ${until} AS valid_until, 30 AS warning_days
    FROM ${table(model, 'passports')} p
   CROSS JOIN LATERAL (SELECT e.id, ${employeeLabel('e')} AS label, (e.data->>'company_id')::bigint AS company_id FROM ${table(model, 'employees')} e
                        WHERE e.tenant_id = ${tenantId} AND e.id = p.parent_id AND ${atWork('e')}${ofCompany(context, 'e')} LIMIT 1) e
   WHERE p.tenant_id = ${tenantId} AND ${withinThreshold(context, until, sql`30`)} AND ${current(context)}
   ORDER BY ${until}, p.id${limitOf(context)}`;
}

function ofSubjects(context: SubjectsContext) {
  const { model, tenantId, ids } = context;
  return sql`
  SELECT ${columns}, ${employeeLabel('e')} AS subject_label, (e.data->>'company_id')::bigint AS company_id, NULL::bigint AS type_id,
         p.data->>'type' AS type_name, ${until} AS valid_until, 30 AS warning_days
    FROM ${table(model, 'employees')} e
   CROSS JOIN LATERAL (SELECT p.* FROM ${table(model, 'passports')} p
                        WHERE p.tenant_id = ${tenantId} AND p.parent_id = e.id AND ${until} < ${context.until} AND ${current(context)}
                       ${PER_SUBJECT}) p
   WHERE e.tenant_id = ${tenantId} AND e.id = ANY(${ids}::bigint[])`;
}

export const passports: ObligationSource = {
  kind: 'passport',
  subjectType: 'employee',
  index: { resource: 'passports', field: 'expiration_date' },
  dated,
  ofSubjects,
};
