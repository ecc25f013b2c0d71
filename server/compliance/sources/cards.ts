/** `card`: a fuel, toll or combined card's `expires_at` (a renewed card gets a new date in place); 30 days' warning. */
import { sql } from '../../db/sql';
import { cardLabel, limitOf, noCompany, table, withinThreshold, type ObligationSource, type PageContext, type SubjectsContext } from './shared';

const until = sql`(k.data->>'expires_at')`;
const columns = sql`'card'::text AS kind, k.id AS item_id, NULL::bigint AS document_id, 'card'::text AS subject_type, k.id AS subject_id,
  ${cardLabel('k')} AS subject_label, NULL::bigint AS company_id, NULL::bigint AS type_id, k.data->>'type' AS type_name, ${until} AS valid_until, 30 AS warning_days`;

function dated(context: PageContext) {
  return sql`
  SELECT ${columns} FROM ${table(context.model, 'cards')} k
   WHERE k.tenant_id = ${context.tenantId} AND ${withinThreshold(context, until, sql`30`)}${noCompany(context)}
   ORDER BY ${until}, k.id${limitOf(context)}`;
}

function ofSubjects(context: SubjectsContext) {
  return sql`
  SELECT ${columns} FROM ${table(context.model, 'cards')} k
   WHERE k.tenant_id = ${context.tenantId} AND k.id = ANY(${context.ids}::bigint[]) AND ${until} < ${context.until}`;
}

export const cards: ObligationSource = { kind: 'card', subjectType: 'card', index: { resource: 'cards', field: 'expires_at' }, dated, ofSubjects };
