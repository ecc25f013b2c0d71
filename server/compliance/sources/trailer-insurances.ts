/** `trailer-insurance`: a trailer's latest insurance (a later one supersedes it); 30 days' warning. */
import { sql } from '../../db/sql';
import { limitOf, noCompany, PER_SUBJECT, table, trailerLabel, withinThreshold, type ObligationSource, type PageContext, type SubjectsContext } from './shared';

const until = sql`(i.data->>'end_date')`;

function current(context: { model: PageContext['model'] }) {
  return sql`NOT EXISTS (
    SELECT 1 FROM ${table(context.model, 'trailer-insurances')} later
     WHERE later.tenant_id = i.tenant_id AND later.parent_id = i.parent_id AND later.id <> i.id AND (later.data->>'end_date') > ${until})`;
}

const columns = sql`'trailer-insurance'::text AS kind, i.id AS item_id, NULL::bigint AS document_id, 'trailer'::text AS subject_type, r.id AS subject_id`;
const rest = sql`NULL::bigint AS company_id, NULL::bigint AS type_id, i.data->>'insurer' AS type_name, ${until} AS valid_until, 30 AS warning_days`;

function dated(context: PageContext) {
  const { model, tenantId } = context;
  return sql`
  SELECT ${columns}, r.label AS subject_label, ${rest}
    FROM ${table(model, 'trailer-insurances')} i
   CROSS JOIN LATERAL (SELECT r.id, ${trailerLabel('r')} AS label FROM ${table(model, 'trailers')} r
                        WHERE r.tenant_id = ${tenantId} AND r.id = i.parent_id LIMIT 1) r
   WHERE i.tenant_id = ${tenantId} AND ${withinThreshold(context, until, sql`30`)} AND ${current(context)}${noCompany(context)}
   ORDER BY ${until}, i.id${limitOf(context)}`;
}

function ofSubjects(context: SubjectsContext) {
  const { model, tenantId, ids } = context;
  return sql`
  SELECT ${columns}, ${trailerLabel('r')} AS subject_label, ${rest}
    FROM ${table(model, 'trailers')} r
   CROSS JOIN LATERAL (SELECT i.* FROM ${table(model, 'trailer-insurances')} i
                        WHERE i.tenant_id = ${tenantId} AND i.parent_id = r.id AND ${until} < ${context.until} AND ${current(context)}
                       ${PER_SUBJECT}) i
   WHERE r.tenant_id = ${tenantId} AND r.id = ANY(${ids}::bigint[])`;
}

export const trailerInsurances: ObligationSource = {
  kind: 'trailer-insurance',
  subjectType: 'trailer',
  index: { resource: 'trailer-insurances', field: 'end_date' },
  dated,
  ofSubjects,
};
