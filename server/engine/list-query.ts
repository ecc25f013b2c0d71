/**
 * The list query string of a resource → SQL conditions, order and page. Read by hand rather than by a
 * Fastify query schema: the query ajv strips unknown parameters, and here an unknown or misspelt one
 * must be a 422 so that a typo shows instead of silently returning everything.
 *
 *   page (≥ 1, default 1) · perPage (1–100, default 10; the UI offers 10/20/30/40) ·
 *   sort (an x-sort field, id, created_at, updated_at) · order (asc | desc) ·
 *   search (ILIKE over x-search fields; several words: each in some field; at most 200 characters and 10 different
 *   words: validation/search-limits.ts) · <field> for x-filter exact|search · <field>_from/_to for range ·
 *   <field>_empty=true|false for an exact filter on a reference (x-ref): records without one / with one (the cards
 *   not linked to any vehicle: `transport_id_empty=true`) ·
 *   cursor (a page by keyset instead of OFFSET: read and checked by cursor.ts, which also knows the scope).
 * Empty values are ignored (the web app drops them, other clients may not).
 */
import { formats } from '../../validation/formats';
import { addMessage, type FieldMessages, type ValidationMessage } from '../../validation/messages';
import { SEARCH_MAX_LENGTH, searchTextProblem } from '../../validation/search-limits';
import { Sql, sql } from '../db/sql';
import { HttpError } from '../http-error';
import { refOf, typeOf } from './entity-schemas';
import { fieldExpression, SORTABLE_COLUMNS, type EngineResource } from './model';
import { containsText, searchCondition } from './search';

export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 100;

/** The order of a list in parts (`orderBy` is its SQL): what keyset conditions are built from (cursor.ts). */
export interface ListSort {
  /** `id`, `created_at`, `updated_at` or a schema field. */
  field: string;
  /** The SQL `orderBy` sorts by (the field's expression; `id` for the id). */
  expression: string;
  direction: 'ASC' | 'DESC';
}

export interface ListQuery {
  conditions: Sql[];
  orderBy: Sql;
  sort: ListSort;
  page: number;
  /** Whether `page` was sent (a cursor's page must then agree with it). */
  pageGiven: boolean;
  perPage: number;
  /** `cursor=` as sent, not yet decoded. */
  cursor?: string;
  /** Whether the list is searched (`search=`): its total is counted up to a cap (list-total.ts). */
  searched: boolean;
}

function raw(text: string): Sql {
  return new Sql([text], []);
}

/** Query parameter names a resource's list understands (besides its path parameters). */
export function listParameters(resource: EngineResource): string[] {
  // `ids=3,7,12`: only these records (a page of labels for references in one request instead of one each);
  // `labels=true`: each as its label only (label-reads.ts).
  const names = ['page', 'perPage', 'sort', 'order', 'ids', 'cursor', 'labels'];
  if (resource.searchFields.length > 0) names.push('search');
  for (const { field, mode } of resource.filterFields) {
    if (mode === 'range') names.push(`${field}_from`, `${field}_to`);
    else names.push(field);
    if (emptiable(resource, field, mode)) names.push(`${field}_empty`);
  }
  return names;
}

/** Whether a filter also asks for records without a value (`<field>_empty`): an exact filter on a single reference. */
function emptiable(resource: EngineResource, field: string, mode: string): boolean {
  return mode === 'exact' && refOf(resource.properties[field]) !== null;
}

function positiveInteger(text: string): number | null {
  return /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null;
}

/** A query value typed per the schema, or undefined when it cannot be that type. */
function typedValue(resource: EngineResource, field: string, text: string): unknown {
  const property = resource.properties[field];
  const type = typeOf(property);
  if (type === 'integer') return /^-?\d{1,15}$/.test(text) ? Number(text) : undefined;
  if (type === 'number') return /^-?\d+(\.\d+)?$/.test(text) && text.length <= 30 ? Number(text) : undefined;
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined;
  if (type === 'array') {
    const itemType = typeOf(property?.items);
    if (itemType === 'integer') return /^-?\d{1,15}$/.test(text) ? Number(text) : undefined;
    return text;
  }
  if (property?.format === 'date' && !formats.date(text)) return undefined;
  return text;
}

export interface ListQueryOptions {
  /**
   * Fields this member may not see (sensitive ones, masking.ts): the search skips them, and filtering
   * or sorting by them is refused, since either would reveal the values one guess at a time.
   */
  hidden?: readonly string[];
  /**
   * The fields a search may find its words in, for a member who reads labels only for want of the view right
   * (label-reads.ts): a dispatcher's driver picker finds "Becker", never an e-mail address it was typed to guess.
   */
  searchWithin?: readonly string[];
}

export function parseListQuery(
  resource: EngineResource,
  query: Record<string, unknown>,
  pathParameters: string[] = [],
  options: ListQueryOptions = {},
): ListQuery {
  const errors: FieldMessages = {};
  const fail = (name: string, key = 'validation.invalid', params?: ValidationMessage['params']) => (
    addMessage(errors, name, params ? { key, params } : { key }),
    undefined
  );
  const hidden = new Set(options.hidden ?? []);
  const hiddenParameter = (name: string) => [...hidden].some((field) => name === field || name === `${field}_from` || name === `${field}_to`);
  const allowed = new Set(listParameters(resource).filter((name) => !hiddenParameter(name)));
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (pathParameters.includes(name)) continue;
    if (!allowed.has(name)) {
      fail(name, 'validation.notAllowed');
      continue;
    }
    if (typeof value !== 'string') {
      fail(name); // repeated (?a=1&a=2) or otherwise not one value
      continue;
    }
    if (value.includes('\0')) fail(name);
    else if (value.trim() !== '') values.set(name, value.trim());
  }

  let page = 1;
  let perPage = DEFAULT_PER_PAGE;
  if (values.has('page')) page = positiveInteger(values.get('page') as string) ?? fail('page') ?? 1;
  if (values.has('perPage')) {
    const requested = positiveInteger(values.get('perPage') as string);
    if (requested === null || requested > MAX_PER_PAGE) fail('perPage');
    else perPage = requested;
  }

  const sortable = new Set<string>([...SORTABLE_COLUMNS, ...resource.sortFields.filter((field) => !hidden.has(field))]);
  let sortField = resource.definition.defaultSort?.field ?? 'id';
  let order: 'asc' | 'desc' = resource.definition.defaultSort?.order ?? (sortField === 'id' ? 'desc' : 'asc');
  if (values.has('sort')) {
    const requested = values.get('sort') as string;
    const name = requested === resource.idField ? 'id' : requested;
    if (sortable.has(name)) sortField = name;
    else fail('sort');
  }
  if (values.has('order')) {
    const requested = (values.get('order') as string).toLowerCase();
    if (requested === 'asc' || requested === 'desc') order = requested;
    else fail('order');
  }

  const conditions: Sql[] = [];
  const search = values.get('search');
  const searchProblem = search === undefined ? null : searchTextProblem(search);
  if (searchProblem) fail('search', searchProblem.key, searchProblem.params);
  else if (search !== undefined) conditions.push(searchCondition(resource, search, hidden, options.searchWithin));
  for (const { field, mode } of resource.filterFields) {
    if (mode === 'range') {
      for (const [suffix, operator] of [
        ['_from', '>='],
        ['_to', '<='],
      ] as const) {
        const text = values.get(`${field}${suffix}`);
        if (text === undefined) continue;
        const value = typedValue(resource, field, text);
        if (value === undefined || typeof value === 'boolean') fail(`${field}${suffix}`);
        else conditions.push(sql`${raw(fieldExpression(resource, field))} ${raw(operator)} ${value}`);
      }
      continue;
    }
    const empty = emptiable(resource, field, mode) ? values.get(`${field}_empty`) : undefined;
    if (empty === 'true') conditions.push(sql`(data->>${field}) IS NULL`);
    else if (empty === 'false') conditions.push(sql`(data->>${field}) IS NOT NULL`);
    else if (empty !== undefined) fail(`${field}_empty`);
    const text = values.get(field);
    if (text === undefined) continue;
    if (mode === 'search') {
      if (text.length > SEARCH_MAX_LENGTH) fail(field, 'validation.maxLength', { limit: SEARCH_MAX_LENGTH });
      else conditions.push(containsText(fieldExpression(resource, field), text));
      continue;
    }
    const value = typedValue(resource, field, text);
    if (value === undefined) fail(field);
    // Containment keeps the JSON type (1 ≠ "1"); for an array field it means "contains this item".
    else if (typeOf(resource.properties[field]) === 'array') conditions.push(sql`data @> ${JSON.stringify({ [field]: [value] })}::jsonb`);
    // A record stored without the field has the schema's default (an employee made without a category
    // is staff): asking for the default finds it too.
    else if (resource.properties[field]?.default === value) conditions.push(sql`(data @> ${JSON.stringify({ [field]: value })}::jsonb OR NOT data ? ${field})`);
    else conditions.push(sql`data @> ${JSON.stringify({ [field]: value })}::jsonb`);
  }

  const idList = values.get('ids');
  if (idList !== undefined) {
    const ids = idList.split(',').map((text) => positiveInteger(text.trim()));
    if (ids.length > MAX_PER_PAGE || ids.some((id) => id === null)) fail('ids');
    else conditions.push(sql`id = ANY(${ids}::bigint[])`);
  }

  if (Object.keys(errors).length > 0) throw new HttpError(422, 'errors.invalidData', { fieldErrors: errors });
  const direction = raw(order === 'asc' ? 'ASC' : 'DESC');
  const sortExpression =
    sortField === 'id' || sortField === 'created_at' || sortField === 'updated_at' ? raw(sortField) : raw(fieldExpression(resource, sortField));
  // id breaks ties, so pages never repeat or skip a record when sort values are equal.
  const orderBy = sortField === 'id' ? sql`id ${direction}` : sql`${sortExpression} ${direction} NULLS LAST, id ${direction}`;
  const sort: ListSort = { field: sortField, expression: sortExpression.render().text, direction: order === 'asc' ? 'ASC' : 'DESC' };
  return { conditions, orderBy, sort, page, pageGiven: values.has('page'), perPage, cursor: values.get('cursor'), searched: search !== undefined };
}
