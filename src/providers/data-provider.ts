/**
 * A deliberately small data provider until the schema-driven one arrives with the resource engine:
 * `getApiUrl` and `custom` over the app's API client (same headers, same errors). The list/one/create/
 * update/delete calls Refine's type requires reject with a clear message instead of guessing URLs.
 */
import type { BaseRecord, CustomParams, DataProvider } from '@refinedev/core';
import { api } from './api';
import type { ApiClient } from './api-client';

function notYetAvailable(verb: string): Promise<never> {
  return Promise.reject(new Error(`The data provider's "${verb}" comes with the resource engine; use "custom" for now.`));
}

function queryString(query: unknown): string {
  if (query === null || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function createDataProvider(client: ApiClient = api): DataProvider {
  return {
    getApiUrl: () => '/api',
    async custom<TData extends BaseRecord = BaseRecord>({ url, method, payload, query, headers }: CustomParams) {
      const answer = await client.request<TData>(method.toUpperCase(), `${url}${queryString(query)}`, {
        body: payload,
        headers: headers as Record<string, string> | undefined,
      });
      return { data: answer.data };
    },
    getList: () => notYetAvailable('getList'),
    getOne: () => notYetAvailable('getOne'),
    create: () => notYetAvailable('create'),
    update: () => notYetAvailable('update'),
    deleteOne: () => notYetAvailable('deleteOne'),
  };
}

export const dataProvider = createDataProvider();
