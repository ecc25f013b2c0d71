/** What a member sees: the menu, the not-permitted page on a direct URL, buttons, tabs and masked fields. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../resources';
import { presetPermissions } from '../../resources/permissions';
import { CrudForm } from '../crud/crud-form';
import { CrudList } from '../crud/crud-list';
import { CrudListPage } from '../crud/pages';
import { json, stubFetch } from '../crud/test-fetch';
import { TestRefine } from '../crud/test-support';
import { initTestI18n } from '../i18n/test-i18n';
import { Sidebar } from '../layout/sidebar';
import { renderWithMenu } from '../layout/test-menu';
import { RequirePermission } from './require-permission';
import { sessionStore } from '../session/session-store';
import { signInForTest, signOutForTest } from './test-session';

vi.mock('../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

const page = (data: unknown[]) => ({ data, pagination: { total: data.length, currentPage: 1, perPage: 10, lastPage: 1 } });
const asDispatcher = () => signInForTest({ administrator: false, is_owner: false, permissions: presetPermissions('dispatcher') });

describe('the menu', () => {
  it('shows a Dispatcher orders and transport, but neither the HR entries nor the audit log', () => {
    asDispatcher();
    renderWithMenu(<Sidebar presentation="default" />);
    for (const entry of ['orders', 'order-search', 'transport', 'trailers', 'companies', 'management-personal'])
      expect(screen.queryByTestId(`menu-${entry}`), entry).toBeTruthy();
    for (const entry of ['personal-main', 'manage-documents', 'audit-log']) expect(screen.queryByTestId(`menu-${entry}`), entry).toBeNull();
  });

  it('drops a group whose entries are all out of reach', () => {
    signInForTest({ administrator: false, permissions: ['orders.view'] });
    renderWithMenu(<Sidebar presentation="default" />);
    expect(screen.getByTestId('menu-orders')).toBeTruthy();
    expect(screen.queryByTestId('menu-group-vehicles')).toBeNull();
    expect(screen.queryByTestId('menu-group-personal')).toBeNull();
  });

  it('shows an administrator every entry, the audit log included', () => {
    signInForTest();
    renderWithMenu(<Sidebar presentation="default" />);
    expect(screen.getByTestId('menu-audit-log')).toBeTruthy();
    expect(screen.getByTestId('menu-personal-main')).toBeTruthy();
  });
});

describe('a page opened by its URL', () => {
  // The not-permitted page reads the rights again: the server answers the session's own, unchanged.
  beforeEach(() => {
    stubFetch((url) => (url.endsWith('/api/profile/show') ? json({ data: sessionStore.getState().user }) : json({ data: [] })));
  });

  // Inside Refine with the app's menu: the way back leads to the first page of the menu the member may open.
  function open(path: string) {
    const guarded = (route: string, text: string) => <Route path={route} element={<RequirePermission path={route}>{<p>{text}</p>}</RequirePermission>} />;
    renderWithMenu(
      <Routes>
        {guarded('/personal-main', 'the employees')}
        {guarded('/', 'the orders')}
        {guarded('/compliance', 'the compliance page')}
        {guarded('/trailers', 'the trailers')}
      </Routes>,
      path,
    );
  }

  it('shows the not-permitted page, with a link home, to a member without the right', async () => {
    asDispatcher();
    open('/personal-main');
    const notPermitted = await screen.findByTestId('not-permitted-page');
    expect(notPermitted.textContent).toContain('You are not permitted to open this page');
    expect(screen.getByTestId('page-title').textContent).toBe('Not permitted');
    expect(screen.queryByText('the employees')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the start page' }));
    expect(await screen.findByText('the orders')).toBeTruthy();
  });

  it('reads the rights again on the not-permitted page, and opens the page once the right has been given back', async () => {
    asDispatcher();
    // Past the interval since any earlier refusal of this file's tests.
    const later = Date.now() + 3_600_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    const given = { id: 1, login: 'anna', administrator: false, is_owner: false, active: true, permissions: ['orders.view', 'employees.view'] };
    const fetch = stubFetch((url) => (url.endsWith('/api/profile/show') ? json({ data: given }) : json({ data: [] })));
    try {
      open('/personal-main');
      expect(await screen.findByText('the employees')).toBeTruthy();
      expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/profile/show'))).toBe(true);
    } finally {
      clock.mockRestore();
    }
  });

  it('takes a member who may not open the orders from the start page to the first page of the menu they may open', async () => {
    signInForTest({ administrator: false, is_owner: false, permissions: presetPermissions('hrManager') });
    open('/');
    expect(await screen.findByText('the compliance page')).toBeTruthy();
    expect(screen.queryByTestId('not-permitted-page')).toBeNull();
  });

  it('leads the way back from a page out of reach to that first page, never to a start page out of reach too', async () => {
    signInForTest({ administrator: false, is_owner: false, permissions: ['employees.view'] });
    open('/trailers');
    await screen.findByTestId('not-permitted-page');
    fireEvent.click(screen.getByRole('button', { name: 'Back to the start page' }));
    expect(await screen.findByText('the compliance page')).toBeTruthy();
  });

  it('shows the page to a member with the right', () => {
    signInForTest({ administrator: false, permissions: ['employees.view'] });
    open('/personal-main');
    expect(screen.getByText('the employees')).toBeTruthy();
  });
});

describe('the generic pages', () => {
  it('draw no create, edit or delete buttons for a read-only member, but keep the show link', async () => {
    signInForTest({ administrator: false, permissions: presetPermissions('readOnly') });
    stubFetch(() => json(page([{ id: 5, name: 'Acme', main: true, version: 1 }])));
    render(
      <MemoryRouter>
        <TestRefine>
          <CrudList resource={resourceByName('companies')} />
        </TestRefine>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Acme')).toBeTruthy();
    expect(screen.getByTestId('show-5')).toBeTruthy();
    expect(screen.queryByTestId('crud-create')).toBeNull();
    expect(screen.queryByTestId('edit-5')).toBeNull();
    expect(screen.queryByTestId('delete-5')).toBeNull();
  });

  it('draw the buttons a member holds the right for', async () => {
    signInForTest({ administrator: false, permissions: ['companies.view', 'companies.update'] });
    stubFetch(() => json(page([{ id: 5, name: 'Acme', main: true, version: 1 }])));
    render(
      <MemoryRouter>
        <TestRefine>
          <CrudList resource={resourceByName('companies')} />
        </TestRefine>
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('edit-5')).toBeTruthy();
    expect(screen.queryByTestId('crud-create')).toBeNull();
    expect(screen.queryByTestId('delete-5')).toBeNull();
  });

  it('leave out the section tabs a member may not list', async () => {
    signInForTest({ administrator: false, permissions: ['cards.view'] });
    stubFetch(() => json(page([])));
    render(
      <MemoryRouter>
        <TestRefine>
          <CrudListPage resource="cards" titleKey="pages.fuelCards" />
        </TestRefine>
      </MemoryRouter>,
    );
    // suppliers share the cards' key: both tabs stay
    expect(await screen.findByRole('tab', { name: 'Suppliers' })).toBeTruthy();
  });
});

describe('sensitive fields without sensitive.view', () => {
  const bank = { id: 3, companyId: 7, account_name: 'Main', bank_name: 'Bank', iban: '••••••••3000', currency: 'EUR', version: 4 };

  it('show the masked value exactly as the server sent it', async () => {
    asDispatcher();
    stubFetch(() => json(page([bank])));
    render(
      <MemoryRouter>
        <TestRefine>
          <CrudList resource={resourceByName('company-banks')} params={{ companyId: '7' }} />
        </TestRefine>
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('masked-iban')).textContent).toBe('••••••••3000');
  });

  it('are read-only in the form, not validated and not sent', async () => {
    signInForTest({ administrator: false, permissions: ['companies.view', 'companies.update'] });
    const fetch = stubFetch(() => json({ message: 'Updated successfully!', data: { ...bank, bank_name: 'Sparkasse', version: 5 } }));
    const onSaved = vi.fn();
    render(
      <MemoryRouter>
        <TestRefine>
          <CrudForm resource={resourceByName('company-banks')} mode="edit" open record={bank} params={{ companyId: '7' }} onClose={vi.fn()} onSaved={onSaved} />
        </TestRefine>
      </MemoryRouter>,
    );
    const iban = await screen.findByDisplayValue<HTMLInputElement>('••••••••3000');
    expect(iban.disabled || iban.readOnly).toBe(true);
    fireEvent.change(document.getElementById('company-banks-edit_bank_name')!, { target: { value: 'Sparkasse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = fetch.mock.calls.find((call) => call[1]?.method === 'PUT')!;
    const body = JSON.parse(put[1].body as string) as Record<string, unknown>;
    expect(body).toMatchObject({ bank_name: 'Sparkasse', version: 4 });
    expect(body).not.toHaveProperty('iban');
  });
  it('say at once that a new record needs a field the member may not enter, with Save off, instead of saving nothing', async () => {
    signInForTest({ administrator: false, permissions: ['companies.view', 'companies.create'] });
    const fetch = stubFetch(() => json({ message: 'Created', data: {} }));
    render(
      <MemoryRouter>
        <TestRefine>
          <CrudForm resource={resourceByName('company-banks')} mode="create" open params={{ companyId: '7' }} onClose={vi.fn()} />
        </TestRefine>
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('crud-form-withheld')).textContent).toContain('IBAN');
    expect(screen.getByTestId<HTMLButtonElement>('crud-form-save').disabled).toBe(true);
    fireEvent.submit(screen.getByTestId('crud-form-save').closest('form')!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch.mock.calls.filter((call) => call[1]?.method === 'POST')).toEqual([]);
  });

  it('leave a new record’s optional sensitive fields out and let the rest be saved', async () => {
    signInForTest({ administrator: false, permissions: ['employees.view', 'employees.create'] });
    const fetch = stubFetch(() => json({ message: 'Created', data: { id: 9, company_id: 7, name: 'Ivan', last_name: 'Petrenko', version: 1 } }));
    const onSaved = vi.fn();
    render(
      <MemoryRouter>
        <TestRefine>
          <CrudForm resource={resourceByName('employees')} mode="create" open defaults={{ company_id: 7 }} onClose={vi.fn()} onSaved={onSaved} />
        </TestRefine>
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('crud-form-withheld')).toBeNull();
    fireEvent.change(await screen.findByLabelText(/^First name/), { target: { value: 'Ivan' } });
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Petrenko' } });
    fireEvent.click(screen.getByTestId('crud-form-save'));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = fetch.mock.calls.find((call) => call[1]?.method === 'POST')!;
    expect(JSON.parse(post[1].body as string)).not.toHaveProperty('inn');
  });
});
