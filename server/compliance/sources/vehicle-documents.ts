/**
 * `vehicle-document`: a vehicle's cell of a transport document column (one cell per vehicle and column;
 * new dates replace the old in place), with the column's `warning_days`. A `mandatory` column (every column unless
 * set off) is required for every vehicle: a vehicle without an end date in it is a gap; an optional one is only
 * watched where it has a date.
 */
import { sql, type Sql } from '../../db/sql';
import { limitOf, noCompany, PER_SUBJECT, table, vehicleLabel, withinThreshold, type ObligationSource, type PageContext, type SubjectsContext } from './shared';

const until = sql`(c.data->>'end_date')`;
const WARNING_DAYS = sql`COALESCE((g.data->>'warning_days')::int, 30)`;

function dated(context: PageContext) {
  const { model, tenantId } = context;
  return sql`
  SELECT 'vehicle-document'::text AS kind, c.id AS item_id, NULL::bigint AS document_id, 'vehicle'::text AS subject_type, v.id AS subject_id,
         v.label AS subject_label, NULL::bigint AS company_id, g.id AS type_id, g.name AS type_name, ${until} AS valid_until, g.warning_days
    FROM ${table(model, 'vehicle-documents')} c
   CROSS JOIN LATERAL (SELECT v.id, ${vehicleLabel('v')} AS label FROM ${table(model, 'transport')} v
                        WHERE v.tenant_id = ${tenantId} AND v.id = (c.data->>'transport_id')::bigint LIMIT 1) v
   CROSS JOIN LATERAL (SELECT g.id, g.data->>'name' AS name, ${WARNING_DAYS} AS warning_days FROM ${table(model, 'transport-document-groups')} g
                        WHERE g.tenant_id = ${tenantId} AND g.id = (c.data->>'group_id')::bigint LIMIT 1) g
   WHERE c.tenant_id = ${tenantId} AND ${withinThreshold(context, until, sql`g.warning_days`)}${noCompany(context)}
   ORDER BY ${until}, c.id${limitOf(context)}`;
}

/**
 * The gaps of the tenant's vehicles (alias `v`) that meet `which`: a column without a cell that has an end
 * date, in vehicle then column order (the vehicles drive in id order, so a page stops after its first gaps).
 */
function gapsOf(context: { model: PageContext['model']; tenantId: number }, which: Sql) {
  const { model, tenantId } = context;
  return sql`
  SELECT 'vehicle-document'::text AS kind, NULL::bigint AS item_id, NULL::bigint AS document_id, 'vehicle'::text AS subject_type, v.id AS subject_id,
         ${vehicleLabel('v')} AS subject_label, NULL::bigint AS company_id, g.id AS type_id, g.data->>'name' AS type_name, NULL::text AS valid_until,
         ${WARNING_DAYS} AS warning_days
    FROM ${table(model, 'transport')} v
   CROSS JOIN ${table(model, 'transport-document-groups')} g
   WHERE v.tenant_id = ${tenantId} AND g.tenant_id = ${tenantId} AND COALESCE((g.data->>'mandatory')::boolean, true) AND ${which}
     AND NOT EXISTS (SELECT 1 FROM ${table(model, 'vehicle-documents')} c
                      WHERE c.tenant_id = ${tenantId} AND ((c.data->>'transport_id')::numeric) = v.id
                        AND (c.data->>'group_id')::bigint = g.id AND ${until} IS NOT NULL)`;
}

function missing(context: PageContext) {
  return sql`${gapsOf(context, sql`true${noCompany(context)}`)} ORDER BY v.id, g.id${limitOf(context)}`;
}

function ofSubjects(context: SubjectsContext) {
  const { model, tenantId, ids } = context;
  return sql`
  SELECT 'vehicle-document'::text AS kind, c.id AS item_id, NULL::bigint AS document_id, 'vehicle'::text AS subject_type, v.id AS subject_id,
         ${vehicleLabel('v')} AS subject_label, NULL::bigint AS company_id, g.id AS type_id, g.data->>'name' AS type_name, ${until} AS valid_until,
         ${WARNING_DAYS} AS warning_days
    FROM ${table(model, 'transport')} v
   CROSS JOIN LATERAL (SELECT c.* FROM ${table(model, 'vehicle-documents')} c
                        WHERE c.tenant_id = ${tenantId} AND ((c.data->>'transport_id')::numeric) = v.id::numeric AND ${until} < ${context.until}
                       ${PER_SUBJECT}) c
    JOIN ${table(model, 'transport-document-groups')} g ON g.tenant_id = ${tenantId} AND g.id = (c.data->>'group_id')::bigint
   WHERE v.tenant_id = ${tenantId} AND v.id = ANY(${ids}::bigint[])
  UNION ALL
  ${gapsOf(context, sql`v.id = ANY(${ids}::bigint[])`)}`;
}

export const vehicleDocuments: ObligationSource = {
  kind: 'vehicle-document',
  subjectType: 'vehicle',
  index: { resource: 'vehicle-documents', field: 'end_date' },
  dated,
  missing,
  ofSubjects,
};
