/** The generic pages' options: the search-first list kept in the URL, page sections, show pages opened from a bare URL, conflicts on save. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../resources';
import { initTestI18n } from '../i18n/test-i18n';
import { signInForTest } from '../access/test-session';
import { json, stubFetch } from './test-fetch';
import { CrudForm } from './crud-form';
import { CrudList } from './crud-list';
import { loadRecord, missingPathParams, pathParamsFromQuery } from './load-record';
import { CrudListPage, CrudShowPage } from './pages';
import { pathQueryOf } from './schemas';
import { listStateFromQuery, listStateToQuery } from './use-crud-list';

vi.mock('../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

beforeAll(async () => {
  await initTestI18n();
  // An administrator: every button and field of the generic pages is drawn.
  signInForTest();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const page = (data: unknown[], total = data.length) => ({ data, pagination: { total, currentPage: 1, perPage: 10, lastPage: 1 } });
const urls = (fetch: ReturnType<typeof stubFetch>) => fetch.mock.calls.map((call) => String(call[0]));

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

describe('list state in the URL', () => {
  const orders = resourceByName('orders');

  it('writes search, filters, page and sort under the API names and reads them back typed', () => {
    const state = {
      page: 2,
      pageSize: 20,
      sorter: { field: 'price', order: 'asc' as const },
      filters: {
        customer: 'Acme',
        price: [100, undefined],
        loading_date: ['2026-01-01', '2026-02-01'],
        dangerous_cargo: true,
        transport_id: 7,
        trailer_id: '',
      },
      search: 'C-1',
    };
    const query = listStateToQuery(orders, state);
    expect(query.toString()).toBe(
      'search=C-1&customer=Acme&price_from=100&loading_date_from=2026-01-01&loading_date_to=2026-02-01&dangerous_cargo=true&transport_id=7&page=2&perPage=20&sort=price&order=asc',
    );
    expect(listStateFromQuery(orders, query)).toEqual({
      ...state,
      filters: { customer: 'Acme', price: [100, undefined], loading_date: ['2026-01-01', '2026-02-01'], dangerous_cargo: true, transport_id: 7 },
    });
  });

  it('leaves defaults out and ignores unknown or invalid values', () => {
    expect(listStateToQuery(orders, listStateFromQuery(orders)).toString()).toBe('');
    const state = listStateFromQuery(orders, new URLSearchParams('page=-3&perPage=15&sort=nope&unknown=1&customer='));
    expect(state).toEqual({ page: 1, pageSize: 10, sorter: { field: 'loading_date', order: 'desc' }, filters: {}, search: '' });
  });
});

describe('search-first list (/order-search)', () => {
  it('shows the search and filters first, starts from the URL query and writes changes back to it', async () => {
    const fetch = stubFetch(() => json(page([{ _id: 'a1', cargo_number: 'C-100', customer: 'Acme GmbH' }])));
    render(
      <MemoryRouter initialEntries={['/order-search?search=C-100&customer=Acme']}>
        <Routes>
          <Route
            path="/order-search"
            element={
              <>
                <CrudListPage resource="orders" titleKey="pages.orderSearch" searchFirst />
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Acme GmbH')).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Order search');
    const card = screen.getByTestId('crud-search-card');
    expect(card.textContent).toContain('Search and filters');
    // the card (search and filters) comes before the results table
    expect(card.compareDocumentPosition(document.querySelector('.ant-table')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const box = screen.getByTestId('crud-search');
    const input = (box.tagName === 'INPUT' ? box : box.querySelector('input')!) as HTMLInputElement;
    expect(input.value).toBe('C-100');
    expect(urls(fetch)[0]).toBe('/api/orders?page=1&perPage=10&sort=loading_date&order=desc&search=C-100&customer=Acme');

    fireEvent.change(input, { target: { value: 'C-200' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order-search?search=C-200&customer=Acme'));
    expect(urls(fetch).at(-1)).toContain('search=C-200');
  }, 20000);

  it('keeps an ordinary list out of the URL', async () => {
    stubFetch(() => json(page([])));
    render(
      <MemoryRouter initialEntries={['/?search=ignored']}>
        <CrudList resource={resourceByName('orders')} />
        <LocationProbe />
      </MemoryRouter>,
    );
    await screen.findByText('No orders yet');
    expect(screen.queryByTestId('crud-search-card')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/?search=ignored');
  });
});

describe('page sections (fuel cards and suppliers)', () => {
  it('shows the cards list and the suppliers list in tabs of the same page', async () => {
    const fetch = stubFetch((url) => json(page(url.includes('/suppliers') ? [{ id: 2, name: 'Shell Fleet' }] : [])));
    render(
      <MemoryRouter>
        <CrudListPage resource="cards" titleKey="pages.fuelCards" />
      </MemoryRouter>,
    );
    expect(resourceByName('cards').sections).toEqual(['suppliers']);
    expect(await screen.findByTestId('crud-list-cards')).toBeTruthy();
    expect(urls(fetch)[0]).toMatch(/^\/api\/transport\/cards\?/);
    fireEvent.click(screen.getByRole('tab', { name: 'Suppliers' }));
    expect(await screen.findByText('Shell Fleet')).toBeTruthy();
    expect(screen.getByTestId('crud-list-suppliers')).toBeTruthy();
    expect(urls(fetch).some((url) => url.startsWith('/api/transport/cards/suppliers?'))).toBe(true);
  });

  it('leaves a resource without sections as a single list', async () => {
    stubFetch(() => json(page([])));
    render(
      <MemoryRouter>
        <CrudListPage resource="companies" titleKey="pages.companies" />
      </MemoryRouter>,
    );
    await screen.findByTestId('crud-list-companies');
    expect(screen.queryByRole('tab')).toBeNull();
  });
});

describe('show page path parameters (employees: /employees/{companyId}/show/{id})', () => {
  const employees = resourceByName('employees');
  const employee = { id: 12, company_id: 7, name: 'Anna', last_name: 'Kowalska', version: 1 };

  it('names the parameters that are missing and carries them in the show link query', () => {
    expect(missingPathParams(employees, employees.api.show)).toEqual(['companyId']);
    expect(missingPathParams(employees, employees.api.show, { companyId: '7' })).toEqual([]);
    expect(missingPathParams(employees, employees.api.show, {}, employee)).toEqual([]);
    expect(pathQueryOf(employees, employee)).toBe('?companyId=7');
    expect(pathQueryOf('companies', { id: 1 })).toBe('');
    expect(pathParamsFromQuery(employees, '?companyId=7&x=1')).toEqual({ companyId: '7' });
  });

  it('uses the URL query when it has the parameter', async () => {
    const fetch = stubFetch(() => json({ data: employee }));
    expect(await loadRecord(employees, '12', { params: { companyId: '7' } })).toEqual(employee);
    expect(urls(fetch)).toEqual(['/api/employees/7/show/12']);
  });

  it('finds the record through the list when the URL has only the id, then reads it through show', async () => {
    const fetch = stubFetch((url) =>
      url.startsWith('/api/employees?') ? json(page([{ ...employee, id: 11 }, employee], 2)) : json({ data: { ...employee, email: 'a@example.com' } }),
    );
    expect(await loadRecord(employees, '12')).toMatchObject({ id: 12, email: 'a@example.com' });
    expect(urls(fetch)).toEqual(['/api/employees?page=1&perPage=100', '/api/employees/7/show/12']);
  });

  it('answers 404 when the list has no such record', async () => {
    stubFetch(() => json(page([{ ...employee, id: 11 }])));
    await expect(loadRecord(employees, '12')).rejects.toMatchObject({ status: 404 });
  });

  it('opens /personal-main/employee/12 directly (a reload without the list)', async () => {
    stubFetch((url) =>
      url.startsWith('/api/employees?') ? json(page([employee])) : url === '/api/employees/7/show/12' ? json({ data: employee }) : json(page([])),
    );
    render(
      <MemoryRouter initialEntries={['/personal-main/employee/12']}>
        <Routes>
          <Route path="/personal-main/employee/:userId" element={<CrudShowPage resource="employees" titleKey="pages.employee" />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('crud-show-employees')).toBeTruthy();
    expect(screen.getAllByText(/Kowalska/).length).toBeGreaterThan(0);
  });
});

describe('a stale save (409)', () => {
  const bank = { id: 3, companyId: 7, account_name: 'Main', bank_name: 'Bank', iban: 'DE89370400440532013000', currency: 'EUR', version: 4 };

  it('shows the conflict message, reloads the latest version into the form and saves with it next time', async () => {
    let puts = 0;
    const fetch = stubFetch((_url, init) => {
      if (init.method === 'PUT') {
        puts += 1;
        return puts === 1
          ? json({ message: 'The record was changed by someone else' }, 409)
          : json({ message: 'Updated successfully!', data: { ...bank, bank_name: 'Sparkasse', version: 7 } });
      }
      return json(page([{ ...bank, bank_name: 'Sparkasse', version: 6 }]));
    });
    const onSaved = vi.fn();
    render(
      <CrudForm resource={resourceByName('company-banks')} mode="edit" open record={bank} params={{ companyId: '7' }} onClose={vi.fn()} onSaved={onSaved} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('crud-conflict')).textContent).toContain('Someone else has changed this record meanwhile');
    await vi.waitFor(() => expect((document.getElementById('company-banks-edit_bank_name') as HTMLInputElement).value).toBe('Sparkasse'));
    expect(urls(fetch)).toContain('/api/7/banks?page=1&perPage=100');
    expect(onSaved).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const second = fetch.mock.calls.filter((call) => call[1]?.method === 'PUT')[1];
    expect(JSON.parse(String(second[1].body))).toMatchObject({ bank_name: 'Sparkasse', version: 6 });
    expect(screen.queryByTestId('crud-conflict')).toBeNull();
  });
});
