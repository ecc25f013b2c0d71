/**
 * What every obligation source shares: the contexts it is read in, the row it gives, and the SQL pieces for
 * subjects' labels and the reading modes.
 *
 * A source is read in three ways:
 * - `dated(page)`: the tenant's items past their end date or within their threshold, in end-date order
 *   through the end date's index, at most `limit` rows (the compliance page and the bell merge the sources'
 *   first rows, so a page reads about as many rows as it shows; the counts read them all, `limit` null);
 * - `missing(page)`: the required records subjects lack (gaps), in subject order;
 * - `ofSubjects(subjects)`: every current obligation of the given subjects that ends before a date, and
 *   their gaps, through the subjects' own indexes (the order check: a handful of subjects, any dates).
 */
import { identifier, sql, type Sql } from '../../db/sql';
import type { EngineModel } from '../../engine/model';
import type { ObligationKind, SubjectType } from '../../../resources/compliance';

export interface PageContext {
  model: EngineModel;
  tenantId: number;
  /** 'YYYY-MM-DD': nothing ending later is within any threshold (where each index range ends). */
  horizon: string;
  /** One threshold for every item instead of its own (`within_days`), else null. */
  withinDays: number | null;
  /** Only items past their end date or only those not yet. */
  dated?: { expired: boolean; today: string };
  /** Only employees of this company (sources of other subjects give nothing then). */
  companyId?: number;
  /** How many rows, at most (the page's end); null: all (counting). */
  limit: number | null;
}

export interface SubjectsContext {
  model: EngineModel;
  tenantId: number;
  /** The subjects' ids, of this source's subject type (never empty). */
  ids: number[];
  /** 'YYYY-MM-DD', exclusive: obligations ending on or after it hold. */
  until: string;
}

/**
 * Ends the per-subject subquery of an `ofSubjects` that starts at the subjects (`… FROM subjects CROSS JOIN
 * LATERAL (SELECT … WHERE item.subject = subject.id … ${PER_SUBJECT})`). The OFFSET keeps PostgreSQL from
 * flattening the subquery into a join, so the items are read by their subject's index, subject by subject.
 * Without it, the order check's generic plan (order-check.ts) estimates the tenant as an average one and reads
 * the tenant's whole date index instead, filtering by subject: at the bench's full size 5,000 trailer insurances
 * or 3,000 maintenance reports for one trailer or vehicle, 1.5 ms instead of 0.05 (passports alike, in other sizes).
 */
export const PER_SUBJECT = sql`OFFSET 0`;

/**
 * The row every source gives, in this column order (they are merged with UNION ALL):
 * kind · item_id · document_id · subject_type · subject_id · subject_label · company_id · type_id · type_name ·
 * valid_until ('YYYY-MM-DD', null for a gap) · warning_days.
 */
export interface ObligationRow {
  kind: string;
  item_id: string | null;
  document_id: string | null;
  subject_type: string;
  subject_id: string;
  subject_label: string | null;
  company_id: string | null;
  type_id: string | null;
  type_name: string | null;
  valid_until: string | null;
  warning_days: number;
}

export interface ObligationSource {
  kind: ObligationKind;
  subjectType: SubjectType;
  /**
   * The index its dated rows are read through, in the page's order (tenant, end date, id; partial where the
   * source keeps only some rows): the engine's index on the end date alone would make a page read every
   * row sharing the first end date (hundreds in a large tenant) to order them by id.
   */
  index: DatedIndex;
  dated(context: PageContext): Sql;
  missing?(context: PageContext): Sql;
  ofSubjects(context: SubjectsContext): Sql;
}

export interface DatedIndex {
  resource: string;
  /** The end date's field in `data`. */
  field: string;
  /** A partial index's condition on the row (`data @> …`), as the source's query says it. */
  where?: string;
}

/** The table of a resource of the registry. */
export const table = (model: EngineModel, resource: string) => identifier(model.byName.get(resource)?.table ?? `r_${resource.replace(/-/g, '_')}`);

/** How each subject reads in a list (as its resource's label: resources/*.ts). */
export const employeeLabel = (alias: string) =>
  sql`NULLIF(btrim(concat_ws(' ', ${identifier(alias)}.data->>'name', ${identifier(alias)}.data->>'last_name')), '')`;
export const vehicleLabel = (alias: string) =>
  sql`NULLIF(btrim(concat(${identifier(alias)}.data->>'board_names', ' (' || (${identifier(alias)}.data->>'registration_number') || ')')), '')`;
export const trailerLabel = (alias: string) => sql`${identifier(alias)}.data->>'register_number'`;
export const cardLabel = (alias: string) => sql`${identifier(alias)}.data->>'serial_number'`;

/** An employee still at work: archived ones renew nothing and are left out of the page (not of the order check). */
export const atWork = (alias: string) => sql`NOT (${identifier(alias)}.data @> '{"category":"archive"}'::jsonb)`;

/** The company filter on an employee (alias); empty without one. */
export function ofCompany(context: PageContext, alias: string): Sql {
  return context.companyId === undefined ? sql`` : sql` AND ${identifier(alias)}.data @> ${JSON.stringify({ company_id: context.companyId })}::jsonb`;
}

/** A source whose subjects have no company gives nothing when a company is asked for. */
export function noCompany(context: PageContext): Sql {
  return context.companyId === undefined ? sql`` : sql` AND false`;
}

/**
 * The page's conditions on a dated item, given its end date (`until`, the indexed expression) and its
 * threshold (`warningDays`): within the index range, of the state asked, and within its threshold.
 */
export function withinThreshold(context: PageContext, until: Sql, warningDays: Sql): Sql {
  const state = context.dated ? (context.dated.expired ? sql` AND ${until} < ${context.dated.today}` : sql` AND ${until} >= ${context.dated.today}`) : sql``;
  return sql`${until} <= ${context.horizon}${state} AND ${until} <= to_char(current_date + COALESCE(${context.withinDays}::int, ${warningDays}), 'YYYY-MM-DD')`;
}

/** `LIMIT n`, or nothing when counting. */
export function limitOf(context: PageContext): Sql {
  return context.limit === null ? sql`` : sql` LIMIT ${context.limit}`;
}
