/**
 * Lists: pagination, sort, filters and search, over every resource of the registry (each annotated
 * field is exercised), plus a close look at paging and search escaping on companies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../resources/types';
import { call, expectErrorShape, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { endpointUrl, isCreatable, model, RecordMaker, type Made } from '../test-support/engine-records';
import { localeText } from '../test-support/locale-text';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { listParameters } from './list-query';
import type { EngineResource } from './model';

const listable = model.resources.filter((resource) => resource.definition.api.list && isCreatable(resource));

interface ListBody {
  data: Array<Record<string, unknown>>;
  pagination: { total: number; currentPage: number; perPage: number; lastPage: number };
}

describe.each(databases)('lists on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let maker: RecordMaker;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    maker = new RecordMaker(test.app, owner.token);
  });
  afterAll(async () => test?.close());

  const list = async (url: string) => {
    const response = await call(test.app, 'GET', url, undefined, { token: owner.token });
    return { response, body: response.json<ListBody>() };
  };
  const ids = (body: ListBody, resource: EngineResource) => body.data.map((record) => record[resource.idField]);

  it.each(listable.map((resource) => [resource.name, resource] as const))(
    '%s: refuses unknown and invalid parameters with 422 naming them',
    async (_name, resource) => {
      const made = await maker.make(resource);
      const base = endpointUrl(resource.definition.api.list as Endpoint, made.params);
      const tooManyIds = `ids=${Array.from({ length: 101 }, (_, index) => index + 1).join(',')}`;
      for (const query of [
        'perPge=10',
        'perPage=0',
        'perPage=101',
        'perPage=ten',
        'page=0',
        'page=-1',
        'sort=no_such_field',
        'order=sideways',
        'page=1&page=2',
        'ids=1,x',
        'ids=0',
        tooManyIds,
      ]) {
        const { response } = await list(`${base}?${query}`);
        expect(response.statusCode, query).toBe(422);
        const name = query.split('=')[0];
        expect(Object.keys(expectErrorShape(response).errors ?? {}), query).toContain(name);
      }
    },
  );

  it.each(listable.map((resource) => [resource.name, resource] as const))('%s: ids= answers exactly those records of the tenant', async (_name, resource) => {
    const first = await maker.make(resource);
    const second = await maker.make(resource);
    const base = endpointUrl(resource.definition.api.list as Endpoint, first.params);
    const { response, body } = await list(`${base}?ids=${first.id},${second.id},987654321&perPage=100`);
    expect(response.statusCode, response.body).toBe(200);
    const found = ids(body, resource);
    expect(found).toContain(first.id);
    expect(found.every((id) => id === first.id || id === second.id)).toBe(true);
  });

  it.each(listable.map((resource) => [resource.name, resource] as const))(
    '%s: sorts by every sortable field both ways, ignores empty filters',
    async (_name, resource) => {
      const made = await maker.make(resource);
      const base = endpointUrl(resource.definition.api.list as Endpoint, made.params);
      for (const field of [...resource.sortFields, 'id', 'created_at', 'updated_at', resource.idField]) {
        for (const order of ['asc', 'desc']) {
          const { response, body } = await list(`${base}?sort=${field}&order=${order}&perPage=100`);
          expect(response.statusCode, `${field} ${order}: ${response.body}`).toBe(200);
          expect(ids(body, resource)).toContain(made.id);
        }
      }
      const empties = listParameters(resource)
        .filter((name) => !['page', 'perPage', 'sort', 'order'].includes(name))
        .map((name) => `${name}=`);
      const { response, body } = await list(`${base}?${[...empties, 'perPage=100'].join('&')}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(ids(body, resource)).toContain(made.id);
    },
  );

  it.each(listable.map((resource) => [resource.name, resource] as const))(
    '%s: each filter and the search find a matching record and leave out others',
    async (_name, resource) => {
      const made: Made = await maker.make(resource);
      const base = endpointUrl(resource.definition.api.list as Endpoint, made.params);
      const find = async (query: string) => {
        const { response, body } = await list(`${base}?${query}&perPage=100`);
        expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
        return ids(body, resource);
      };
      for (const { field, mode } of resource.filterFields) {
        const value = made.record[field];
        if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
        const text = encodeURIComponent(String(value));
        if (mode === 'range') {
          expect(await find(`${field}_from=${text}&${field}_to=${text}`), field).toContain(made.id);
          if (typeof value === 'number') expect(await find(`${field}_from=${value + 1}`), field).not.toContain(made.id);
          else expect(await find(`${field}_from=2999-12-31`), field).not.toContain(made.id);
          expect((await list(`${base}?${field}_from=not-a-value`)).response.statusCode).toBe(422);
        } else {
          expect(await find(`${field}=${text}`), field).toContain(made.id);
          if (mode === 'search' && typeof value === 'string') expect(await find(`${field}=${encodeURIComponent(value.slice(1, 4))}`), field).toContain(made.id);
        }
      }
      for (const field of resource.searchFields) {
        const value = made.record[field];
        if (typeof value !== 'string' || value.length < 3) continue;
        expect(await find(`search=${encodeURIComponent(value.slice(1, -1).toLowerCase())}`), field).toContain(made.id);
      }
      if (resource.searchFields.length > 0) expect(await find('search=zzq-nothing-like-this')).not.toContain(made.id);
    },
  );

  it('pages companies with total, currentPage, perPage and lastPage, in the asked order', async () => {
    const companies = model.byName.get('companies') as EngineResource;
    for (let index = 0; index < 24; index += 1) await maker.make(companies, { name: `Paging ${String(index).padStart(2, '0')}` });
    const first = await list('/api/companies?search=Paging&perPage=10&sort=name&order=asc');
    expect(first.body.pagination).toEqual({ total: 24, currentPage: 1, perPage: 10, lastPage: 3, nextCursor: expect.any(String), previousCursor: null });
    expect(first.body.data.map((record) => record.name)).toEqual(Array.from({ length: 10 }, (_, index) => `Paging ${String(index).padStart(2, '0')}`));
    const last = await list('/api/companies?search=Paging&perPage=10&page=3&sort=name&order=desc');
    expect(last.body.pagination).toMatchObject({ currentPage: 3, lastPage: 3 });
    expect(last.body.data.map((record) => record.name)).toEqual(['Paging 03', 'Paging 02', 'Paging 01', 'Paging 00']);
    const beyond = await list('/api/companies?search=Paging&page=9');
    expect(beyond.body).toMatchObject({ data: [], pagination: { total: 24, currentPage: 9, lastPage: 3 } });
    for (const perPage of [20, 30, 40, 100]) expect((await list(`/api/companies?perPage=${perPage}`)).body.pagination.perPage).toBe(perPage);
  });

  it('finds a record by words in different search fields, in any order: a full name across first and last name', async () => {
    const employees = model.byName.get('employees') as EngineResource;
    const olga = await maker.make(employees, { name: 'Olga', last_name: 'Shevchenko' });
    await maker.make(employees, { name: 'Olga', last_name: 'Petrenko' });
    await maker.make(employees, { name: 'Ivan', last_name: 'Shevchenko' });
    const found = async (search: string) =>
      (await list(`/api/employees?search=${encodeURIComponent(search)}`)).body.data.map((record) => (record as { id: number }).id);
    expect(await found('Olga Shevchenko')).toEqual([olga.id]);
    expect(await found('  shevchenko   OLGA ')).toEqual([olga.id]);
    expect(await found('Olga Shevch')).toEqual([olga.id]);
    expect(await found('Olga Marchenko')).toEqual([]);
    expect(await found('Shevchenko')).toHaveLength(2);
  });

  it('treats % and _ in a search as text', async () => {
    const companies = model.byName.get('companies') as EngineResource;
    await maker.make(companies, { name: 'Sale 50% off' });
    await maker.make(companies, { name: 'Sale 50 off' });
    await maker.make(companies, { name: 'snake_case Ltd' });
    await maker.make(companies, { name: 'snakeXcase Ltd' });
    expect((await list('/api/companies?search=50%25')).body.data.map((record) => record.name)).toEqual(['Sale 50% off']);
    expect((await list('/api/companies?search=snake_case')).body.data.map((record) => record.name)).toEqual(['snake_case Ltd']);
  });

  it("refuses a search of more than 200 characters or 10 different words with 422 in the reader's language, a repeated word counting once", async () => {
    const employees = model.byName.get('employees') as EngineResource;
    const olga = await maker.make(employees, { name: 'Olga', last_name: 'Bounded' });
    const refused = async (url: string, language: string) => {
      const response = await call(test.app, 'GET', url, undefined, { token: owner.token, language });
      expect(response.statusCode, url).toBe(422);
      return expectErrorShape(response).errors;
    };
    const words = (count: number) => Array.from({ length: count }, (_, index) => `w${index}`).join(' ');
    expect((await refused(`/api/employees?search=${encodeURIComponent(words(11))}`, 'uk'))?.search).toEqual([
      localeText('uk', 'validation.searchWords', { limit: 10 }),
    ]);
    expect((await refused(`/api/employees?search=${'a'.repeat(201)}`, 'de'))?.search).toEqual([localeText('de', 'validation.maxLength', { limit: 200 })]);
    // A filter field's own search (x-filter: search) is one pattern, bounded alike.
    expect(Object.keys((await refused(`/api/orders?customer=${'a'.repeat(201)}`, 'en')) ?? {})).toEqual(['customer']);
    const repeated = `${Array(30).fill('Olga').join(' ')} Bounded`;
    const { response, body } = await list(`/api/employees?search=${encodeURIComponent(repeated)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(body.data.map((record) => record.id)).toEqual([olga.id]);
    expect((await list(`/api/employees?search=${'b'.repeat(200)}`)).response.statusCode).toBe(200);
  });
});
