/**
 * Tabs by an enum field with counts (`listTabs`, HR main's categories): the open tab filters the list and
 * is in the URL, the counts follow the other filters, and moving a record to another tab asks first.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../resources';
import { CrudList } from './crud-list';
import { firstListRequest } from './list-state';
import { json, stubFetch } from './test-fetch';
import { renderWithRefine, setUpScreenTests } from './test-support';

vi.mock('../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

setUpScreenTests();

type Employee = { id: number; name: string; last_name: string; full_name: string; category: string; company_id: number; version: number };
let employees: Employee[];
let fetch: ReturnType<typeof stubFetch>;
const employeesResource = resourceByName('employees');

function person(id: number, name: string, category: string, company = 1): Employee {
  return { id, name, last_name: 'Berg', full_name: `${name} Berg`, category, company_id: company, version: 1 };
}

/** The employees endpoints over `employees`: the list filtered by category and company, the counts, updates. */
function employeesServer() {
  return stubFetch((url, init) => {
    const query = new URL(url, 'http://test').searchParams;
    const matches = (employee: Employee) => !query.get('company_id') || String(employee.company_id) === query.get('company_id');
    if (init.method === 'PUT') {
      const id = Number(/\/update\/(\d+)/.exec(url)?.[1]);
      const index = employees.findIndex((employee) => employee.id === id);
      employees[index] = { ...employees[index], ...(JSON.parse(init.body as string) as Partial<Employee>), version: employees[index].version + 1 };
      return json({ message: 'Updated successfully!', data: employees[index] });
    }
    if (url.startsWith('/api/employees/counts?')) {
      const counts: Record<string, number> = {};
      for (const employee of employees.filter(matches)) counts[employee.category] = (counts[employee.category] ?? 0) + 1;
      return json({ data: counts });
    }
    if (url.startsWith('/api/employees?')) {
      const rows = employees.filter((employee) => matches(employee) && (!query.get('category') || employee.category === query.get('category')));
      return json({ data: rows, pagination: { total: rows.length, currentPage: 1, perPage: 10, lastPage: 1 } });
    }
    return json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } });
  });
}

/** A tab's count as its badge states it (the badge's digits roll while a count changes). */
const countOf = (tab: string) => screen.getByTestId(`list-tab-count-${tab}`).querySelector('.ant-scroll-number')?.getAttribute('title');

const requests = (method: string) => fetch.mock.calls.filter((call) => (call[1]?.method ?? 'GET') === method).map((call) => String(call[0]));

beforeEach(() => {
  employees = [person(1, 'Anna', 'staff'), person(2, 'Ivan', 'staff', 2), person(3, 'Olga', 'contractors'), person(4, 'Petro', 'archive')];
  fetch = employeesServer();
});

describe('a list with tabs by an enum field', () => {
  it('opens on the field’s default tab, with every tab’s count, and asks for that tab’s rows first (as the boot module does)', async () => {
    renderWithRefine(<CrudList resource={employeesResource} syncWithLocation />, { entries: ['/personal-main'] });
    const list = await screen.findByTestId('crud-list-employees');
    expect(await within(list).findByText('Anna Berg')).toBeTruthy();
    expect(within(list).queryByText('Olga Berg')).toBeNull();
    await vi.waitFor(() => expect(countOf('staff')).toBe('2'));
    expect(countOf('contractors')).toBe('1');
    expect(countOf('in_waiting')).toBe('0');
    expect(screen.getByTestId('list-tab-staff').textContent).toContain('Employees');
    const listUrl = requests('GET').find((url) => url.startsWith('/api/employees?'));
    expect(listUrl).toContain('category=staff');
    expect(firstListRequest(employeesResource).filters).toEqual([{ field: 'category', operator: 'eq', value: 'staff' }]);
    // The tab's own field is not offered again in the filter bar.
    expect(screen.queryByTestId('filter-category')).toBeNull();
  });

  it('shows another tab’s rows when chosen, with the tab in the URL', async () => {
    renderWithRefine(<CrudList resource={employeesResource} syncWithLocation />, { entries: ['/personal-main'] });
    await screen.findByText('Anna Berg');
    fireEvent.click(screen.getByTestId('list-tab-contractors'));
    expect(await screen.findByText('Olga Berg')).toBeTruthy();
    expect(screen.queryByText('Anna Berg')).toBeNull();
    expect(decodeURIComponent(screen.getByTestId('location').textContent ?? '')).toContain('[value]=contractors');
  });

  it('opens on the default tab from an address with other parameters (a link with ?lng=uk), asking for no other rows', async () => {
    renderWithRefine(<CrudList resource={employeesResource} syncWithLocation />, { entries: ['/personal-main?lng=uk'] });
    const list = await screen.findByTestId('crud-list-employees');
    expect(await within(list).findByText('Anna Berg')).toBeTruthy();
    await vi.waitFor(() => expect(decodeURIComponent(screen.getByTestId('location').textContent ?? '')).toContain('[value]=staff'));
    // The tab's filter stays: the contractor is not listed, and no request went out without it.
    expect(within(list).queryByText('Olga Berg')).toBeNull();
    expect(requests('GET').filter((url) => url.startsWith('/api/employees?') && !url.includes('category=staff'))).toEqual([]);
  });

  it('opens on the tab the URL names', async () => {
    renderWithRefine(<CrudList resource={employeesResource} syncWithLocation />, {
      entries: ['/personal-main?filters[0][field]=category&filters[0][operator]=eq&filters[0][value]=archive'],
    });
    expect(await screen.findByText('Petro Berg')).toBeTruthy();
    expect(screen.queryByText('Anna Berg')).toBeNull();
  });

  it('counts under the list’s other filters, not under its own tab', async () => {
    renderWithRefine(<CrudList resource={employeesResource} syncWithLocation />, {
      entries: [
        '/personal-main?filters[0][field]=category&filters[0][operator]=eq&filters[0][value]=staff&filters[1][field]=company_id&filters[1][operator]=eq&filters[1][value]=2',
      ],
    });
    expect(await screen.findByText('Ivan Berg')).toBeTruthy();
    await vi.waitFor(() => expect(countOf('staff')).toBe('1'));
    expect(countOf('contractors')).toBe('0');
    const countsUrl = requests('GET').find((url) => url.startsWith('/api/employees/counts?'));
    expect(countsUrl).toContain('by=category');
    expect(countsUrl).toContain('company_id=2');
    expect(countsUrl).not.toContain('category=staff');
  });

  it('moves a record to another tab only after the confirmation, and the list and counts follow', async () => {
    renderWithRefine(<CrudList resource={employeesResource} syncWithLocation />, { entries: ['/personal-main'] });
    await screen.findByText('Anna Berg');
    screen.getByTestId('move-1').focus();
    fireEvent.click(screen.getByTestId('move-1'));
    const options = await screen.findByTestId('move-tab-options');
    expect(within(options).queryByText('Employees')).toBeNull(); // where it is now is not a choice
    fireEvent.click(within(options).getByText('Archive'));
    expect(screen.getByTestId('move-tab-question').textContent).toBe('Move Anna Berg from “Employees” to “Archive”?');
    expect(requests('PUT')).toEqual([]);
    fireEvent.click(screen.getByTestId('move-tab-ok'));
    await vi.waitFor(() => expect(requests('PUT')).toEqual(['/api/employees/1/update/1']));
    const body = JSON.parse(fetch.mock.calls.find((call) => call[1]?.method === 'PUT')![1].body as string) as Record<string, unknown>;
    expect(body).toEqual({ category: 'archive', version: 1 });
    await vi.waitFor(() => expect(screen.queryByText('Anna Berg')).toBeNull());
    await vi.waitFor(() => expect(countOf('archive')).toBe('2'));
    // The keyboard's place is the Move of the row that took the moved one's place, not the page's start.
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('data-testid')).toMatch(/^move-(?!1$)\d+$/));
  });

  it('is not drawn for a resource without listTabs', async () => {
    renderWithRefine(<CrudList resource={resourceByName('companies')} syncWithLocation />);
    await screen.findByTestId('crud-list-companies');
    expect(screen.queryByTestId('list-tabs-category')).toBeNull();
    expect(requests('GET').some((url) => url.includes('/counts'))).toBe(false);
  });
});
