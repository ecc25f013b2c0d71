import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../../resources';
import { signInForTest } from '../../access/test-session';
import { initTestI18n } from '../../i18n/test-i18n';
import { json, stubFetch } from '../test-fetch';
import { renderWithRefine } from '../test-support';
import { RecentlyUpdatedPanel } from './recently-updated-panel';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rows = [
  { id: 9, name: 'Olga', last_name: 'Shevchenko', company_id: 3, updated_at: '2026-11-20T10:15:00Z', updated_by: 4 },
  { id: 7, name: 'Ivan', last_name: 'Petrenko', company_id: 3, updated_at: '2026-11-19T08:00:00Z', updated_by: null },
];
let fetch: ReturnType<typeof stubFetch>;

beforeEach(() => {
  fetch = stubFetch((url) => {
    if (url.startsWith('/api/employees?')) return json({ data: rows, pagination: { total: 2, currentPage: 1, perPage: 5, lastPage: 1 } });
    if (url.startsWith('/api/users?'))
      return json({ data: [{ id: 4, name: 'Maria', last_name: 'Rossi' }], pagination: { total: 1, currentPage: 1, perPage: 10, lastPage: 1 } });
    return json({ data: [] });
  });
});

describe('the last updated panel', () => {
  it('asks for the five records changed last and links each to its page, with when and by whom', async () => {
    signInForTest();
    renderWithRefine(<RecentlyUpdatedPanel resource={resourceByName('employees')} />);
    const first = await screen.findByTestId('recently-updated-9');
    expect(within(first).getByRole('link', { name: 'Olga Shevchenko' }).getAttribute('href')).toBe('/personal-main/employee/9?companyId=3');
    await vi.waitFor(() => expect(first.textContent).toMatch(/Updated .*2026.* by Maria Rossi/));
    expect(screen.getByTestId('recently-updated-7').textContent).toMatch(/^Ivan PetrenkoUpdated .*2026[^y]*$/);
    const listUrl = String(fetch.mock.calls.map((call) => call[0]).find((url) => String(url).startsWith('/api/employees?')));
    expect(listUrl).toContain('perPage=5');
    expect(listUrl).toContain('sort=updated_at&order=desc');
  });

  it('leaves the name out for a member who may not see the members', async () => {
    signInForTest({ administrator: false, is_owner: false, permissions: ['employees.view'] });
    renderWithRefine(<RecentlyUpdatedPanel resource={resourceByName('employees')} />);
    const first = await screen.findByTestId('recently-updated-9');
    expect(first.textContent).not.toContain('by');
    expect(fetch.mock.calls.some((call) => String(call[0]).startsWith('/api/users'))).toBe(false);
  });
});
