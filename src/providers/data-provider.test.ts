import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import type { ApiClient } from './api-client';
import { createDataProvider, fillPath, listQuery } from './data-provider';

function fakeClient(answer: unknown = { data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } }) {
  const request = vi.fn(async (_method: string, _path: string, _options?: { body?: unknown }) => answer);
  const client = { request } as unknown as ApiClient;
  const notify = vi.fn();
  return { request, provider: createDataProvider(client, { notify }), notify };
}

describe('data provider URLs', () => {
  it('lists an action-first resource with page, size, sort, search and filters', async () => {
    const { request, provider } = fakeClient({ data: [{ id: 1 }], pagination: { total: 31, currentPage: 2, perPage: 10, lastPage: 4 } });
    const answer = await provider.getList({
      resource: 'companies',
      pagination: { currentPage: 2, pageSize: 10 },
      sorters: [{ field: 'name', order: 'asc' }],
      filters: [
        { field: 'main', operator: 'eq', value: true },
        { field: 'loading_date', operator: 'gte', value: '2026-01-01' },
        { field: 'loading_date', operator: 'lte', value: '2026-02-01' },
      ],
      meta: { search: 'acme' },
    });
    expect(request).toHaveBeenCalledWith(
      'GET',
      '/companies?page=2&perPage=10&sort=name&order=asc&search=acme&main=true&loading_date_from=2026-01-01&loading_date_to=2026-02-01',
      {},
    );
    expect(answer.total).toBe(31);
    expect(answer.data).toEqual([{ id: 1 }]);
  });

  it('drops empty and null filter values before sending', () => {
    expect(
      listQuery({
        pagination: { currentPage: 1, pageSize: 20 },
        filters: [
          { field: 'name', operator: 'eq', value: '' },
          { field: 'main', operator: 'eq', value: null },
          { field: 'city', operator: 'eq', value: '   ' },
          { field: 'tags', operator: 'eq', value: [] },
          { field: 'price', operator: 'gte', value: undefined },
          { field: 'fuel_type', operator: 'eq', value: 0 },
          { field: 'active', operator: 'eq', value: false },
        ],
        search: '',
      }),
    ).toBe('?page=1&perPage=20&fuel_type=0&active=false');
  });

  it('fills the parent path parameter of a sub-resource from meta.params', async () => {
    const { request, provider } = fakeClient();
    await provider.getList({ resource: 'company-banks', pagination: { currentPage: 1, pageSize: 10 }, meta: { params: { companyId: 7 } } });
    expect(request.mock.calls[0][1]).toBe('/7/banks?page=1&perPage=10');
    await provider.create({ resource: 'company-banks', variables: { iban: 'DE89370400440532013000' }, meta: { params: { companyId: '7' } } });
    expect(request.mock.calls[1].slice(0, 2)).toEqual(['POST', '/7/banks/store']);
    await provider.update({ resource: 'company-banks', id: 3, variables: { version: 2 }, meta: { params: { companyId: '7' } } });
    expect(request.mock.calls[2]).toEqual(['PUT', '/7/banks/update/3', { body: { version: 2 } }]);
    await provider.deleteOne({ resource: 'company-banks', id: 3, meta: { record: { companyId: 7, id: 3 } } });
    expect(request.mock.calls[3].slice(0, 2)).toEqual(['DELETE', '/7/banks/destroy/3']);
  });

  it('builds id-first paths (employee sub-resources)', async () => {
    const { request, provider } = fakeClient({ data: {} });
    await provider.update({ resource: 'passports', id: 'p1', variables: { number: 'AB12345', version: 1 }, meta: { params: { employeeId: 'e9' } } });
    expect(request.mock.calls[0][0]).toBe('PUT');
    expect(request.mock.calls[0][1]).toBe('/employees/e9/passports/p1/update');
    await provider.deleteOne({ resource: 'passports', id: 'p1', meta: { record: { employee_id: 'e9' } } });
    expect(request.mock.calls[1][1]).toBe('/employees/e9/passports/p1/destroy');
  });

  it('fills pathFields from the record (employees under their company)', async () => {
    const { request, provider } = fakeClient({ data: {} });
    await provider.create({ resource: 'employees', variables: { company_id: 4, name: 'Ann' } });
    expect(request.mock.calls[0][1]).toBe('/employees/4/store');
    await provider.getOne({ resource: 'employees', id: 12, meta: { record: { company_id: 4 } } });
    expect(request.mock.calls[1]).toEqual(['GET', '/employees/4/show/12', {}]);
    await provider.update({ resource: 'employees', id: 12, variables: { company_id: 5, version: 3 } });
    expect(request.mock.calls[2][1]).toBe('/employees/5/update/12');
  });

  it('uses the endpoints of resources whose id field is _id (orders)', async () => {
    const { request, provider } = fakeClient({ data: {} });
    await provider.getOne({ resource: 'orders', id: 'abc' });
    await provider.deleteOne({ resource: 'orders', id: 'abc' });
    expect(request.mock.calls.map((call) => call[1])).toEqual(['/orders/show/abc', '/orders/destroy/abc']);
  });

  it('reports a missing path parameter clearly and encodes values', () => {
    expect(() => fillPath('/{companyId}/banks', {})).toThrow(/companyId/);
    expect(fillPath('/orders/show/{id}', { id: 'a/b' })).toBe('/orders/show/a%2Fb');
  });
});

describe('data provider errors and messages', () => {
  it('turns a 422 into form field errors (Refine HttpError) and its message into a toast', async () => {
    const request = vi.fn(async () => {
      throw new ApiError({ status: 422, message: 'The data is invalid', fieldErrors: { iban: ['Must be a valid IBAN'] }, hasServerMessage: true });
    });
    const notify = vi.fn();
    const provider = createDataProvider({ request } as unknown as ApiClient, { notify });
    const failure = await provider.create({ resource: 'company-banks', variables: {}, meta: { params: { companyId: 1 } } }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ statusCode: 422, errors: { iban: ['Must be a valid IBAN'] }, message: 'The data is invalid' });
    expect(notify).toHaveBeenCalledWith('error', 'The data is invalid');
  });

  it('shows the server message of a successful mutation', async () => {
    const { provider, notify } = fakeClient({ message: 'Created successfully!', data: { id: 1 } });
    await provider.create({ resource: 'companies', variables: { name: 'Acme' } });
    expect(notify).toHaveBeenCalledWith('success', 'Created successfully!');
  });
});

describe('data provider cursors', () => {
  const page = (currentPage: number, nextCursor: string | null, previousCursor: string | null) => ({
    data: [{ _id: currentPage }],
    pagination: { total: 100, currentPage, perPage: 10, lastPage: 10, nextCursor, previousCursor },
  });
  /** A client answering each list call with the page it asks for (by `page=`), cursors named after it. */
  function pagingClient() {
    const request = vi.fn(async (_method: string, path: string) => {
      const number = Number(new URLSearchParams(path.split('?')[1]).get('page') ?? 1);
      return page(number, number < 10 ? `next-of-${number}` : null, number > 1 ? `previous-of-${number}` : null);
    });
    return { request, provider: createDataProvider({ request } as unknown as ApiClient, { notify: null }) };
  }
  const orders = (currentPage: number, extra: { sorters?: Array<{ field: string; order: 'asc' | 'desc' }>; pageSize?: number } = {}) => ({
    resource: 'orders',
    pagination: { currentPage, pageSize: extra.pageSize ?? 10 },
    sorters: extra.sorters ?? [{ field: 'loading_date', order: 'desc' as const }],
  });

  it('sends the cursor of the page before when Refine asks for the next page of the same query, and back', async () => {
    const { request, provider } = pagingClient();
    await provider.getList(orders(4));
    await provider.getList(orders(5));
    await provider.getList(orders(6));
    await provider.getList(orders(5));
    expect(request.mock.calls.map((call) => call[1])).toEqual([
      '/orders?page=4&perPage=10&sort=loading_date&order=desc',
      '/orders?page=5&perPage=10&sort=loading_date&order=desc&cursor=next-of-4',
      '/orders?page=6&perPage=10&sort=loading_date&order=desc&cursor=next-of-5',
      '/orders?page=5&perPage=10&sort=loading_date&order=desc&cursor=previous-of-6',
    ]);
  });

  it('goes by number for a jump, and for another order, page size or filter', async () => {
    const { request, provider } = pagingClient();
    await provider.getList(orders(1));
    await provider.getList(orders(3));
    await provider.getList(orders(4, { sorters: [{ field: 'price', order: 'asc' }] }));
    await provider.getList(orders(4, { pageSize: 20 }));
    await provider.getList({ ...orders(4), filters: [{ field: 'customer', operator: 'eq', value: 'Acme' }] });
    expect(request.mock.calls.every((call) => !call[1].includes('cursor='))).toBe(true);
    await provider.getList(orders(4));
    expect(request.mock.calls.at(-1)?.[1]).toBe('/orders?page=4&perPage=10&sort=loading_date&order=desc&cursor=next-of-3');
  });

  it('asks again by number, without a toast, when the server refuses the cursor', async () => {
    const notify = vi.fn();
    const request = vi.fn(async (_method: string, path: string) => {
      if (path.includes('cursor='))
        throw new ApiError({ status: 422, message: 'The data is invalid', fieldErrors: { cursor: ['The value is invalid'] }, hasServerMessage: true });
      const number = Number(new URLSearchParams(path.split('?')[1]).get('page'));
      return page(number, `next-of-${number}`, null);
    });
    const provider = createDataProvider({ request } as unknown as ApiClient, { notify });
    await provider.getList(orders(1));
    const answer = await provider.getList(orders(2));
    expect(answer.data).toEqual([{ _id: 2 }]);
    expect(request.mock.calls.map((call) => call[1])).toEqual([
      '/orders?page=1&perPage=10&sort=loading_date&order=desc',
      '/orders?page=2&perPage=10&sort=loading_date&order=desc&cursor=next-of-1',
      '/orders?page=2&perPage=10&sort=loading_date&order=desc',
    ]);
    expect(notify).not.toHaveBeenCalled();
  });

  it('keeps the cursors of each query apart (resource and path parameters)', async () => {
    const { request, provider } = pagingClient();
    await provider.getList({ resource: 'company-banks', pagination: { currentPage: 1, pageSize: 10 }, meta: { params: { companyId: 7 } } });
    await provider.getList({ resource: 'company-banks', pagination: { currentPage: 2, pageSize: 10 }, meta: { params: { companyId: 8 } } });
    await provider.getList({ resource: 'company-banks', pagination: { currentPage: 2, pageSize: 10 }, meta: { params: { companyId: 7 } } });
    expect(request.mock.calls.map((call) => call[1])).toEqual([
      '/7/banks?page=1&perPage=10',
      '/8/banks?page=2&perPage=10',
      '/7/banks?page=2&perPage=10&cursor=next-of-1',
    ]);
  });
});
