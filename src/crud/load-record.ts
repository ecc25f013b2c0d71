/**
 * Loads one record of any resource, whatever its endpoints need: the show endpoint when every path
 * parameter besides `{id}` is known (from `params`, e.g. `?companyId=` of a show link, or the fields of
 * a record at hand), else the record is looked up by its id through the list endpoint, page by page (a
 * show page opened from a bare URL such as `/personal-main/employee/12`, or a resource without a show
 * endpoint such as fuel cards), and then, when it has one, read through the show endpoint with the
 * parameters its row fills. Not found: an `ApiError` with status 404.
 */
import type { ResourceDefinition } from '../../resources';
import type { Endpoint } from '../../resources/types';
import { ApiError } from '../providers/api-error';
import { dataProvider as defaultProvider } from '../providers/data-provider';
import { idOf } from './schemas';

type Row = Record<string, unknown>;

/** How many list pages of 100 a look-up by id reads at most. */
export const lookupPages = 20;

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The path parameters of an endpoint besides `{id}` that neither `params` nor the record's fields fill. */
export function missingPathParams(resource: ResourceDefinition, endpoint: Endpoint | undefined, params: Record<string, string> = {}, record?: Row): string[] {
  if (!endpoint) return [];
  const fieldOf: Record<string, string> = { ...(resource.pathFields ?? {}), ...(resource.parent ? { [resource.parent.param]: resource.parent.field } : {}) };
  return [...endpoint.path.matchAll(/\{(\w+)\}/g)]
    .map((match) => match[1])
    .filter((param) => param !== 'id' && !filled(params[param]) && !(fieldOf[param] && filled(record?.[fieldOf[param]])));
}

/** The path parameters of a resource's own (`pathFields`) found in a URL query (`?companyId=7`). */
export function pathParamsFromQuery(resource: ResourceDefinition, search: string): Record<string, string> {
  const query = new URLSearchParams(search);
  const result: Record<string, string> = {};
  for (const param of Object.keys(resource.pathFields ?? {})) {
    const value = query.get(param);
    if (value) result[param] = value;
  }
  return result;
}

export async function loadRecord(
  resource: ResourceDefinition,
  id: string,
  options: { params?: Record<string, string>; record?: Row; dataProvider?: typeof defaultProvider } = {},
): Promise<Row> {
  const provider = options.dataProvider ?? defaultProvider;
  const params = options.params ?? {};
  const show = resource.api.show;
  if (show && missingPathParams(resource, show, params, options.record).length === 0) {
    const answer = await provider.getOne({ resource: resource.name, id, meta: { params, record: options.record } });
    return answer.data as Row;
  }
  if (!resource.api.list) throw new ApiError({ status: 404, message: '' });
  for (let page = 1; page <= lookupPages; page++) {
    const answer = await provider.getList({
      resource: resource.name,
      pagination: { currentPage: page, pageSize: 100, mode: 'server' },
      meta: { params },
    });
    const rows = answer.data as Row[];
    const found = rows.find((row) => idOf(resource, row) === id);
    if (found) {
      if (!show || missingPathParams(resource, show, params, found).length > 0) return found;
      return (await provider.getOne({ resource: resource.name, id, meta: { params, record: found } })).data as Row;
    }
    if (rows.length < 100 || page * 100 >= answer.total) break;
  }
  throw new ApiError({ status: 404, message: '' });
}
