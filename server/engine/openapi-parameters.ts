/** A list's query parameters in the OpenAPI document, typed as the list reads them (list-query.ts). */
import { SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS } from '../../validation/search-limits';
import { listParameters } from './list-query';
import type { EngineResource } from './model';

type Json = Record<string, unknown>;

/** A list parameter's type: paging numbers, sort names, typed filters. */
function querySchema(resource: EngineResource, parameter: string): Json {
  if (parameter === 'page') return { type: 'integer', minimum: 1, default: 1 };
  if (parameter === 'perPage') return { type: 'integer', minimum: 1, maximum: 100, default: 10 };
  if (parameter === 'order') return { type: 'string', enum: ['asc', 'desc'] };
  if (parameter === 'sort') return { type: 'string', enum: ['id', 'created_at', 'updated_at', ...resource.sortFields] };
  if (parameter === 'labels') {
    return {
      type: 'boolean',
      description:
        'true: each record as its id and label fields only (a reference cell or a picker), with only `page`, `perPage`, `cursor`, `search` and `ids` beside it; no sensitive field is sent, so no read is recorded',
    };
  }
  if (parameter === 'ids') return { type: 'string', pattern: '^[1-9][0-9]*(,[1-9][0-9]*)*$', description: 'Only these records (at most 100 ids)' };
  if (parameter === 'cursor') {
    return {
      type: 'string',
      pattern: '^[A-Za-z0-9_-]+$',
      description:
        'A `pagination.nextCursor` or `previousCursor` of this same list query (order, search, filters, ids, perPage): answers the page it leads to by keyset, as cheap at any depth as the first page. `page` may be left out (else it must be the cursor’s page). A cursor of another query or an altered one: 422 on `cursor`.',
    };
  }
  if (parameter === 'search') {
    const description = `Words, each found in some of ${resource.searchFields.join(', ')} (at most ${SEARCH_MAX_WORDS} different words)`;
    return { type: 'string', maxLength: SEARCH_MAX_LENGTH, description };
  }
  if (parameter.endsWith('_empty') && !Object.hasOwn(resource.properties, parameter)) {
    return { type: 'boolean', description: `true: only records without ${parameter.slice(0, -6)}; false: only those with one` };
  }
  const field = parameter.replace(/_(from|to)$/, '');
  const property = resource.properties[Object.hasOwn(resource.properties, parameter) ? parameter : field];
  const type = property?.type === 'array' ? property.items?.type : property?.type;
  if (type === 'integer' || type === 'number' || type === 'boolean') return { type };
  if (resource.filterFields.some((filter) => filter.field === parameter && filter.mode === 'search')) return { type: 'string', maxLength: SEARCH_MAX_LENGTH };
  return property?.format === 'date' ? { type: 'string', format: 'date' } : { type: 'string' };
}

/** The list's query parameters, less those named in `without` (an export has no page). */
export function listQueryParameters(resource: EngineResource, without: readonly string[] = []): Json[] {
  return listParameters(resource)
    .filter((parameter) => !without.includes(parameter))
    .map((parameter) => ({ name: parameter, in: 'query', required: false, schema: querySchema(resource, parameter) }));
}

/** The list's query parameters as `config.query` documents a route's (name → JSON Schema), less those in `without`. */
export function listQuerySchemas(resource: EngineResource, without: readonly string[] = []): Record<string, Json> {
  return Object.fromEntries(
    listParameters(resource)
      .filter((parameter) => !without.includes(parameter))
      .map((parameter) => [parameter, querySchema(resource, parameter)]),
  );
}

/** `{id}` → an integer path parameter (the engine's ids are positive integers). */
export function pathIdParameters(path: string): Json[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }));
}
