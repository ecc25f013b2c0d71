import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../../resources';
import { json, stubFetch } from '../test-fetch';
import { renderWithRefine, setUpScreenTests } from '../test-support';
import { ExpiringDocumentsPanel, type ExpiringItem } from './expiring-documents-panel';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

setUpScreenTests();

const item = (id: number, days: number, extra: Partial<ExpiringItem> = {}): ExpiringItem => ({
  kind: 'document',
  item_id: id,
  document_id: 100 + id,
  subject: { type: 'employee', id: 7, label: 'Anna Berg' },
  company_id: 3,
  type_name: 'Driving licence',
  valid_until: '2026-12-01',
  days_left: days,
  state: days < 0 ? 'expired' : 'expiring',
  ...extra,
});

describe('the documents expiring soon panel', () => {
  it('shows expired items in red and expiring ones in amber, each linking to the tab of the employee card that holds it', async () => {
    const fetch = stubFetch(() =>
      json({
        data: [item(1, -3), item(2, 12, { kind: 'passport', document_id: null, type_name: 'biometric' }), item(3, 0)],
        pagination: { currentPage: 1, perPage: 5, hasMore: true },
      }),
    );
    renderWithRefine(<ExpiringDocumentsPanel resource={resourceByName('employees')} />);
    const expired = await screen.findByTestId('expiring-document-1');
    expect(within(expired).getByTestId('expiring-state').textContent).toBe('Expired 3 days ago');
    expect(within(expired).getByTestId('expiring-state').className).toContain('red');
    expect(within(expired).getByRole('link', { name: 'Anna Berg' }).getAttribute('href')).toBe(
      '/personal-main/employee/7?tab=employee-documents&companyId=3&document=101',
    );
    const passport = screen.getByTestId('expiring-passport-2');
    expect(passport.textContent).toContain('Passport (Biometric)');
    // The date is kept whole on a phone's narrow line.
    expect(within(passport).getByText(/2026/).style.whiteSpace).toBe('nowrap');
    expect(within(passport).getByTestId('expiring-state').textContent).toBe('In 12 days');
    expect(within(passport).getByTestId('expiring-state').className).toContain('orange');
    // Its last day reads "Today", not "In 0 days".
    expect(within(screen.getByTestId('expiring-document-3')).getByTestId('expiring-state').textContent).toBe('Today');
    expect(within(passport).getByRole('link').getAttribute('href')).toBe('/personal-main/employee/7?tab=passports&companyId=3');
    expect(String(fetch.mock.calls[0][0])).toBe('/api/hr/expiring?page=1&perPage=5');
    // More than a page: the panel pages through them.
    expect(screen.getByTestId<HTMLButtonElement>('expiring-previous').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('expiring-next'));
    await vi.waitFor(() => expect(fetch.mock.calls.map((call) => String(call[0]))).toContain('/api/hr/expiring?page=2&perPage=5'));
  });

  it('says so when nothing expires', async () => {
    stubFetch(() => json({ data: [], pagination: { currentPage: 1, perPage: 5, hasMore: false } }));
    renderWithRefine(<ExpiringDocumentsPanel resource={resourceByName('employees')} />);
    expect(await screen.findByText('Nothing expires soon')).toBeTruthy();
    expect(screen.queryByTestId('expiring-next')).toBeNull();
  });
});
