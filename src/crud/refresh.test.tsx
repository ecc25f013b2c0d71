/**
 * Every view of a resource follows a change made anywhere (Refine invalidates the resource's lists,
 * records and labels after a create, update or delete), and a delete asks first. The fetch stub below
 * keeps the companies like the server would, so what each view shows is what it asked for again.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../resources';
import { CrudForm } from './crud-form';
import { CrudList } from './crud-list';
import { toast } from '../providers/toast';
import { CrudShowPage } from './pages';
import { json, stubFetch } from './test-fetch';
import { renderWithRefine, setUpScreenTests } from './test-support';

vi.mock('../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

setUpScreenTests();

type Company = { id: number; name: string; main: boolean; version: number };
let companies: Company[];
let fetch: ReturnType<typeof stubFetch>;

/** The companies endpoints over the `companies` array. */
function companiesServer() {
  return stubFetch((url, init) => {
    const id = Number(/\/(?:show|update|destroy)\/(\d+)/.exec(url)?.[1]);
    if (init.method === 'PUT') {
      const index = companies.findIndex((company) => company.id === id);
      companies[index] = { ...companies[index], ...(JSON.parse(init.body as string) as Partial<Company>), version: companies[index].version + 1 };
      return json({ message: 'Updated successfully!', data: companies[index] });
    }
    if (init.method === 'DELETE') {
      companies = companies.filter((company) => company.id !== id);
      return json({ message: 'Deleted successfully!' });
    }
    if (url.includes('/show/')) {
      const company = companies.find((item) => item.id === id);
      return company ? json({ data: company }) : json({ message: 'Not found' }, 404);
    }
    if (url.startsWith('/api/companies?')) return json({ data: companies, pagination: { total: companies.length, currentPage: 1, perPage: 10, lastPage: 1 } });
    return json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } });
  });
}

const requests = (method: string) => fetch.mock.calls.filter((call) => (call[1]?.method ?? 'GET') === method).map((call) => String(call[0]));

beforeEach(() => {
  companies = [
    { id: 5, name: 'Acme', main: true, version: 1 },
    { id: 6, name: 'Globex', main: false, version: 3 },
  ];
  fetch = companiesServer();
});

async function save(field: string, value: string) {
  const input = await vi.waitFor(() => {
    const element = document.getElementById(`companies-edit_${field}`);
    if (!element) throw new Error('no form yet');
    return element;
  });
  fireEvent.change(input, { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('after a save, every mounted view of the resource shows the new state', () => {
  it('a list of the resource shows a record saved by a form elsewhere on the page', async () => {
    const onClose = vi.fn();
    renderWithRefine(
      <>
        <CrudList resource={resourceByName('companies')} />
        <CrudForm resource={resourceByName('companies')} mode="edit" open record={companies[1]} onClose={onClose} />
      </>,
    );
    const list = await screen.findByTestId('crud-list-companies');
    expect(await within(list).findByText('Globex')).toBeTruthy();
    const listReads = requests('GET').length;
    await save('name', 'Initech');
    expect(await within(list).findByText('Initech')).toBeTruthy();
    expect(within(list).queryByText('Globex')).toBeNull();
    expect(requests('PUT')).toEqual(['/api/companies/update/6']);
    expect(requests('GET').length).toBeGreaterThan(listReads);
    expect(onClose).toHaveBeenCalled();
  });

  it('the show page shows the record saved in its edit dialog, and so does the list in the same tree', async () => {
    renderWithRefine(
      <>
        <CrudShowPage resource="companies" titleKey="pages.company" />
        <CrudList resource={resourceByName('companies')} />
      </>,
      { entries: ['/companies/6'], path: '/companies/:id' },
    );
    const show = await screen.findByTestId('crud-show-companies');
    expect(within(show).getByText('Globex')).toBeTruthy();
    fireEvent.click(screen.getByTestId('crud-show-edit'));
    await save('name', 'Initech');
    await vi.waitFor(() => expect(within(screen.getByTestId('crud-show-companies')).queryByText('Initech')).toBeTruthy());
    expect(await within(screen.getByTestId('crud-list-companies')).findByText('Initech')).toBeTruthy();
    // The record was asked for again after the save (Refine invalidated it), not patched from the answer alone.
    expect(requests('GET').filter((url) => url === '/api/companies/show/6').length).toBeGreaterThanOrEqual(2);
  });
});

describe('delete asks first', () => {
  it('on the show page: the question names the record; nothing is deleted before the confirmation; after it, the record goes, the page returns to the list, and only "Deleted" is said', async () => {
    vi.mocked(toast).mockClear();
    renderWithRefine(<CrudShowPage resource="companies" titleKey="pages.company" />, { entries: ['/companies/6'], path: '/companies/:id' });
    await screen.findByTestId('crud-show-companies');
    fireEvent.click(screen.getByTestId('crud-show-delete'));
    expect(await screen.findByText('Delete “Globex”?')).toBeTruthy();
    expect(requests('DELETE')).toEqual([]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    await vi.waitFor(() => expect(requests('DELETE')).toEqual(['/api/companies/destroy/6']));
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/companies'));
    // The page's record, read once more as Refine drops it, is gone: no "Not found" beside "Deleted".
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(vi.mocked(toast).mock.calls.map(([type, message]) => [type, message])).toEqual([['success', 'Deleted successfully!']]);
  });

  it('in a list: cancelling the confirmation deletes nothing; confirming removes the row from the list', async () => {
    renderWithRefine(<CrudList resource={resourceByName('companies')} />);
    const list = await screen.findByTestId('crud-list-companies');
    await within(list).findByText('Globex');
    fireEvent.click(screen.getByTestId('delete-6'));
    expect(await screen.findByText('Delete “Globex”?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(requests('DELETE')).toEqual([]);
    fireEvent.click(screen.getByTestId('delete-6'));
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    await vi.waitFor(() => expect(within(list).queryByText('Globex')).toBeNull());
    expect(requests('DELETE')).toEqual(['/api/companies/destroy/6']);
    expect(within(list).getByText('Acme')).toBeTruthy();
  });
});
