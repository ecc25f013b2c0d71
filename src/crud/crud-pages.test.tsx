/** The generic pages' options: the search-first list kept in the URL, page sections, show pages opened from a bare URL, conflicts on save. */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Link } from 'react-router';
import { resourceByName } from '../../resources';
import { initTestI18n } from '../i18n/test-i18n';
import { signInForTest } from '../access/test-session';
import { json, stubFetch } from './test-fetch';
import { toast } from '../providers/toast';
import { CrudForm } from './crud-form';
import { CrudList } from './crud-list';
import { missingPathParams, pathParamsFromQuery } from './load-record';
import { CrudListPage, CrudShowPage } from './pages';
import { pathQueryOf } from './schemas';
import { renderWithRefine } from './test-support';

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

/** Refine's table state as `useTable` writes it into the URL (its `qs` format, brackets unencoded). */
function tableQuery(state: { page?: number; pageSize?: number; sort?: [string, 'asc' | 'desc']; filters?: Array<[string, string, string]> }) {
  const parts: string[] = [];
  if (state.pageSize) parts.push(`pageSize=${state.pageSize}`);
  if (state.page) parts.push(`currentPage=${state.page}`);
  if (state.sort) parts.push(`sorters[0][field]=${state.sort[0]}`, `sorters[0][order]=${state.sort[1]}`);
  (state.filters ?? []).forEach(([field, operator, value], index) =>
    parts.push(`filters[${index}][field]=${field}`, `filters[${index}][operator]=${operator}`, `filters[${index}][value]=${encodeURIComponent(value)}`),
  );
  return `?${parts.join('&')}`;
}

const location = () => decodeURIComponent(screen.getByTestId('location').textContent ?? '');

describe('a list page keeps its state in the URL', () => {
  const orderRows = (total: number) => ({
    data: [{ _id: 'a1', cargo_number: 'C-100', customer: 'Acme GmbH' }],
    pagination: { total, currentPage: 3, perPage: 20, lastPage: Math.ceil(total / 20) },
  });

  it('restores the page, page size, sort, filters and search from the URL (a reload, a link, Back)', async () => {
    const fetch = stubFetch(() => json(orderRows(100)));
    const query = tableQuery({
      page: 3,
      pageSize: 20,
      sort: ['price', 'asc'],
      filters: [
        ['search', 'contains', 'C-1'],
        ['customer', 'eq', 'Acme'],
        ['price', 'gte', '100'],
        ['dangerous_cargo', 'eq', 'true'],
      ],
    });
    renderWithRefine(<CrudListPage resource="orders" titleKey="pages.orders" />, { entries: [`/${query}`], path: '/' });
    expect(await screen.findByText('Acme GmbH')).toBeTruthy();
    expect(urls(fetch)).toEqual(['/api/orders?page=3&perPage=20&sort=price&order=asc&search=C-1&customer=Acme&price_from=100&dangerous_cargo=true']);
    expect(document.querySelector('.ant-pagination-item-active')?.textContent).toBe('3');
    expect(screen.getByTestId<HTMLInputElement>('filter-customer').value).toBe('Acme');
    const search = screen.getByTestId('crud-search');
    expect((search.tagName === 'INPUT' ? (search as HTMLInputElement) : search.querySelector('input')!).value).toBe('C-1');
    expect(screen.getByRole('columnheader', { name: /Price/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('starts a new order from its first page: a column header clicked on page 3 asks for page 1', async () => {
    const fetch = stubFetch(() => json(orderRows(100)));
    const query = tableQuery({ page: 3, pageSize: 20, sort: ['loading_date', 'desc'] });
    renderWithRefine(<CrudListPage resource="orders" titleKey="pages.orders" />, { entries: [`/${query}`], path: '/' });
    expect(await screen.findByText('Acme GmbH')).toBeTruthy();
    fireEvent.click(screen.getByRole('columnheader', { name: /Price/ }));
    await vi.waitFor(() => expect(urls(fetch).at(-1)).toBe('/api/orders?page=1&perPage=20&sort=price&order=asc'));
    await vi.waitFor(() => expect(location()).toContain('currentPage=1'));
    expect(location()).toContain('sorters[0][field]=price');
  });

  it('turns the page in a default order no column shows (employees by last name): the order stays, the page is the one clicked', async () => {
    const people = {
      data: [{ id: 1, name: 'Anna', last_name: 'Berg', full_name: 'Anna Berg' }],
      pagination: { total: 50, currentPage: 1, perPage: 10, lastPage: 5 },
    };
    const fetch = stubFetch(() => json(people));
    renderWithRefine(<CrudList resource={resourceByName('employees')} params={{ companyId: '1' }} />);
    expect(await screen.findByText('Anna Berg')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-pagination-item-3')!);
    await vi.waitFor(() => expect(urls(fetch).at(-1)).toMatch(/[?&]page=3&perPage=10&sort=last_name&order=asc/));
  });

  it('lets a wider screen type the page to go to, and draws the pages small on one line on a phone', async () => {
    const fetch = stubFetch(() => json(orderRows(300)));
    renderWithRefine(<CrudListPage resource="orders" titleKey="pages.orders" />, { path: '/' });
    await screen.findByText('Acme GmbH');
    const jumper = document.querySelector('.ant-pagination-options-quick-jumper input') as HTMLInputElement;
    fireEvent.change(jumper, { target: { value: '7' } });
    fireEvent.keyUp(jumper, { key: 'Enter', keyCode: 13 });
    await vi.waitFor(() => expect(urls(fetch).at(-1)).toBe('/api/orders?page=7&perPage=10&sort=loading_date&order=desc'));
    cleanup();
    const viewport = (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM;
    act(() => viewport.setViewport({ width: 390, height: 800 }));
    try {
      renderWithRefine(<CrudListPage resource="orders" titleKey="pages.orders" />, { path: '/' });
      await screen.findByText('Acme GmbH');
      expect(document.querySelector('.ant-pagination-options-quick-jumper')).toBeNull();
      expect(document.querySelector('.ant-pagination-mini')).not.toBeNull();
    } finally {
      act(() => viewport.setViewport({ width: 1024, height: 800 }));
    }
  });

  it('says "more than" the total when the server counted a search only up to its cap', async () => {
    stubFetch(() => json({ ...orderRows(10_000), pagination: { ...orderRows(10_000).pagination, totalCapped: true } }));
    renderWithRefine(<CrudListPage resource="orders" titleKey="pages.orders" />, {
      entries: [`/${tableQuery({ filters: [['search', 'contains', 'a']] })}`],
      path: '/',
    });
    expect(await screen.findByText('Acme GmbH')).toBeTruthy();
    expect(screen.getByText('More than 10,000: narrow the search to see all')).toBeTruthy();
    cleanup();
    stubFetch(() => json(orderRows(100)));
    renderWithRefine(<CrudListPage resource="orders" titleKey="pages.orders" />, { entries: ['/'], path: '/' });
    expect(await screen.findByText('100 in total')).toBeTruthy();
  });

  it('writes a new page and a new filter back to the URL, a filter starting from the first page', async () => {
    const fetch = stubFetch(() => json(orderRows(100)));
    renderWithRefine(<CrudListPage resource="orders" titleKey="pages.orders" />, { path: '/' });
    await screen.findByText('Acme GmbH');
    // A fresh list asks for its first page with the default sort, as the boot module does.
    expect(urls(fetch)[0]).toBe('/api/orders?page=1&perPage=10&sort=loading_date&order=desc');
    fireEvent.click(document.querySelector('.ant-pagination-item-3')!);
    await vi.waitFor(() => expect(location()).toContain('currentPage=3'));
    expect(location()).toContain('sorters[0][field]=loading_date');
    // The request follows the URL's change (the HTTP client's interceptors run first): waited for.
    await vi.waitFor(() => expect(urls(fetch).at(-1)).toBe('/api/orders?page=3&perPage=10&sort=loading_date&order=desc'));
    fireEvent.change(screen.getByTestId('filter-customer'), { target: { value: 'Acme' } });
    await vi.waitFor(() => expect(location()).toContain('filters[0][field]=customer&filters[0][operator]=eq&filters[0][value]=Acme'));
    expect(location()).toContain('currentPage=1');
    await vi.waitFor(() => expect(urls(fetch).at(-1)).toBe('/api/orders?page=1&perPage=10&sort=loading_date&order=desc&customer=Acme'));
  });

  it('goes back through the pages and filters the member chose with Back, and forward again, a correction no entry of its own', async () => {
    const fetch = stubFetch(() => json(orderRows(100)));
    const { router } = renderWithRefine(<CrudListPage resource="orders" titleKey="pages.orders" />, { path: '/' });
    await screen.findByText('Acme GmbH');
    // The defaults written into the bare address replace it: Back from here would leave the list.
    await vi.waitFor(() => expect(location()).toContain('currentPage=1'));
    fireEvent.click(document.querySelector('.ant-pagination-item-3')!);
    await vi.waitFor(() => expect(location()).toContain('currentPage=3'));
    fireEvent.change(screen.getByTestId('filter-customer'), { target: { value: 'Acme' } });
    await vi.waitFor(() => expect(location()).toContain('filters[0][value]=Acme'));
    await vi.waitFor(() => expect(urls(fetch).at(-1)).toBe('/api/orders?page=1&perPage=10&sort=loading_date&order=desc&customer=Acme'));

    await act(() => router.navigate(-1));
    await vi.waitFor(() => expect(location()).toContain('currentPage=3'));
    expect(location()).not.toContain('filters');
    await vi.waitFor(() => expect(urls(fetch).at(-1)).toBe('/api/orders?page=3&perPage=10&sort=loading_date&order=desc'));
    expect(screen.getByTestId('filter-customer')).toHaveProperty('value', '');
    // The table shows page 3 and keeps the address as it is (nothing written over the entry Back led to).
    expect(document.querySelector('.ant-pagination-item-active')?.textContent).toBe('3');

    await act(() => router.navigate(-1));
    await vi.waitFor(() => expect(location()).toContain('currentPage=1'));
    await vi.waitFor(() => expect(urls(fetch).at(-1)).toBe('/api/orders?page=1&perPage=10&sort=loading_date&order=desc'));

    await act(() => router.navigate(1));
    await act(() => router.navigate(1));
    await vi.waitFor(() => expect(location()).toContain('filters[0][value]=Acme'));
    await vi.waitFor(() => expect(urls(fetch).at(-1)).toBe('/api/orders?page=1&perPage=10&sort=loading_date&order=desc&customer=Acme'));
    expect(screen.getByTestId('filter-customer')).toHaveProperty('value', 'Acme');
  });

  it("starts afresh when its own address is opened without a query (the page's sidebar entry)", async () => {
    const fetch = stubFetch(() => json(orderRows(100)));
    const query = tableQuery({ page: 3, pageSize: 10, sort: ['price', 'asc'], filters: [['customer', 'eq', 'Acme']] });
    renderWithRefine(
      <>
        <Link to="/">Sidebar: orders</Link>
        <CrudListPage resource="orders" titleKey="pages.orders" />
      </>,
      { entries: [`/${query}`], path: '/' },
    );
    await screen.findByText('Acme GmbH');
    fireEvent.click(screen.getByRole('link', { name: 'Sidebar: orders' }));
    await vi.waitFor(() => expect(urls(fetch).at(-1)).toBe('/api/orders?page=1&perPage=10&sort=loading_date&order=desc'));
    await vi.waitFor(() => expect(location()).toContain('currentPage=1'));
    expect(location()).not.toContain('Acme');
    expect(screen.getByTestId<HTMLInputElement>('filter-customer').value).toBe('');
  });

  it('says the list is empty only once its page has come, not while it loads', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderWithRefine(<CrudListPage resource="orders" titleKey="pages.orders" />, { entries: ['/'], path: '/' });
    await screen.findByTestId('crud-list-loading');
    expect(screen.queryByText('No orders yet')).toBeNull();
    answer(json(page([])));
    await screen.findByText('No orders yet');
    expect(screen.queryByTestId('crud-list-loading')).toBeNull();
  });

  it('offers to clear the filters and search of a list filtered to nothing, and then asks for the whole list', async () => {
    const fetch = stubFetch(() => json(page([])));
    const query = tableQuery({
      filters: [
        ['customer', 'eq', 'Nobody'],
        ['search', 'contains', 'zzz'],
      ],
    });
    renderWithRefine(<CrudListPage resource="orders" titleKey="pages.orders" />, { entries: [`/${query}`], path: '/' });
    fireEvent.click(await screen.findByTestId('crud-clear-filters'));
    await vi.waitFor(() => expect(urls(fetch).at(-1)).toBe('/api/orders?page=1&perPage=10&sort=loading_date&order=desc'));
    await screen.findByText('No orders yet');
    expect(screen.queryByTestId('crud-clear-filters')).toBeNull();
    expect(location()).not.toContain('Nobody');
  });

  it('corrects a link with a page size, sort or filter the list does not offer before asking the server', async () => {
    const fetch = stubFetch(() => json(page([])));
    const query = tableQuery({ page: 2, pageSize: 15, sort: ['nope', 'asc'], filters: [['unknown', 'eq', '1']] });
    renderWithRefine(<CrudListPage resource="orders" titleKey="pages.orders" />, { entries: [`/${query}`], path: '/' });
    await screen.findByText('No orders yet');
    expect(urls(fetch)).toEqual(['/api/orders?page=2&perPage=10&sort=loading_date&order=desc']);
    expect(location()).not.toContain('unknown');
  });

  it.each([['-5'], ['abc'], ['0']])('asks for page 1 for a page number %s in the URL', async (number) => {
    const fetch = stubFetch(() => json(page([])));
    renderWithRefine(<CrudListPage resource="orders" titleKey="pages.orders" />, { entries: [`/?currentPage=${number}&pageSize=10`], path: '/' });
    await screen.findByText('No orders yet');
    expect(urls(fetch)).toEqual(['/api/orders?page=1&perPage=10&sort=loading_date&order=desc']);
  });

  it('drops a filter value its field cannot take (a price of letters, the 99th month) and keeps the others', async () => {
    const fetch = stubFetch(() => json(page([])));
    const query = tableQuery({
      filters: [
        ['price', 'gte', 'notanumber'],
        ['loading_date', 'gte', '2026-99-99'],
        ['customer', 'eq', 'Acme'],
      ],
    });
    renderWithRefine(<CrudListPage resource="orders" titleKey="pages.orders" />, { entries: [`/${query}`], path: '/' });
    await vi.waitFor(() => expect(urls(fetch).length).toBeGreaterThan(0));
    expect(urls(fetch)).toEqual(['/api/orders?page=1&perPage=10&sort=loading_date&order=desc&customer=Acme']);
    expect(location()).not.toContain('notanumber');
  });

  it('drops a fraction where the field holds whole numbers (a year of 2020.5), which the server would refuse', async () => {
    const fetch = stubFetch(() => json(page([])));
    const query = tableQuery({
      filters: [
        ['year_of_production', 'gte', '2020.5'],
        ['year_of_production', 'lte', '2024'],
      ],
    });
    renderWithRefine(<CrudListPage resource="transport" titleKey="pages.transport" />, { entries: [`/transport${query}`], path: '/transport' });
    await vi.waitFor(() => expect(urls(fetch).some((url) => url.startsWith('/api/transport?'))).toBe(true));
    const asked = urls(fetch).filter((url) => url.startsWith('/api/transport?'));
    expect(asked.at(-1)).toContain('year_of_production_to=2024');
    expect(asked.every((url) => !url.includes('2020.5'))).toBe(true);
  });

  it('turns a page past the end (an old bookmark) to the last page there is', async () => {
    const fetch = stubFetch((url) =>
      json({
        data: url.includes('page=30') ? [{ _id: 'a1', cargo_number: 'C-300', customer: 'Last GmbH' }] : [],
        pagination: { total: 300, currentPage: url.includes('page=30') ? 30 : 999, perPage: 10, lastPage: 30 },
      }),
    );
    renderWithRefine(<CrudListPage resource="orders" titleKey="pages.orders" />, { entries: ['/?currentPage=999&pageSize=10'], path: '/' });
    expect(await screen.findByText('Last GmbH')).toBeTruthy();
    expect(urls(fetch)[0]).toContain('page=999');
    expect(urls(fetch).at(-1)).toContain('page=30');
    await vi.waitFor(() => expect(location()).toContain('currentPage=30'));
  });

  it('keeps a list in a tab of a show page out of the URL', async () => {
    stubFetch(() => json(page([])));
    renderWithRefine(<CrudList resource={resourceByName('company-banks')} params={{ companyId: '7' }} />, { entries: ['/companies/7?tab=company-banks'] });
    await screen.findByTestId('crud-list-company-banks');
    await vi.waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    expect(location()).toBe('/companies/7?tab=company-banks');
  });
});

describe('search-first list (/order-search)', () => {
  it('shows the search and filters first, starts from the URL query and writes changes back to it', async () => {
    const fetch = stubFetch(() => json(page([{ _id: 'a1', cargo_number: 'C-100', customer: 'Acme GmbH' }])));
    const query = tableQuery({
      filters: [
        ['search', 'contains', 'C-100'],
        ['customer', 'eq', 'Acme'],
      ],
    });
    renderWithRefine(<CrudListPage resource="orders" titleKey="pages.orderSearch" searchFirst />, {
      entries: [`/order-search${query}`],
      path: '/order-search',
    });
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
    await vi.waitFor(() => expect(location()).toContain('filters[0][field]=search&filters[0][operator]=contains&filters[0][value]=C-200'));
    expect(location()).toContain('filters[1][field]=customer');
    await vi.waitFor(() => expect(urls(fetch).at(-1)).toContain('search=C-200&customer=Acme'));
  }, 20000);
});

describe('a searched text in the URL', () => {
  it('is written encoded and comes back exactly as typed: a "#", "&", "+" or "%" of a board name or note', async () => {
    const typed = 'DAF #011 A&B+c 100%';
    stubFetch(() => json(page([{ _id: 'a1', cargo_number: 'C-100', customer: 'Acme GmbH' }])));
    renderWithRefine(<CrudListPage resource="orders" titleKey="pages.orderSearch" searchFirst />, { entries: ['/order-search'], path: '/order-search' });
    const box = await screen.findByTestId('crud-search');
    const input = (box.tagName === 'INPUT' ? box : box.querySelector('input')!) as HTMLInputElement;
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const raw = () => screen.getByTestId('location').textContent ?? '';
    await vi.waitFor(() => expect(raw()).toContain(`filters[0][value]=${encodeURIComponent(typed)}`));
    const address = raw();
    cleanup();

    // The address opened again (a reload, a link sent on): the same search, not the text up to the "#" or "&".
    const fetch = stubFetch(() => json(page([])));
    renderWithRefine(<CrudListPage resource="orders" titleKey="pages.orderSearch" searchFirst />, { entries: [address], path: '/order-search' });
    const again = await screen.findByTestId('crud-search');
    expect(((again.tagName === 'INPUT' ? again : again.querySelector('input')!) as HTMLInputElement).value).toBe(typed);
    await vi.waitFor(() => expect(new URLSearchParams(urls(fetch).at(-1)?.split('?')[1]).get('search')).toBe(typed));
  }, 20000);
});

describe('page sections (fuel cards and suppliers)', () => {
  it('shows the cards list and the suppliers list in tabs of the same page, the open tab in the URL', async () => {
    const fetch = stubFetch((url) => json(page(url.includes('/suppliers') ? [{ id: 2, name: 'Shell Fleet' }] : [])));
    renderWithRefine(<CrudListPage resource="cards" titleKey="pages.fuelCards" />, { entries: ['/maintenance-fuel-cards'], path: '/maintenance-fuel-cards' });
    expect(resourceByName('cards').sections).toEqual(['suppliers']);
    expect(await screen.findByTestId('crud-list-cards')).toBeTruthy();
    expect(urls(fetch)[0]).toMatch(/^\/api\/transport\/cards\?/);
    await vi.waitFor(() => expect(location()).toContain('sorters[0][field]=expires_at'));
    fireEvent.click(screen.getByRole('tab', { name: 'Suppliers' }));
    expect(await screen.findByText('Shell Fleet')).toBeTruthy();
    expect(screen.getByTestId('crud-list-suppliers')).toBeTruthy();
    expect(urls(fetch).some((url) => url.startsWith('/api/transport/cards/suppliers?'))).toBe(true);
    // The suppliers' own state, not the cards' sort left behind.
    await vi.waitFor(() => expect(location()).toMatch(/^\/maintenance-fuel-cards\?tab=suppliers&.*sorters\[0\]\[field\]=name/));
    expect(location()).not.toContain('expires_at');
  });

  it('opens the tab the URL names', async () => {
    stubFetch((url) => json(page(url.includes('/suppliers') ? [{ id: 2, name: 'Shell Fleet' }] : [])));
    renderWithRefine(<CrudListPage resource="cards" titleKey="pages.fuelCards" />, {
      entries: ['/maintenance-fuel-cards?tab=suppliers'],
      path: '/maintenance-fuel-cards',
    });
    expect(await screen.findByText('Shell Fleet')).toBeTruthy();
    expect(screen.queryByTestId('crud-list-cards')).toBeNull();
  });

  it('leaves a resource without sections as a single list', async () => {
    stubFetch(() => json(page([])));
    renderWithRefine(<CrudListPage resource="companies" titleKey="pages.companies" />, { entries: ['/companies'], path: '/companies' });
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

  const showPage = (entry: string | { pathname: string; search?: string; state?: unknown }) =>
    renderWithRefine(<CrudShowPage resource="employees" titleKey="pages.employee" />, { entries: [entry], path: '/personal-main/employee/:userId' });

  it('reads the record through show with the parameter of the URL query', async () => {
    const fetch = stubFetch((url) => (url.includes('/show/') ? json({ data: employee }) : json(page([]))));
    showPage('/personal-main/employee/12?companyId=7');
    expect(await screen.findByTestId('crud-show-employees')).toBeTruthy();
    expect(urls(fetch)[0]).toBe('/api/employees/7/show/12');
    expect(urls(fetch).some((url) => url.startsWith('/api/employees?'))).toBe(false);
  });

  it('reads the record through show with the parameters of the row handed over by the list', async () => {
    const fetch = stubFetch((url) => (url.includes('/show/') ? json({ data: employee }) : json(page([]))));
    showPage({ pathname: '/personal-main/employee/12', state: { record: employee } });
    expect(await screen.findByTestId('crud-show-employees')).toBeTruthy();
    expect(urls(fetch)[0]).toBe('/api/employees/7/show/12');
  });

  it('opens /personal-main/employee/12 directly: finds the record through the list, then reads it through show', async () => {
    const fetch = stubFetch((url) =>
      url.startsWith('/api/employees?') ? json(page([{ ...employee, id: 11 }, employee], 2)) : json({ data: { ...employee, email: 'a@example.com' } }),
    );
    showPage('/personal-main/employee/12');
    expect(await screen.findByTestId('crud-show-employees')).toBeTruthy();
    expect(screen.getAllByText(/Kowalska/).length).toBeGreaterThan(0);
    expect(screen.getByText('a@example.com')).toBeTruthy();
    expect(urls(fetch).slice(0, 2)).toEqual(['/api/employees?page=1&perPage=100', '/api/employees/7/show/12']);
  });

  it('looks further than the first page of the list', async () => {
    const others = Array.from({ length: 100 }, (_, index) => ({ ...employee, id: 100 + index }));
    const fetch = stubFetch((url) =>
      url.startsWith('/api/employees?page=1&')
        ? json(page(others, 150))
        : url.startsWith('/api/employees?page=2&')
          ? json(page([employee], 150))
          : json({ data: employee }),
    );
    showPage('/personal-main/employee/12');
    expect(await screen.findByTestId('crud-show-employees')).toBeTruthy();
    expect(urls(fetch).slice(0, 3)).toEqual(['/api/employees?page=1&perPage=100', '/api/employees?page=2&perPage=100', '/api/employees/7/show/12']);
  });

  it('says the record is not found when the list has no such record', async () => {
    stubFetch(() => json(page([{ ...employee, id: 11 }])));
    showPage('/personal-main/employee/12');
    expect(await screen.findByText('Not found')).toBeTruthy();
    // No dead end: a way back to the list.
    expect(screen.getByTestId('missing-back-to-list').closest('a')?.getAttribute('href')).toBe('/personal-main');
  });
});

describe('show page tabs in the URL', () => {
  const company = { id: 7, name: 'Acme', main: true, version: 1 };
  const serve = () =>
    stubFetch((url) =>
      url.includes('/show/') ? json({ data: company }) : json(page(url.includes('/banks') ? [{ id: 3, companyId: 7, account_name: 'Main' }] : [])),
    );

  it('writes the open tab into the URL, keeping the rest of the query', async () => {
    serve();
    renderWithRefine(<CrudShowPage resource="companies" titleKey="pages.company" />, { entries: ['/companies/7?x=1'], path: '/companies/:id' });
    await screen.findByTestId('crud-show-companies');
    fireEvent.click(screen.getByRole('tab', { name: 'Bank accounts' }));
    expect(await screen.findByText('Main')).toBeTruthy();
    expect(location()).toBe('/companies/7?x=1&tab=company-banks');
    fireEvent.click(screen.getByRole('tab', { name: 'General info' }));
    await vi.waitFor(() => expect(location()).toBe('/companies/7?x=1'));
  });

  it('opens the tab the URL names (a reload, a link)', async () => {
    const fetch = serve();
    renderWithRefine(<CrudShowPage resource="companies" titleKey="pages.company" />, { entries: ['/companies/7?tab=company-banks'], path: '/companies/:id' });
    expect(await screen.findByText('Main')).toBeTruthy();
    expect(urls(fetch)).toContain('/api/7/banks?page=1&perPage=10');
  });
});

describe('a member who may only view a resource without pages of its records (orders)', () => {
  const order = { _id: 12, cargo_number: 'CRG-12', customer: 'Danube Steel', loading_date: '2026-12-01', notes: 'Ramp 4, call before', price: 900 };

  it('reads a record’s every field in a dialog, with no edit or delete', async () => {
    signInForTest({ administrator: false, is_owner: false, permissions: ['orders.view'] });
    stubFetch(() => json(page([order])));
    renderWithRefine(<CrudList resource={resourceByName('orders')} />);
    fireEvent.click(await screen.findByTestId('read-12'));
    const details = await screen.findByTestId('crud-show-orders');
    expect(details.textContent).toContain('Ramp 4, call before');
    expect(screen.queryByTestId('edit-12')).toBeNull();
    expect(screen.queryByTestId('delete-12')).toBeNull();
    fireEvent.click(screen.getByTestId('record-details-close'));
    await vi.waitFor(() => expect(screen.queryByTestId('crud-show-orders')).toBeNull());
  });

  it('goes with its page on Back, as a form dialog without changes does', async () => {
    signInForTest({ administrator: false, is_owner: false, permissions: ['orders.view'] });
    stubFetch(() => json(page([order])));
    const { router } = renderWithRefine(<CrudList resource={resourceByName('orders')} />, {
      entries: ['/orders?currentPage=1', '/orders?currentPage=2'],
      path: '/orders',
    });
    fireEvent.click(await screen.findByTestId('read-12'));
    await screen.findByTestId('crud-show-orders');
    await act(() => router.navigate(-1));
    await vi.waitFor(() => expect(screen.queryByTestId('crud-show-orders')).toBeNull());
  });

  it('is not offered to a member who may edit: the form shows every field', async () => {
    signInForTest();
    stubFetch(() => json(page([order])));
    renderWithRefine(<CrudList resource={resourceByName('orders')} />);
    expect(await screen.findByTestId('edit-12')).toBeTruthy();
    expect(screen.queryByTestId('read-12')).toBeNull();
  });
});

describe('a stale save (409)', () => {
  const bank = { id: 3, companyId: 7, account_name: 'Main', bank_name: 'Bank', iban: 'DE89370400440532013000', currency: 'EUR', version: 4 };

  it('shows the conflict message, reloads the latest version into the form with the member’s own changes over it, and saves with it next time', async () => {
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
    renderWithRefine(
      <CrudForm resource={resourceByName('company-banks')} mode="edit" open record={bank} params={{ companyId: '7' }} onClose={vi.fn()} onSaved={onSaved} />,
    );
    // The member's own change, which the conflict must not throw away.
    fireEvent.change(document.getElementById('company-banks-edit_account_name') as HTMLInputElement, { target: { value: 'Salaries' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('crud-conflict')).textContent).toContain('Someone else has changed this record meanwhile');
    // The banner says what to do; the server's "reload and try again" is not toasted beside it.
    expect(vi.mocked(toast).mock.calls.filter(([type]) => type === 'error')).toEqual([]);
    await vi.waitFor(() => expect((document.getElementById('company-banks-edit_bank_name') as HTMLInputElement).value).toBe('Sparkasse'));
    expect((document.getElementById('company-banks-edit_account_name') as HTMLInputElement).value).toBe('Salaries');
    expect(urls(fetch)).toContain('/api/7/banks?page=1&perPage=100');
    expect(onSaved).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const second = fetch.mock.calls.filter((call) => call[1]?.method === 'PUT')[1];
    expect(JSON.parse(second[1].body as string)).toMatchObject({ account_name: 'Salaries', bank_name: 'Sparkasse', version: 6 });
    expect(screen.queryByTestId('crud-conflict')).toBeNull();
  });
});

describe('a stale save where both changed the same field', () => {
  const bank = { id: 3, companyId: 7, account_name: 'Main', bank_name: 'Bank', iban: 'DE89370400440532013000', currency: 'EUR', version: 4 };

  it('names the field with the value the other saved, by the Save button, scrolled into view', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    stubFetch((_url, init) =>
      init.method === 'PUT'
        ? json({ message: 'The record was changed by someone else' }, 409)
        : json(page([{ ...bank, account_name: 'Payroll', bank_name: 'Sparkasse', version: 6 }])),
    );
    renderWithRefine(<CrudForm resource={resourceByName('company-banks')} mode="edit" open record={bank} params={{ companyId: '7' }} onClose={vi.fn()} />);
    fireEvent.change(document.getElementById('company-banks-edit_account_name') as HTMLInputElement, { target: { value: 'Salaries' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const clash = await screen.findByTestId('crud-conflict-clash-account_name');
    expect(clash.textContent).toContain('Payroll');
    // Only the field both changed: the other's bank name is simply in the form.
    expect(screen.getByTestId('crud-conflict-clashes').querySelectorAll('li')).toHaveLength(1);
    expect((document.getElementById('company-banks-edit_account_name') as HTMLInputElement).value).toBe('Salaries');
    expect((document.getElementById('company-banks-edit_bank_name') as HTMLInputElement).value).toBe('Sparkasse');
    // Where the member clicked: just before Save, and brought into view.
    const warning = screen.getByTestId('crud-conflict');
    expect(warning.compareDocumentPosition(screen.getByTestId('crud-form-save')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(scrolled).toHaveBeenCalled();
  });
});

describe('a save of a record deleted meanwhile (404)', () => {
  const bank = { id: 3, companyId: 7, account_name: 'Main', bank_name: 'Bank', iban: 'DE89370400440532013000', currency: 'EUR', version: 4 };

  it('says it was deleted by someone else, keeps what was typed, and saves no more', async () => {
    stubFetch((_url, init) => (init.method === 'PUT' ? json({ message: 'Not found' }, 404) : json(page([]))));
    const onClose = vi.fn();
    renderWithRefine(<CrudForm resource={resourceByName('company-banks')} mode="edit" open record={bank} params={{ companyId: '7' }} onClose={onClose} />);
    const name = document.getElementById('company-banks-edit_account_name') as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Salaries' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('crud-gone')).textContent).toContain('deleted by someone else');
    expect(vi.mocked(toast).mock.calls.filter(([type]) => type === 'error')).toEqual([]);
    expect(name.value).toBe('Salaries');
    expect(screen.getByTestId<HTMLButtonElement>('crud-form-save').disabled).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('a list that edits in place', () => {
  const addresses = resourceByName('addresses');
  const row = { id: 4, type: 'registration', country: 'DE', city: 'Berlin', street: 'Hauptstraße', house: '5', version: 2, employee_id: 9 };

  it('opens a row’s form under the row and a new record’s form above the rows, without a dialog', async () => {
    stubFetch(() => json(page([row])));
    renderWithRefine(<CrudList resource={addresses} params={{ employeeId: '9' }} editInPlace />);
    await screen.findByText('Berlin');
    fireEvent.click(screen.getByTestId('edit-4'));
    const form = await screen.findByTestId('crud-in-place-edit-addresses');
    expect(form.closest('tr')?.previousElementSibling?.textContent).toContain('Berlin');
    expect(document.querySelector('.ant-modal')).toBeNull();
    fireEvent.click(await screen.findByTestId('crud-form-cancel'));
    await vi.waitFor(() => expect(screen.queryByTestId('crud-in-place-edit-addresses')).toBeNull());
    fireEvent.click(screen.getByTestId('crud-create'));
    expect(await screen.findByTestId('crud-in-place-create-addresses')).toBeTruthy();
    expect(document.querySelector('.ant-modal')).toBeNull();
  });
});
