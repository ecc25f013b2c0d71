import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../resources';
import { initTestI18n } from '../i18n/test-i18n';
import { signInForTest } from '../access/test-session';
import { json, stubFetch } from './test-fetch';
import { renderWithRefine } from './test-support';
import { CrudForm } from './crud-form';
import { CrudList } from './crud-list';
import { toast } from '../providers/toast';
import { formSchemaOf, schemaOf, viewFields } from './schemas';

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

const emptyList = { data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } };

describe('a list of single values in a form (an order’s tags)', () => {
  it('labels each item by what it is and asks for an empty one as for a required field', async () => {
    const fetch = stubFetch(() => json({ data: [] }));
    renderWithRefine(<CrudForm resource={resourceByName('orders')} mode="create" open onClose={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add tag' }));
    expect(await screen.findByLabelText('Tag')).toBeTruthy();
    expect(screen.queryByText(/tags-1/)).toBeNull();
    // The order's own required fields filled: the one thing missing is the empty tag.
    fireEvent.change(document.getElementById('orders-create_cargo_number')!, { target: { value: 'CRG-1' } });
    fireEvent.change(document.getElementById('orders-create_customer')!, { target: { value: 'Danube Steel' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(1));
    expect(screen.queryByText('Must be text')).toBeNull();
    expect(fetch.mock.calls.some((call) => call[1]?.method === 'POST' && String(call[0]).endsWith('/store'))).toBe(false);
  });
});

describe('schemas in the browser', () => {
  it('derives create and edit schemas with their own $id and without the parent field', () => {
    const create = formSchemaOf('company-banks', 'create');
    const edit = formSchemaOf('company-banks', 'edit');
    expect(create.$id).toBe('company-bank-account-create');
    expect(edit.$id).toBe('company-bank-account-edit');
    expect(schemaOf('company-banks').$id).toBe('company-bank-account');
    expect(create.required).toEqual(expect.arrayContaining(['iban', 'account_name']));
  });
});

describe('generic list', () => {
  it('renders the columns of the x-list fields and the empty-list message', async () => {
    const fetch = stubFetch(() => json(emptyList));
    renderWithRefine(<CrudList resource={resourceByName('companies')} />);
    expect(await screen.findByText('No companies yet')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(viewFields('companies', 'list')).toEqual(['name', 'main', 'company_name', 'email', 'phone']);
    for (const title of ['Name', 'Main company', 'Company name', 'E-mail', 'Phone', 'Actions']) expect(headers).toContain(title);
    expect(screen.getByTestId('crud-search')).toBeTruthy();
    expect(String(fetch.mock.calls[0][0])).toBe('/api/companies?page=1&perPage=10&sort=name&order=asc');
  });

  it('shows records through their field kinds and scopes a sub-resource list to its parent', async () => {
    const fetch = stubFetch(() =>
      json({
        data: [{ id: 3, companyId: 7, account_name: 'Main', bank_name: 'Bank', iban: 'DE89370400440532013000', currency: 'EUR', version: 1 }],
        pagination: { total: 1, currentPage: 1, perPage: 10, lastPage: 1 },
      }),
    );
    renderWithRefine(<CrudList resource={resourceByName('company-banks')} params={{ companyId: '7' }} />);
    expect(await screen.findByText('DE89 3704 0044 0532 0130 00')).toBeTruthy();
    expect(String(fetch.mock.calls[0][0])).toMatch(/^\/api\/7\/banks\?page=1&perPage=10/);
  });
});

describe('a list the server fails to give', () => {
  it("says it cannot be shown, stops loading and shows the server's message", async () => {
    stubFetch(() => json({ message: 'The database is asleep' }, 503));
    renderWithRefine(<CrudList resource={resourceByName('companies')} />);
    expect(await screen.findByText('Sorry, this resource cannot be displayed.')).toBeTruthy();
    await vi.waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    // Through Refine's notification provider (the app's toasts take the options it adds).
    expect(vi.mocked(toast)).toHaveBeenCalledWith('error', 'The database is asleep', expect.anything());
  });
});

describe('generic list actions', () => {
  const bank = { id: 3, companyId: 7, account_name: 'Main', bank_name: 'Bank', iban: 'DE89370400440532013000', currency: 'EUR', version: 4 };

  it('searches on the server and deletes a row after the confirmation', async () => {
    const fetch = stubFetch((_url, init) =>
      init.method === 'DELETE'
        ? json({ message: 'Deleted successfully!' })
        : json({ data: [{ id: 5, name: 'Acme', main: true }], pagination: { total: 1, currentPage: 1, perPage: 10, lastPage: 1 } }),
    );
    renderWithRefine(<CrudList resource={resourceByName('companies')} />);
    await screen.findByText('Acme');
    const box = screen.getByTestId('crud-search');
    const search = box.tagName === 'INPUT' ? box : box.querySelector('input')!;
    fireEvent.change(search, { target: { value: ' acme ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await vi.waitFor(() => expect(fetch.mock.calls.some((call) => String(call[0]).includes('search=acme'))).toBe(true));
    fireEvent.click(screen.getByTestId('delete-5'));
    expect(await screen.findByText('Delete “Acme”?')).toBeTruthy();
    expect(fetch.mock.calls.some((call) => call[1]?.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    await vi.waitFor(() => expect(fetch.mock.calls.find((call) => call[1]?.method === 'DELETE')?.[0]).toBe('/api/companies/destroy/5'));
  });

  it('says in the delete question what the delete does to the records that name the one deleted', async () => {
    const fetch = stubFetch((url) =>
      url.startsWith('/api/delete-impact/')
        ? json({
            data: [
              { resource: 'cards', effect: 'cleared', count: 2 },
              { resource: 'orders', effect: 'blocks', count: 1 },
            ],
          })
        : json({ data: [{ id: 4, name: 'Shell Fleet' }], pagination: { total: 1, currentPage: 1, perPage: 10, lastPage: 1 } }),
    );
    renderWithRefine(<CrudList resource={resourceByName('suppliers')} />);
    await screen.findByText('Shell Fleet');
    expect(fetch.mock.calls.some((call) => String(call[0]).startsWith('/api/delete-impact/'))).toBe(false);
    fireEvent.click(screen.getByTestId('delete-4'));
    const impact = await screen.findByTestId('record-delete-impact');
    expect(fetch.mock.calls.map((call) => String(call[0]))).toContain('/api/delete-impact/suppliers/4');
    // What stops the delete first, then what merely loses the link; "This cannot be undone." in every case.
    expect([...impact.children].map((line) => line.textContent)).toEqual([
      'Cannot be deleted while it is used by:Orders: 1',
      'Kept, no longer linked to it:Fuel and road cards: 2',
    ]);
    expect(screen.getByText('This cannot be undone.')).toBeTruthy();
    // An order stands in the way: the question offers no Delete that would only fail.
    await vi.waitFor(() => expect(screen.getAllByRole('button', { name: 'Delete' }).at(-1)?.hasAttribute('disabled')).toBe(true));
  });

  it('offers the signed-in member no delete of their own row nor of the account owner’s, saying why, and the others theirs', async () => {
    stubFetch(() =>
      json({
        data: [
          { id: 1, login: 'owner.login', name: 'Anna', last_name: 'Kowalska' },
          { id: 2, login: 'jonas', name: 'Jonas', last_name: 'Berger' },
          { id: 3, login: 'founder', name: 'Olga', last_name: 'Founder', is_owner: true },
        ],
        pagination: { total: 3, currentPage: 1, perPage: 10, lastPage: 1 },
      }),
    );
    renderWithRefine(<CrudList resource={resourceByName('users')} />);
    const own = await screen.findByTestId('delete-1');
    expect(own.closest('button')?.disabled).toBe(true);
    expect(own.closest('button')?.getAttribute('aria-label')).toBe('You cannot delete your own account');
    expect(screen.getByTestId('delete-2').closest('button')?.disabled).toBe(false);
    const founder = screen.getByTestId('delete-3').closest('button');
    expect(founder?.disabled).toBe(true);
    expect(founder?.getAttribute('aria-label')).toBe('The account owner cannot be deleted');
  });

  it('asks nothing before deleting a record nothing names', async () => {
    const fetch = stubFetch(() =>
      json({ data: [{ _id: 9, cargo_number: 'CRG-9', customer: 'Acme' }], pagination: { total: 1, currentPage: 1, perPage: 10, lastPage: 1 } }),
    );
    renderWithRefine(<CrudList resource={resourceByName('orders')} />);
    fireEvent.click(await screen.findByTestId('delete-9'));
    expect(await screen.findByText('This cannot be undone.')).toBeTruthy();
    expect(screen.queryByTestId('record-delete-impact')).toBeNull();
    expect(fetch.mock.calls.some((call) => String(call[0]).startsWith('/api/delete-impact/'))).toBe(false);
    expect(screen.getAllByRole('button', { name: 'Delete' }).at(-1)?.hasAttribute('disabled')).toBe(false);
  });

  it('says a search of more words than the server takes under the box, and sends it only once shortened', async () => {
    const fetch = stubFetch(() => json(emptyList));
    renderWithRefine(<CrudList resource={resourceByName('companies')} />);
    const searched = () => fetch.mock.calls.filter((call) => String(call[0]).includes('search=')).length;
    const searchFor = async (text: string) => {
      const box = await screen.findByTestId('crud-search');
      const input = box.tagName === 'INPUT' ? box : box.querySelector('input')!;
      fireEvent.change(input, { target: { value: text } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
      fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    };
    await searchFor('one two three four five six seven eight nine ten eleven');
    expect((await screen.findByTestId('crud-search-problem')).textContent).toBe('Search for at most 10 words');
    expect(searched()).toBe(0);
    // A repeated word counts once.
    await searchFor('one two three four five six seven eight nine ten one');
    await vi.waitFor(() => expect(searched()).toBeGreaterThan(0));
    expect(screen.queryByTestId('crud-search-problem')).toBeNull();
  });

  it('edits a row in a dialog and sends its version, with a field the member emptied as null so that it is cleared', async () => {
    const fetch = stubFetch((_url, init) =>
      init.method === 'PUT'
        ? json({ message: 'Updated successfully!', data: { ...bank, version: 5 } })
        : json({ data: [{ ...bank, swift_code: 'COBADEFFXXX' }], pagination: { total: 1, currentPage: 1, perPage: 10, lastPage: 1 } }),
    );
    renderWithRefine(<CrudList resource={resourceByName('company-banks')} params={{ companyId: '7' }} />);
    fireEvent.click(await screen.findByTestId('edit-3'));
    const bankName = await vi.waitFor(() => {
      const input = document.getElementById('company-banks-edit_bank_name');
      if (!input) throw new Error('no form yet');
      return input;
    });
    fireEvent.change(bankName, { target: { value: 'Commerzbank' } });
    fireEvent.change(document.getElementById('company-banks-edit_swift_code')!, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(fetch.mock.calls.some((call) => call[1]?.method === 'PUT')).toBe(true));
    const put = fetch.mock.calls.find((call) => call[1]?.method === 'PUT')!;
    expect(put[0]).toBe('/api/7/banks/update/3');
    expect(JSON.parse(put[1].body as string)).toEqual({
      account_name: 'Main',
      bank_name: 'Commerzbank',
      iban: 'DE89370400440532013000',
      currency: 'EUR',
      swift_code: null,
      bank_country: null,
      bank_address: null,
      version: 4,
    });
  });
});

describe('the create/edit dialog', () => {
  const bank = { id: 3, companyId: 7, account_name: 'Main', bank_name: 'Bank', iban: 'DE89370400440532013000', currency: 'EUR', version: 4 };

  it('starts in its first field, closes at once when nothing changed, and asks before it throws changes away', async () => {
    stubFetch(() => json({ data: [bank], pagination: { total: 1, currentPage: 1, perPage: 10, lastPage: 1 } }));
    renderWithRefine(<CrudList resource={resourceByName('company-banks')} params={{ companyId: '7' }} />);
    const open = async () => {
      fireEvent.click(await screen.findByTestId('edit-3'));
      return vi.waitFor(() => {
        const input = document.getElementById('company-banks-edit_bank_name');
        if (!input) throw new Error('no form yet');
        return input as HTMLInputElement;
      });
    };
    const formShown = () => document.getElementById('company-banks-edit_bank_name') !== null;
    await open();
    // The dialog starts in its first field, ready to type into.
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('company-banks-edit_account_name'));
    fireEvent.click(screen.getByTestId('crud-form-cancel'));
    await vi.waitFor(() => expect(formShown()).toBe(false));
    expect(screen.queryAllByText('Discard your changes?')).toHaveLength(0);

    fireEvent.change(await open(), { target: { value: 'Commerzbank' } });
    fireEvent.click(screen.getByTestId('crud-form-cancel'));
    expect((await screen.findAllByText('Discard your changes?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect((document.getElementById('company-banks-edit_bank_name') as HTMLInputElement).value).toBe('Commerzbank');
    fireEvent.click(screen.getByTestId('crud-form-cancel'));
    // The confirmation kept a moment ago may still be fading out: the newest one is the last.
    fireEvent.click((await screen.findAllByTestId('crud-form-discard')).at(-1)!);
    await vi.waitFor(() => expect(formShown()).toBe(false));
  });
});

describe('generic create form', () => {
  function renderForm(record?: Record<string, unknown>) {
    const onSaved = vi.fn();
    renderWithRefine(
      <CrudForm
        resource={resourceByName('company-banks')}
        mode="create"
        open
        record={record}
        params={{ companyId: '7' }}
        onClose={vi.fn()}
        onSaved={onSaved}
      />,
    );
    return onSaved;
  }

  it.each(['orders', 'trailers', 'employees', 'companies', 'users'])(
    'a new %s form with the defaults it fills in by itself counts as unchanged, until the user types',
    async (name) => {
      stubFetch(() => json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } }));
      const onDirtyChange = vi.fn();
      const resource = resourceByName(name);
      renderWithRefine(<CrudForm resource={resource} mode="create" open onClose={vi.fn()} onSaved={vi.fn()} onDirtyChange={onDirtyChange} />);
      await screen.findByRole('button', { name: 'Save' });
      // RJSF fills its defaults in after mounting: give it the moment.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(onDirtyChange).not.toHaveBeenCalledWith(true);
      const text = document.querySelector<HTMLInputElement>('.crud-form input[type="text"]:not([readonly]):not([disabled])');
      fireEvent.change(text!, { target: { value: 'Typed by the user' } });
      await vi.waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(true));
    },
  );

  it('shows translated required and IBAN messages under the fields', async () => {
    const fetch = stubFetch(() => json({ data: [] }));
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('This field is required')).length).toBeGreaterThanOrEqual(3);
    fireEvent.change(document.getElementById('company-banks-create_iban')!, { target: { value: 'DE00 1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be a valid IBAN')).toBeTruthy();
    expect(fetch.mock.calls.filter((call) => String(call[0]).includes('/banks'))).toHaveLength(0);
  });

  it('moves the focus to the first field the browser or the server refuses, so a long form shows its problem', async () => {
    stubFetch((url) =>
      url.includes('/banks/store') ? json({ message: 'The data is invalid', errors: { iban: ['Already used by another account'] } }, 422) : json({ data: [] }),
    );
    renderForm({ currency: 'EUR' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('company-banks-create_account_name'));
    const type = (field: string, value: string) => fireEvent.change(document.getElementById(`company-banks-create_${field}`)!, { target: { value } });
    type('account_name', 'Main account');
    type('bank_name', 'Deutsche Bank');
    type('iban', 'DE89 3704 0044 0532 0130 00');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Already used by another account')).toBeTruthy();
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('company-banks-create_iban'));
  });

  it('sends a valid record to the parent path and shows the server 422 errors under the fields', async () => {
    const fetch = stubFetch((url) =>
      url.includes('/banks/store') ? json({ message: 'The data is invalid', errors: { bank_name: ['Taken by another account'] } }, 422) : json({ data: [] }),
    );
    const onSaved = renderForm({ currency: 'EUR' });
    const type = (field: string, value: string) => fireEvent.change(document.getElementById(`company-banks-create_${field}`)!, { target: { value } });
    type('account_name', 'Main account');
    type('bank_name', 'Deutsche Bank');
    type('iban', 'DE89 3704 0044 0532 0130 00');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Taken by another account')).toBeTruthy();
    const store = fetch.mock.calls.find((call) => String(call[0]).includes('/banks/store'))!;
    expect(store[0]).toBe('/api/7/banks/store');
    expect(JSON.parse(store[1].body as string)).toEqual({
      account_name: 'Main account',
      bank_name: 'Deutsche Bank',
      iban: 'DE89 3704 0044 0532 0130 00',
      currency: 'EUR',
    });
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('drops a server error from its field once the field is changed, and keeps those of the fields not touched', async () => {
    stubFetch((url) =>
      url.includes('/banks/store')
        ? json({ message: 'The data is invalid', errors: { bank_name: ['Taken by another account'], iban: ['Already used by another account'] } }, 422)
        : json({ data: [] }),
    );
    renderForm({ currency: 'EUR' });
    const type = (field: string, value: string) => fireEvent.change(document.getElementById(`company-banks-create_${field}`)!, { target: { value } });
    type('account_name', 'Main account');
    type('bank_name', 'Deutsche Bank');
    type('iban', 'DE89 3704 0044 0532 0130 00');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Taken by another account')).toBeTruthy();
    type('bank_name', 'Commerzbank');
    await vi.waitFor(() => expect(screen.queryByText('Taken by another account')).toBeNull());
    expect(screen.getByText('Already used by another account')).toBeTruthy();
  });
});
