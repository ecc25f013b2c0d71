/** The departments screen: a tab per department, adding one, its head and its members. */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInForTest, signOutForTest } from '../../access/test-session';
import { json, stubFetch } from '../../crud/test-fetch';
import { renderWithRefine } from '../../crud/test-support';
import { initTestI18n } from '../../i18n/test-i18n';
import { toast } from '../../providers/toast';
import { DepartmentsPage } from './departments-page';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
  signOutForTest();
});

const list = (data: unknown[]) => ({ data, pagination: { total: data.length, currentPage: 1, perPage: 100, lastPage: 1 } });
const members = [
  { id: 1, name: 'Anna', last_name: 'Kowalska', job_position: 'Owner' },
  { id: 2, name: 'Jonas', last_name: 'Berger', job_position: 'Dispatcher' },
  { id: 3, name: 'Maria', last_name: 'Rossi', job_position: 'Mechanic' },
];

function server(departments: Array<Record<string, unknown>>) {
  const records = departments.map((department) => ({ ...department }));
  return stubFetch((url, init) => {
    if (url.startsWith('/api/users')) return json(list(members));
    if (url.startsWith('/api/departments/store')) {
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      // A name the account holds already (`x-unique`), as the server refuses it.
      if (records.some((record) => record.name === body.name))
        return json({ message: 'The given data was invalid.', errors: { name: ['This value is already in use'] } }, 422);
      const created = { id: 9, head_id: null, members: [], version: 1, ...body };
      records.push(created);
      return json({ message: 'Created successfully!', data: created }, 201);
    }
    const update = url.match(/^\/api\/departments\/update\/(\d+)$/);
    if (update) {
      const record = records.find((candidate) => candidate.id === Number(update[1]))!;
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      Object.assign(record, body, { version: Number(record.version) + 1 });
      return json({ message: 'Updated successfully!', data: record });
    }
    const destroy = url.match(/^\/api\/departments\/destroy\/(\d+)$/);
    if (destroy) {
      records.splice(
        records.findIndex((candidate) => candidate.id === Number(destroy[1])),
        1,
      );
      return json({ message: 'Deleted successfully!', data: null });
    }
    return json(list(records));
  });
}

const bodyOf = (fetch: ReturnType<typeof stubFetch>, method: string) => {
  const call = fetch.mock.calls.filter((candidate) => candidate[1]?.method === method).at(-1)!;
  return { url: String(call[0]), body: call[1].body ? (JSON.parse(call[1].body as string) as unknown) : undefined };
};

async function choose(label: string, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: option.split(' ')[0] } });
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

describe('the departments screen', () => {
  it('shows a tab per department with its head and members', async () => {
    signInForTest();
    server([
      { id: 1, name: 'Dispatch', head_id: 2, members: [2, 3], version: 1 },
      { id: 2, name: 'Workshop', head_id: null, members: [], version: 1 },
    ]);
    renderWithRefine(<DepartmentsPage />);
    expect(await screen.findByRole('tab', { name: 'Dispatch' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Workshop' })).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Departments');
    await vi.waitFor(() => expect(screen.getByTestId('department-1-head').textContent).toBe('Jonas Berger'));
    const list = screen.getByTestId('department-1-members');
    expect(within(list).getByText('Maria Rossi')).toBeTruthy();
    expect(within(list).getByText('Mechanic')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Workshop' }));
    expect((await screen.findByTestId('department-2-head')).textContent).toBe('No head assigned');
    expect(screen.getByText('No members in this department yet')).toBeTruthy();
  });

  it('keeps the open department in the address, so a reload or a link opens it again', async () => {
    signInForTest();
    server([
      { id: 1, name: 'Dispatch', head_id: 2, members: [2, 3], version: 1 },
      { id: 2, name: 'Workshop', head_id: null, members: [], version: 1 },
    ]);
    renderWithRefine(<DepartmentsPage />, { entries: ['/personal-departments?tab=2'] });
    const workshop = await screen.findByRole('tab', { name: 'Workshop' });
    expect(workshop.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Dispatch' }));
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/personal-departments'));
    fireEvent.click(workshop);
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/personal-departments?tab=2'));
  });

  it('adds a department from the "+" button and opens its tab', async () => {
    signInForTest();
    const fetch = server([{ id: 1, name: 'Dispatch', head_id: null, members: [], version: 1 }]);
    renderWithRefine(<DepartmentsPage />);
    await screen.findByRole('tab', { name: 'Dispatch' });
    fireEvent.click(screen.getByRole('button', { name: /Add a department/ }));
    fireEvent.change(await screen.findByTestId('department-add-name'), { target: { value: 'Accounting' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('tab', { name: 'Accounting', selected: true })).toBeTruthy();
    expect(bodyOf(fetch, 'POST')).toEqual({ url: '/api/departments/store', body: { name: 'Accounting' } });
  });

  it('says under the name that a department of that name exists, keeping the dialog and the name typed', async () => {
    signInForTest();
    server([{ id: 1, name: 'Dispatch', head_id: null, members: [], version: 1 }]);
    renderWithRefine(<DepartmentsPage />);
    await screen.findByRole('tab', { name: 'Dispatch' });
    fireEvent.click(screen.getByRole('button', { name: /Add a department/ }));
    const name = await screen.findByTestId('department-add-name');
    fireEvent.change(name, { target: { value: 'Dispatch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This value is already in use')).toBeTruthy();
    expect((name as HTMLInputElement).value).toBe('Dispatch');
    expect(screen.getAllByRole('tab', { name: 'Dispatch' })).toHaveLength(1);
  });

  it('keeps a name pasted past 100 characters whole, says it is too long, and sends nothing', async () => {
    signInForTest();
    const fetch = server([{ id: 1, name: 'Dispatch', head_id: null, members: [], version: 1 }]);
    renderWithRefine(<DepartmentsPage />);
    await screen.findByRole('tab', { name: 'Dispatch' });
    fireEvent.click(screen.getByRole('button', { name: /Add a department/ }));
    const name = await screen.findByTestId<HTMLInputElement>('department-add-name');
    const pasted = 'International Road Freight Dispatch '.repeat(4);
    fireEvent.change(name, { target: { value: pasted } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at most 100 characters')).toBeTruthy();
    expect(name.value).toBe(pasted);
    expect(fetch.mock.calls.filter((call) => call[1]?.method === 'POST')).toEqual([]);
  });

  it('renames a department in place, with its version, keeping its head and members', async () => {
    signInForTest();
    const fetch = server([{ id: 1, name: 'Dispach', head_id: 1, members: [2], version: 3 }]);
    renderWithRefine(<DepartmentsPage />);
    await screen.findByTestId('department-1');
    fireEvent.click(screen.getByTestId('department-1-rename'));
    const name = await screen.findByTestId<HTMLInputElement>('department-add-name');
    expect(name.value).toBe('Dispach');
    fireEvent.change(name, { target: { value: 'Dispatch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(bodyOf(fetch, 'PUT')).toEqual({ url: '/api/departments/update/1', body: { name: 'Dispatch', version: 3 } }));
    expect(await screen.findByRole('tab', { name: 'Dispatch' })).toBeTruthy();
  });

  it("assigns and unassigns the head, and adds and removes members, with the record's version", async () => {
    signInForTest();
    const fetch = server([{ id: 1, name: 'Dispatch', head_id: null, members: [2], version: 4 }]);
    renderWithRefine(<DepartmentsPage />);
    await screen.findByTestId('department-1');
    await choose('Choose the head', 'Anna Kowalska');
    fireEvent.click(screen.getByRole('button', { name: 'Assign as head' }));
    await vi.waitFor(() => expect(screen.getByTestId('department-1-head').textContent).toBe('Anna Kowalska'));
    // Anna was not a member: she joins the department she heads, with the same save.
    expect(bodyOf(fetch, 'PUT')).toEqual({ url: '/api/departments/update/1', body: { head_id: 1, members: [2, 1], version: 4 } });

    fireEvent.click(screen.getByRole('button', { name: /Unassign/ }));
    await vi.waitFor(() => expect(screen.getByTestId('department-1-head').textContent).toBe('No head assigned'));
    expect(bodyOf(fetch, 'PUT').body).toEqual({ head_id: null, version: 5 });

    await choose('Choose a member', 'Maria Rossi');
    fireEvent.click(screen.getByRole('button', { name: /Add to department/ }));
    await vi.waitFor(() => expect(within(screen.getByTestId('department-1-members')).queryByText('Maria Rossi')).toBeTruthy());
    expect(bodyOf(fetch, 'PUT').body).toEqual({ members: [2, 1, 3], version: 6 });

    fireEvent.click(screen.getByRole('button', { name: 'Remove Jonas Berger from the department' }));
    await vi.waitFor(() => expect(within(screen.getByTestId('department-1-members')).queryByText('Jonas Berger')).toBeNull());
    expect(bodyOf(fetch, 'PUT').body).toEqual({ members: [1, 3], version: 7 });

    // A member made head: the members stay as they are.
    await choose('Choose the head', 'Anna Kowalska');
    fireEvent.click(screen.getByRole('button', { name: 'Assign as head' }));
    await vi.waitFor(() => expect(screen.getByTestId('department-1-head').textContent).toBe('Anna Kowalska'));
    expect(bodyOf(fetch, 'PUT').body).toEqual({ head_id: 1, version: 8 });

    // The head removed from the members is no longer head, in the same save.
    fireEvent.click(screen.getByRole('button', { name: 'Remove Anna Kowalska from the department' }));
    await vi.waitFor(() => expect(screen.getByTestId('department-1-head').textContent).toBe('No head assigned'));
    expect(bodyOf(fetch, 'PUT').body).toEqual({ members: [3], head_id: null, version: 9 });
  });

  it("after a change reads the departments and the members again and shows the server's message", async () => {
    signInForTest();
    const fetch = server([{ id: 1, name: 'Dispatch', head_id: null, members: [2], version: 1 }]);
    renderWithRefine(<DepartmentsPage />);
    await screen.findByTestId('department-1');
    const reads = (path: string) => fetch.mock.calls.filter((call) => String(call[0]).startsWith(path) && !call[1]?.method?.match(/PUT|POST|DELETE/)).length;
    await vi.waitFor(() => expect(reads('/api/users?')).toBe(1));
    expect(reads('/api/departments?')).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Jonas Berger from the department' }));
    await vi.waitFor(() => expect(reads('/api/users?')).toBe(2));
    expect(reads('/api/departments?')).toBe(2);
    expect(toast).toHaveBeenCalledWith('success', 'Updated successfully!', expect.objectContaining({}));
  });

  it('takes a deleted department out of the address, opening the one that remains', async () => {
    signInForTest();
    server([
      { id: 1, name: 'Dispatch', head_id: null, members: [], version: 1 },
      { id: 2, name: 'Workshop', head_id: null, members: [], version: 1 },
    ]);
    renderWithRefine(<DepartmentsPage />, { entries: ['/personal-departments?tab=2'] });
    fireEvent.click(await screen.findByTestId('department-2-delete'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/personal-departments'));
    expect(screen.getByRole('tab', { name: 'Dispatch' }).getAttribute('aria-selected')).toBe('true');
  });

  it('deletes a department after the confirmation and shows the empty state when none is left', async () => {
    signInForTest();
    const fetch = server([{ id: 1, name: 'Dispatch', head_id: null, members: [], version: 1 }]);
    renderWithRefine(<DepartmentsPage />);
    fireEvent.click(await screen.findByTestId('department-1-delete'));
    expect(await screen.findByText('Delete the department “Dispatch”?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('departments-empty')).toBeTruthy();
    expect(bodyOf(fetch, 'DELETE').url).toBe('/api/departments/destroy/1');
    expect(screen.getByText('No departments yet')).toBeTruthy();
  });

  it('offers a member who may only view neither adding nor changing nor deleting', async () => {
    signInForTest({ administrator: false, permissions: ['departments.view', 'users.view'] });
    server([{ id: 1, name: 'Dispatch', head_id: 2, members: [2], version: 1 }]);
    renderWithRefine(<DepartmentsPage />);
    await screen.findByTestId('department-1');
    expect(screen.queryByRole('button', { name: /Add a department/ })).toBeNull();
    expect(screen.queryByTestId('department-1-delete')).toBeNull();
    expect(screen.queryByTestId('department-1-unassign-head')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Choose a member' })).toBeNull();
  });
});
