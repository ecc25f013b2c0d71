import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createDataProvider, fillPath, listQuery, type DataClient } from './data-provider';
import { toast } from './toast';

// The provider must show nothing itself: toasts come from Refine's notification provider.
vi.mock('./toast', () => ({ toast: vi.fn(), closeToast: vi.fn(), preloadToasts: vi.fn() }));

/** A fake client's `request`: answers (or fails with what it throws) as the server would, asynchronously. */
function answering(respond: (method: string, path: string) => unknown) {
  return vi.fn(
    (method: string, path: string, _options?: { body?: unknown; headers?: Record<string, string> }) => new Promise((resolve) => resolve(respond(method, path))),
  );
}

function fakeClient(answer: unknown = { data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } }) {
  const request = vi.fn((_method: string, _path: string, _options?: { body?: unknown; headers?: Record<string, string> }) => Promise.resolve(answer));
  const client = { request } as unknown as DataClient;
  return { request, provider: createDataProvider(client) };
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
  it('turns a 422 into form field errors (Refine HttpError) without a toast of its own', async () => {
    const request = answering(() => {
      throw new ApiError({ status: 422, message: 'The data is invalid', fieldErrors: { iban: ['Must be a valid IBAN'] }, hasServerMessage: true });
    });
    const provider = createDataProvider({ request } as unknown as DataClient);
    const failure = await provider.create({ resource: 'company-banks', variables: {}, meta: { params: { companyId: 1 } } }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ statusCode: 422, errors: { iban: ['Must be a valid IBAN'] }, message: 'The data is invalid' });
    expect(toast).not.toHaveBeenCalled();
  });

  it('hands the server message of each mutation to Refine (its notification shows it), showing none itself', async () => {
    const { provider } = fakeClient({ message: 'Saved', data: { id: 1 } });
    expect(await provider.create({ resource: 'companies', variables: { name: 'Acme' } })).toEqual({ data: { id: 1 }, message: 'Saved' });
    expect(await provider.update({ resource: 'companies', id: 1, variables: { name: 'Acme', version: 1 } })).toEqual({ data: { id: 1 }, message: 'Saved' });
    expect(await provider.deleteOne({ resource: 'companies', id: 1 })).toEqual({ data: { id: 1 }, message: 'Saved' });
    expect(toast).not.toHaveBeenCalled();
  });

  it('reports a refusal (403) for the rights to be reloaded, and only a refusal', async () => {
    const onForbidden = vi.fn();
    let status = 403;
    const request = answering(() => {
      throw new ApiError({ status, message: 'Not permitted', hasServerMessage: true });
    });
    const provider = createDataProvider({ request } as unknown as DataClient, { onForbidden });
    await expect(provider.getList({ resource: 'companies' })).rejects.toMatchObject({ statusCode: 403, message: 'Not permitted' });
    expect(onForbidden).toHaveBeenCalledTimes(1);
    status = 404;
    await expect(provider.getOne({ resource: 'companies', id: 1 })).rejects.toMatchObject({ statusCode: 404 });
    expect(onForbidden).toHaveBeenCalledTimes(1);
  });

  it('sends meta.headers with a verb', async () => {
    const { request, provider } = fakeClient({ data: {} });
    await provider.getOne({ resource: 'companies', id: 1, meta: { headers: { 'X-Trace': 'on' } } });
    expect(request).toHaveBeenCalledWith('GET', '/companies/show/1', { headers: { 'X-Trace': 'on' } });
  });
});

describe('data provider getMany', () => {
  /** A list endpoint that answers the ids it knows (1–1000, but never 13), in its own order (reversed). */
  function idsClient() {
    const request = answering((_method: string, path: string) => {
      const asked = (new URLSearchParams(path.split('?')[1]).get('ids') ?? '').split(',');
      const known = asked.filter((id) => id !== '13' && Number(id) <= 1000);
      return { data: known.reverse().map((id) => ({ id: Number(id), name: `company ${id}` })), pagination: { total: known.length } };
    });
    return { request, provider: createDataProvider({ request } as unknown as DataClient) };
  }

  it('asks the list endpoint with ids= and answers in the order asked, without the ids the server does not know', async () => {
    const { request, provider } = idsClient();
    const answer = await provider.getMany!({ resource: 'companies', ids: [5, 13, 2, 2000, 9] });
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0][1]).toBe('/companies?page=1&perPage=5&ids=5%2C13%2C2%2C2000%2C9');
    expect(answer.data.map((record) => record.id)).toEqual([5, 2, 9]);
  });

  it('asks for labels only when the records are wanted for their labels (labels=true), in a batch of its own', async () => {
    const { request, provider } = idsClient();
    await Promise.all([
      provider.getMany!({ resource: 'companies', ids: [5, 9], meta: { labels: true } }),
      provider.getMany!({ resource: 'companies', ids: [13] }),
    ]);
    expect(request.mock.calls.map(([, path]) => path).sort()).toEqual([
      '/companies?page=1&perPage=1&ids=13',
      '/companies?page=1&perPage=2&ids=5%2C9&labels=true',
    ]);
  });

  it('splits 250 ids into 3 requests of at most 100, keeping the order', async () => {
    const { request, provider } = idsClient();
    const ids = Array.from({ length: 250 }, (_, index) => 250 - index);
    const answer = await provider.getMany!({ resource: 'companies', ids });
    const sizes = request.mock.calls.map(([, path]) => (new URLSearchParams(path.split('?')[1]).get('ids') ?? '').split(',').length);
    expect(sizes).toEqual([100, 100, 50]);
    expect(answer.data.map((record) => record.id)).toEqual(ids.filter((id) => id !== 13));
  });

  it('answers the calls of one tick with one request (a table of labels), each call its own ids', async () => {
    const { request, provider } = idsClient();
    const [first, second] = await Promise.all([
      provider.getMany!({ resource: 'companies', ids: [1, 2] }),
      provider.getMany!({ resource: 'companies', ids: [2, 3] }),
    ]);
    expect(request).toHaveBeenCalledTimes(1);
    expect(first.data.map((record) => record.id)).toEqual([1, 2]);
    expect(second.data.map((record) => record.id)).toEqual([2, 3]);
  });

  it('fills the path parameters of a sub-resource list from meta.params', async () => {
    const { request, provider } = idsClient();
    await provider.getMany!({ resource: 'company-banks', ids: [4], meta: { params: { companyId: 7 } } });
    expect(request.mock.calls[0][1]).toBe('/7/banks?page=1&perPage=1&ids=4');
  });

  it('asks a resource without a list endpoint for each record, a missing one absent', async () => {
    const definitions = await import('../../resources');
    const companies = definitions.resourceByName('companies');
    const spy = vi.spyOn(definitions, 'resourceByName').mockReturnValue({ ...companies, api: { ...companies.api, list: undefined } });
    const request = answering((_method: string, path: string) => {
      if (path.endsWith('/2')) throw new ApiError({ status: 404, message: 'Not found', hasServerMessage: true });
      return { data: { id: Number(path.split('/').at(-1)) } };
    });
    const provider = createDataProvider({ request } as unknown as DataClient);
    const answer = await provider.getMany!({ resource: 'companies', ids: [3, 2, 1] });
    spy.mockRestore();
    expect(request.mock.calls.map((call) => call[1])).toEqual(['/companies/show/3', '/companies/show/2', '/companies/show/1']);
    expect(answer.data).toEqual([{ id: 3 }, { id: 1 }]);
  });

  it('fails every call of the batch with the HttpError of the failed request', async () => {
    const request = answering(() => {
      throw new ApiError({ status: 500, message: 'Broken', hasServerMessage: true });
    });
    const provider = createDataProvider({ request } as unknown as DataClient);
    await expect(provider.getMany!({ resource: 'companies', ids: [1] })).rejects.toMatchObject({ statusCode: 500, message: 'Broken' });
  });
});

describe('data provider custom', () => {
  it('sends query, filters and sorters in the URL, the payload as body and the headers', async () => {
    const { request, provider } = fakeClient({ data: [{ id: 1 }], pagination: { total: 1 } });
    const answer = await provider.custom!({
      url: '/api/audit-log',
      method: 'get',
      query: { resource: 'orders', page: 2, empty: '', none: null },
      filters: [{ field: 'created_at', operator: 'gte', value: '2026-01-01' }],
      sorters: [{ field: 'created_at', order: 'desc' }],
      headers: { 'X-One': '1' },
      meta: { headers: { 'X-Two': '2' } },
    });
    expect(request).toHaveBeenCalledWith('GET', '/api/audit-log?sort=created_at&order=desc&created_at_from=2026-01-01&resource=orders&page=2', {
      headers: { 'X-Two': '2', 'X-One': '1' },
    });
    expect(answer).toEqual({ data: [{ id: 1 }], pagination: { total: 1 } });
  });

  it('sends a body with the method asked', async () => {
    const { request, provider } = fakeClient({ data: null });
    await provider.custom!({ url: '/api/employees/3/restore', method: 'post', payload: { reason: 'back' } });
    expect(request).toHaveBeenCalledWith('POST', '/api/employees/3/restore', { body: { reason: 'back' }, headers: {} });
  });

  it("hands over the answer's other members beside data (the compliance page's counts, the bell's unread)", async () => {
    const { provider } = fakeClient({ data: [], counts: { expired: 1, expiring: 2, missing: 0 }, unread: 3, pagination: { total: 0 } });
    const answer = await provider.custom!({ url: '/api/compliance', method: 'get' });
    expect(answer).toEqual({ data: [], counts: { expired: 1, expiring: 2, missing: 0 }, unread: 3, pagination: { total: 0 } });
  });

  it('hands an upload’s progress callback to the client', async () => {
    const { request, provider } = fakeClient({ data: { id: 4 } });
    const onProgress = vi.fn();
    const body = new FormData();
    await provider.custom!({ url: '/api/employees/3/attaches/store', method: 'post', payload: body, meta: { onProgress } });
    expect(request).toHaveBeenCalledWith('POST', '/api/employees/3/attaches/store', { body, headers: {}, onProgress });
  });
});

describe('data provider cursors', () => {
  const page = (currentPage: number, nextCursor: string | null, previousCursor: string | null) => ({
    data: [{ _id: currentPage }],
    pagination: { total: 100, currentPage, perPage: 10, lastPage: 10, nextCursor, previousCursor },
  });
  /** A client answering each list call with the page it asks for (by `page=`), cursors named after it. */
  function pagingClient() {
    const request = answering((_method: string, path: string) => {
      const number = Number(new URLSearchParams(path.split('?')[1]).get('page') ?? 1);
      return page(number, number < 10 ? `next-of-${number}` : null, number > 1 ? `previous-of-${number}` : null);
    });
    return { request, provider: createDataProvider({ request } as unknown as DataClient) };
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

  it('asks again by number, silently, when the server refuses the cursor', async () => {
    const request = answering((_method: string, path: string) => {
      if (path.includes('cursor='))
        throw new ApiError({ status: 422, message: 'The data is invalid', fieldErrors: { cursor: ['The value is invalid'] }, hasServerMessage: true });
      const number = Number(new URLSearchParams(path.split('?')[1]).get('page'));
      return page(number, `next-of-${number}`, null);
    });
    const provider = createDataProvider({ request } as unknown as DataClient);
    await provider.getList(orders(1));
    const answer = await provider.getList(orders(2));
    expect(answer.data).toEqual([{ _id: 2 }]);
    expect(request.mock.calls.map((call) => call[1])).toEqual([
      '/orders?page=1&perPage=10&sort=loading_date&order=desc',
      '/orders?page=2&perPage=10&sort=loading_date&order=desc&cursor=next-of-1',
      '/orders?page=2&perPage=10&sort=loading_date&order=desc',
    ]);
    expect(toast).not.toHaveBeenCalled();
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
