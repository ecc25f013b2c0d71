/**
 * `maintenance`: a vehicle's next maintenance, the `next_due_date` of its latest maintenance report (a later
 * report supersedes it: the maintenance was done and the next one planned); 30 days' warning.
 */
import { sql } from '../../db/sql';
import { limitOf, noCompany, PER_SUBJECT, table, vehicleLabel, withinThreshold, type ObligationSource, type PageContext, type SubjectsContext } from './shared';

const until = sql`(m.data->>'next_due_date')`;

function current(context: { model: PageContext['model'] }) {
  return sql`m.data @> '{"type":"maintenance"}'::jsonb AND NOT EXISTS (
    SELECT 1 FROM ${table(context.model, 'repairs')} later
     WHERE later.tenant_id = m.tenant_id AND ((later.data->>'transport_id')::numeric) = ((m.data->>'transport_id')::numeric) AND later.id <> m.id
       AND later.data @> '{"type":"maintenance"}'::jsonb AND (later.data->>'date', later.id) > (m.data->>'date', m.id))`;
}

const columns = sql`'maintenance'::text AS kind, m.id AS item_id, NULL::bigint AS document_id, 'vehicle'::text AS subject_type, v.id AS subject_id`;
const rest = sql`NULL::bigint AS company_id, NULL::bigint AS type_id, m.data->>'periodicity' AS type_name, ${until} AS valid_until, 30 AS warning_days`;

function dated(context: PageContext) {
  const { model, tenantId } = context;
  return sql`
  SELECT ${columns}, v.label AS subject_label, ${rest}
    FROM ${table(model, 'repairs')} m
   CROSS JOIN LATERAL (SELECT v.id, ${vehicleLabel('v')} AS label FROM ${table(model, 'transport')} v
                        WHERE v.tenant_id = ${tenantId} AND v.id = (m.data->>'transport_id')::bigint LIMIT 1) v
   WHERE m.tenant_id = ${tenantId} AND ${withinThreshold(context, until, sql`30`)} AND ${current(context)}${noCompany(context)}
   ORDER BY ${until}, m.id${limitOf(context)}`;
}

function ofSubjects(context: SubjectsContext) {
  const { model, tenantId, ids } = context;
  return sql`
  SELECT ${columns}, ${vehicleLabel('v')} AS subject_label, ${rest}
    FROM ${table(model, 'transport')} v
   CROSS JOIN LATERAL (SELECT m.* FROM ${table(model, 'repairs')} m
                        WHERE m.tenant_id = ${tenantId} AND ((m.data->>'transport_id')::numeric) = v.id::numeric
                          AND ${until} < ${context.until} AND ${current(context)}
                       ${PER_SUBJECT}) m
   WHERE v.tenant_id = ${tenantId} AND v.id = ANY(${ids}::bigint[])`;
}

export const maintenance: ObligationSource = {
  kind: 'maintenance',
  subjectType: 'vehicle',
  index: { resource: 'repairs', field: 'next_due_date', where: `data @> '{"type":"maintenance"}'::jsonb` },
  dated,
  ofSubjects,
};
