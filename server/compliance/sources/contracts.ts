/** `contract`: an employee's contract end date (`contract_end_date`, changed in place on renewal); 30 days' warning. */
import { sql } from '../../db/sql';
import { atWork, employeeLabel, limitOf, ofCompany, table, withinThreshold, type ObligationSource, type PageContext, type SubjectsContext } from './shared';

const until = sql`(e.data->>'contract_end_date')`;
const columns = sql`'contract'::text AS kind, e.id AS item_id, NULL::bigint AS document_id, 'employee'::text AS subject_type, e.id AS subject_id,
  ${employeeLabel('e')} AS subject_label, (e.data->>'company_id')::bigint AS company_id, NULL::bigint AS type_id, e.data->>'contract_type' AS type_name,
  ${until} AS valid_until, 30 AS warning_days`;

function dated(context: PageContext) {
  return sql`
  SELECT ${columns} FROM ${table(context.model, 'employees')} e
   WHERE e.tenant_id = ${context.tenantId} AND ${withinThreshold(context, until, sql`30`)} AND ${atWork('e')}${ofCompany(context, 'e')}
   ORDER BY ${until}, e.id${limitOf(context)}`;
}

function ofSubjects(context: SubjectsContext) {
  return sql`
  SELECT ${columns} FROM ${table(context.model, 'employees')} e
   WHERE e.tenant_id = ${context.tenantId} AND e.id = ANY(${context.ids}::bigint[]) AND ${until} < ${context.until}`;
}

export const contracts: ObligationSource = {
  kind: 'contract',
  subjectType: 'employee',
  index: { resource: 'employees', field: 'contract_end_date' },
  dated,
  ofSubjects,
};
