/** The compliance page: its state from the URL to the API, counts choosing the state, rows grouped by subject. */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, standardResponses, stubFetch } from '../../crud/test-fetch';
import { renderWithRefine, setUpScreenTests } from '../../crud/test-support';
import type { ComplianceItem } from './compliance-model';
import { CompliancePage } from './compliance-page';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

setUpScreenTests();
// Before any request of the file: axios decides once whether answers can be streamed (test-fetch.ts).
beforeEach(() => standardResponses());

const anna = { type: 'employee' as const, id: 7, label: 'Anna Berg' };
const truck = { type: 'vehicle' as const, id: 11, label: 'Truck 01 (TR-001)' };
const base = { item_id: 1, document_id: null, company_id: null, type_id: null, type_name: null, warning_days: 30 };
const items: ComplianceItem[] = [
  {
    ...base,
    key: 'vehicle-document:missing:11:2',
    kind: 'vehicle-document',
    state: 'missing',
    subject: truck,
    item_id: null,
    type_name: 'Inspection',
    valid_until: null,
    days_left: null,
  },
  {
    ...base,
    key: 'document:5',
    kind: 'document',
    state: 'expired',
    subject: anna,
    company_id: 2,
    document_id: 9,
    type_name: 'Licence',
    valid_until: '2026-01-02',
    days_left: -3,
  },
  {
    ...base,
    key: 'passport:6',
    kind: 'passport',
    state: 'expiring',
    subject: anna,
    company_id: 2,
    type_name: 'biometric',
    valid_until: '2026-02-01',
    days_left: 0,
  },
];

function complianceServer(answerItems: ComplianceItem[]) {
  return stubFetch(() =>
    json({
      data: answerItems,
      counts: { expired: 1, expiring: 1, missing: 1 },
      pagination: { total: answerItems.length, currentPage: 1, perPage: 20, lastPage: 1 },
    }),
  );
}

const asked = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.calls.map(([url]) => decodeURIComponent(String(url))).filter((url) => url.startsWith('/api/compliance'));

describe('the compliance page', () => {
  it('asks for what the URL holds, shows the counts and groups the rows by subject, each linking to the record', async () => {
    const fetch = complianceServer(items);
    renderWithRefine(<CompliancePage />, { entries: ['/compliance?subject_type=employee&within_days=30&page=1'] });
    await screen.findByTestId('compliance-subject-employee-7');
    expect(asked(fetch)).toEqual(['/api/compliance?page=1&perPage=20&subject_type=employee&within_days=30']);
    expect(screen.getByTestId('compliance-count-all').textContent).toBe('3All');
    expect(screen.getByTestId('compliance-count-expired').textContent).toBe('1Expired');
    const rows = [...document.querySelectorAll('.compliance-table tbody tr[class*="compliance-table__"]')].map((row) => row.textContent);
    expect(rows).toEqual([
      'Truck 01 (TR-001)Vehicle · 1 item',
      'InspectionVehicle document——Missing',
      'Anna BergEmployee · 2 items',
      'LicenceHR document2026-01-02Expired 3 days agoExpired',
      'Passport (Biometric)2026-02-01TodayExpiring soon',
    ]);
    expect(screen.getByTestId('compliance-link-document:5').getAttribute('href')).toBe(
      '/personal-main/employee/7?tab=employee-documents&companyId=2&document=9',
    );
    expect(screen.getByTestId('compliance-link-vehicle-document:missing:11:2').getAttribute('href')).toBe('/transport/11?tab=documents');
  });

  it('chooses the state with the counts, keeping it in the URL and going back to page 1; Back undoes the choice', async () => {
    const fetch = complianceServer(items);
    const { router } = renderWithRefine(<CompliancePage />, { entries: ['/compliance?page=3'] });
    await screen.findByTestId('compliance-subject-employee-7');
    fireEvent.click(screen.getByText('Missing', { selector: '.compliance-count__label' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/compliance?tab=missing'));
    await waitFor(() => expect(asked(fetch).at(-1)).toBe('/api/compliance?page=1&perPage=20&state=missing'));
    // Back undoes the choice, as in the lists, instead of leaving the page.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/compliance?page=3'));
  });

  it('says when nothing is due', async () => {
    complianceServer([]);
    renderWithRefine(<CompliancePage />, { entries: ['/compliance'] });
    await waitFor(() => expect(screen.getByTestId('compliance-empty').textContent).toBe('Nothing has expired, expires soon or is missing'));
  });

  it('offers to clear filters that leave nothing', async () => {
    complianceServer([]);
    renderWithRefine(<CompliancePage />, { entries: ['/compliance?kind=card'] });
    await waitFor(() => expect(screen.getByTestId('compliance-empty').textContent).toContain('Nothing matches these filters'));
    fireEvent.click(screen.getAllByText('Clear filters').at(-1)!);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/compliance'));
  });

  it('exports every item its state and filters select, without the page', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const fetch = stubFetch((url) =>
      url.startsWith('/api/compliance/export')
        ? new Response('Subject\nAnna Berg\n', {
            headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="compliance-2026-01-02.csv"' },
          })
        : json({ data: items, counts: { expired: 1, expiring: 1, missing: 1 }, pagination: { total: 3, currentPage: 2, perPage: 20, lastPage: 2 } }),
    );
    renderWithRefine(<CompliancePage />, { entries: ['/compliance?tab=expired&subject_type=employee&within_days=30&page=2'] });
    await screen.findByTestId('compliance-subject-employee-7');
    fireEvent.click(screen.getByTestId('crud-export'));
    fireEvent.click(await screen.findByTestId('crud-export-csv'));
    await waitFor(() => expect(saved).toEqual(['compliance-2026-01-02.csv']));
    expect(asked(fetch).filter((url) => url.includes('/export'))).toEqual([
      '/api/compliance/export?format=csv&state=expired&subject_type=employee&within_days=30',
    ]);
  });
});
