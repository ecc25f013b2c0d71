/** The audit trail in the web app: a record's History tab and the tenant-wide log with its filters. */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../../resources';
import { signInForTest, signOutForTest } from '../../access/test-session';
import { CrudShow } from '../../crud/crud-show';
import { json, stubFetch } from '../../crud/test-fetch';
import { renderWithRefine } from '../../crud/test-support';
import { initTestI18n } from '../../i18n/test-i18n';
import { auditLogQuery, type AuditEntry } from './audit-api';
import { AuditLogPage } from './audit-log-page';
import { AuditChanges, listChange } from './audit-changes';
import { render } from '@testing-library/react';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

const entries: AuditEntry[] = [
  {
    id: 12,
    at: '2026-11-20T09:15:00.000Z',
    user_id: 2,
    user_name: 'Jonas Berger',
    resource: 'companies',
    record_id: 5,
    action: 'update',
    changes: { name: { before: 'Acme', after: 'Acme Logistics' }, tax_number: { before: '••••1234', after: '••••5678' } },
    fields: null,
  },
  {
    id: 11,
    at: '2026-11-19T08:00:00.000Z',
    user_id: 1,
    user_name: 'Anna Kowalska',
    resource: 'companies',
    record_id: 5,
    action: 'create',
    changes: { name: { before: null, after: 'Acme' } },
    fields: null,
  },
  {
    id: 13,
    at: '2026-11-21T10:00:00.000Z',
    user_id: 2,
    user_name: 'Jonas Berger',
    resource: 'companies',
    record_id: 5,
    action: 'delete',
    changes: { name: { before: 'Acme Logistics', after: null } },
    fields: null,
  },
  {
    id: 10,
    at: '2026-11-19T08:05:00.000Z',
    user_id: 1,
    user_name: 'Anna Kowalska',
    resource: 'companies',
    record_id: 5,
    action: 'read',
    changes: null,
    fields: ['tax_number'],
  },
];
const logPage = (data: AuditEntry[], total = data.length) => ({ data, pagination: { total, currentPage: 1, perPage: 10, lastPage: 1 } });
const urls = (fetch: ReturnType<typeof stubFetch>) => fetch.mock.calls.map((call) => String(call[0]));

describe('the audit log endpoint', () => {
  it('leaves empty filters out of the query', () => {
    expect(auditLogQuery({ page: 2, perPage: 20, user_id: undefined, resource: 'orders', from: '2026-11-01', to: '' })).toEqual({
      page: 2,
      perPage: 20,
      resource: 'orders',
      from: '2026-11-01',
    });
  });
});

describe('the History tab of a detail page', () => {
  it("lists the record's entries: who, when, what, and each changed field before and after", async () => {
    signInForTest({ administrator: false, permissions: ['companies.view'] });
    const fetch = stubFetch((url) =>
      url.startsWith('/api/audit-log')
        ? json(logPage(entries))
        : url === '/api/companies/show/5'
          ? json({ data: { id: 5, name: 'Acme Logistics', version: 3 } })
          : json(logPage([])),
    );
    renderWithRefine(<CrudShow resource={resourceByName('companies')} id="5" />);
    await screen.findByTestId('crud-show-companies');
    // no edit or delete for a member who may only view
    expect(screen.queryByTestId('crud-show-edit')).toBeNull();
    expect(screen.queryByTestId('crud-show-delete')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    const tab = await screen.findByTestId('history-tab');
    expect((await within(tab).findAllByText('Jonas Berger')).length).toBe(2);
    // The changes first; the views of sensitive data one switch away.
    expect(urls(fetch).filter((url) => url.startsWith('/api/audit-log'))).toEqual([
      '/api/audit-log?resource=companies&record_id=5&page=1&perPage=10&action=create%2Cupdate%2Cdelete%2Cimport',
    ]);
    fireEvent.click(within(tab).getByTestId('history-with-views'));
    await vi.waitFor(() => expect(urls(fetch)).toContain('/api/audit-log?resource=companies&record_id=5&page=1&perPage=10'));

    const update = screen.getByTestId('audit-changes-12');
    expect(update.textContent).toContain('Name');
    expect(update.querySelector('.fd-audit-before')?.textContent).toBe('Acme');
    expect(update.querySelector('.fd-audit-after')?.textContent).toBe('Acme Logistics');
    // sensitive values stay masked as the server sent them
    expect(update.textContent).toContain('••••1234');
    expect(within(tab).getByTestId('audit-action-update').textContent).toBe('Changed');
    expect(within(tab).getByTestId('audit-action-create').textContent).toBe('Created');
    expect(tab.textContent).toContain('Sensitive data seen: Tax number');
    const deletion = screen.getByTestId('audit-changes-13');
    expect(deletion.textContent).toBe('Name: Acme Logistics');
    expect(within(tab).getByTestId('audit-action-delete').textContent).toBe('Deleted');
  });

  it('shows an empty state when the record has no entries', async () => {
    signInForTest();
    stubFetch((url) => (url.startsWith('/api/audit-log') ? json(logPage([])) : json({ data: { id: 5, name: 'Acme', version: 1 } })));
    renderWithRefine(<CrudShow resource={resourceByName('companies')} id="5" />);
    await screen.findByTestId('crud-show-companies');
    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('No entries yet')).toBeTruthy();
  });
});

describe('the tenant-wide audit log page', () => {
  it('lists entries with their records and filters by resource', async () => {
    signInForTest();
    const fetch = stubFetch((url) =>
      url.startsWith('/api/audit-log')
        ? json(logPage(entries, 45))
        : json({
            data: [
              { id: 1, name: 'Anna', last_name: 'Kowalska' },
              { id: 2, name: 'Jonas', last_name: 'Berger' },
            ],
            pagination: { total: 2, currentPage: 1, perPage: 100, lastPage: 1 },
          }),
    );
    renderWithRefine(<AuditLogPage />, { entries: ['/audit-log'] });
    expect(screen.getByTestId('page-title').textContent).toBe('Audit log');
    expect((await screen.findAllByText('Jonas Berger')).length).toBe(2);
    expect(screen.getAllByText('Company #5').length).toBe(4);
    expect(screen.getByText('45 in total')).toBeTruthy();
    expect(urls(fetch)).toContain('/api/audit-log?page=1&perPage=20');
    expect(urls(fetch).some((url) => url.startsWith('/api/users?'))).toBe(true);

    const resourceFilter = screen.getByRole('combobox', { name: 'Section' });
    fireEvent.mouseDown(resourceFilter);
    fireEvent.change(resourceFilter, { target: { value: 'Orders' } });
    fireEvent.click(await screen.findByText('Orders', { selector: '.ant-select-item-option-content' }));
    await vi.waitFor(() => expect(urls(fetch)).toContain('/api/audit-log?page=1&perPage=20&resource=orders'));
    expect(screen.getByTestId('location').textContent).toBe('/audit-log?page=1&perPage=20&resource=orders');
  });

  it('names the records in words where their labels can be read, by one labels-only request per resource', async () => {
    signInForTest();
    const fetch = stubFetch((url) =>
      url.startsWith('/api/audit-log')
        ? json(logPage(entries, 45))
        : url.startsWith('/api/companies?')
          ? json({ data: [{ id: 5, name: 'Acme Logistics' }], pagination: { total: 1, currentPage: 1, perPage: 100, lastPage: 1 } })
          : json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 100, lastPage: 1 } }),
    );
    renderWithRefine(<AuditLogPage />, { entries: ['/audit-log'] });
    expect((await screen.findAllByText('Company Acme Logistics (#5)')).length).toBe(4);
    const asked = urls(fetch).filter((url) => url.startsWith('/api/companies?'));
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0], 'http://localhost').searchParams.get('labels')).toBe('true');
  });

  it('keeps its filters and page in the URL: a link or a reload shows the same entries', async () => {
    signInForTest();
    const fetch = stubFetch((url) =>
      url.startsWith('/api/audit-log') ? json(logPage(entries, 45)) : json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 100, lastPage: 1 } }),
    );
    renderWithRefine(<AuditLogPage />, { entries: ['/audit-log?page=2&perPage=10&resource=companies&from=2026-11-01&to=2026-11-30'] });
    expect((await screen.findAllByText('Jonas Berger')).length).toBe(2);
    expect(urls(fetch)).toContain('/api/audit-log?page=2&perPage=10&resource=companies&from=2026-11-01&to=2026-11-30');
    expect(screen.getByRole('combobox', { name: 'Section' }).closest('.ant-select')?.textContent).toBe('Companies');
    expect(document.querySelector('.ant-pagination-item-active')?.textContent).toBe('2');
    fireEvent.click(screen.getByTitle('3'));
    await vi.waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/audit-log?page=3&perPage=10&resource=companies&from=2026-11-01&to=2026-11-30'),
    );
    await vi.waitFor(() => expect(urls(fetch)).toContain('/api/audit-log?page=3&perPage=10&resource=companies&from=2026-11-01&to=2026-11-30'));
  });

  it('filters by one or more actions, kept in the URL: the changes without the views', async () => {
    signInForTest();
    const fetch = stubFetch((url) =>
      url.startsWith('/api/audit-log') ? json(logPage(entries, 45)) : json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 100, lastPage: 1 } }),
    );
    renderWithRefine(<AuditLogPage />, { entries: ['/audit-log?page=2&perPage=20&action=create'] });
    expect((await screen.findAllByText('Jonas Berger')).length).toBe(2);
    expect(urls(fetch)).toContain('/api/audit-log?page=2&perPage=20&action=create');
    const actionFilter = screen.getByRole('combobox', { name: 'Action' });
    expect(actionFilter.closest('.ant-select')?.textContent).toContain('Created');
    fireEvent.mouseDown(actionFilter);
    fireEvent.click(await screen.findByText('Changed', { selector: '.ant-select-item-option-content' }));
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/audit-log?page=1&perPage=20&action=create%2Cupdate'));
    await vi.waitFor(() => expect(urls(fetch)).toContain('/api/audit-log?page=1&perPage=20&action=create%2Cupdate'));
  });
});

describe('a list of values changed', () => {
  it('shows what was added and what was removed, not the whole list before and after', () => {
    const entry: AuditEntry = {
      id: 40,
      at: '2026-11-20T09:15:00.000Z',
      user_id: 2,
      user_name: 'Jonas Berger',
      resource: 'orders',
      record_id: 5,
      action: 'update',
      changes: { tags: { before: ['urgent', 'fragile', 'cooled', 'night'], after: ['urgent', 'fragile', 'night', 'ADR'] } },
      fields: null,
    };
    render(<AuditChanges entry={entry} />);
    expect(screen.getByTestId('audit-added-tags').textContent).toContain('ADR');
    expect(screen.getByTestId('audit-removed-tags').textContent).toContain('cooled');
    const shown = screen.getByTestId('audit-list-change-tags').textContent ?? '';
    for (const kept of ['urgent', 'fragile', 'night']) expect(shown).not.toContain(kept);
  });

  it('compares lists of plain values only, an empty or missing list as none', () => {
    expect(listChange(null, ['a'])).toEqual({ added: ['a'], removed: [] });
    expect(listChange(['a', 'b'], ['b'])).toEqual({ added: [], removed: ['a'] });
    expect(listChange([{ name: 'x' }], [])).toBeUndefined();
    expect(listChange('text', 'other')).toBeUndefined();
  });
});
