/** One vehicle's document cells (the Documents tab of the vehicle page), drawn from answers at the fetch boundary. */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../crud/test-fetch';
import { renderWithRefine, setUpScreenTests } from '../../crud/test-support';
import { VehicleDocumentsTab } from './vehicle-documents-tab';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const answer = {
  data: [
    {
      id: 4,
      board_names: 'Truck 01',
      registration_number: 'TR-001',
      groups: [
        {
          id: 7,
          name: 'Inspection',
          show_document_start_date: false,
          warning_days: 30,
          documents: [
            { doc_id: 70, start_date: day(-300), end_date: day(-2), files: [{ file_id: 5, file_name: 'protocol.pdf', url: '/api/files/5' }], version: 3 },
          ],
        },
        {
          id: 8,
          name: 'Insurance',
          show_document_start_date: false,
          warning_days: 30,
          documents: [{ doc_id: 80, start_date: null, end_date: null, files: [], version: 1 }],
        },
        {
          id: 9,
          name: 'CMR insurance',
          show_document_start_date: false,
          warning_days: 30,
          documents: [{ doc_id: 90, start_date: null, end_date: null, files: [], version: 1, state: 'missing' }],
        },
        {
          id: 10,
          name: 'Permit',
          show_document_start_date: false,
          warning_days: 30,
          documents: [{ doc_id: 100, start_date: day(10), end_date: day(400), files: [], version: 1, state: 'good' }],
        },
      ],
    },
  ],
  pagination: { total: 1, currentPage: 1, perPage: 1, lastPage: 1 },
};

setUpScreenTests();

describe("a vehicle's documents tab", () => {
  it('shows every document column as a row with its dates, indicator and files, asking for this vehicle only', async () => {
    const fetch = stubFetch(() => json(answer));
    renderWithRefine(<VehicleDocumentsTab transportId="4" />);
    const inspection = (await screen.findByText('Inspection')).closest('tr') as HTMLElement;
    expect(within(inspection).getByText(day(-2))).toBeTruthy();
    expect(within(inspection).getByTestId('vehicle-document-state-7').getAttribute('data-state')).toBe('expired');
    expect(within(inspection).getByText('protocol.pdf')).toBeTruthy();
    const insurance = screen.getByText('Insurance').closest('tr') as HTMLElement;
    expect(within(insurance).queryByTestId('vehicle-document-state-8')).toBeNull();
    // Required and not entered: said so, as the transport list and the compliance page say it.
    const cmr = screen.getByText('CMR insurance').closest('tr') as HTMLElement;
    expect(within(cmr).getByTestId('vehicle-document-state-9').textContent).toBe('Missing');
    // Entered ahead of its start (a renewal): good by its end date, yet not "Valid" today.
    const permit = screen.getByText('Permit').closest('tr') as HTMLElement;
    expect(within(permit).getByTestId('vehicle-document-state-10').textContent).toBe('Not yet valid');
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/transport/documents?transport_id=4&perPage=1']);
  });

  it('edits a row in the same dialog as the list’s cells, with its stored files', async () => {
    stubFetch(() => json(answer));
    renderWithRefine(<VehicleDocumentsTab transportId="4" />);
    fireEvent.click(await screen.findByTestId('vehicle-document-edit-7'));
    const files = await screen.findByTestId('cell-stored-files');
    expect(within(files).getByText('protocol.pdf')).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('cell-end-date').value).toBe(day(-2));
    // Each date field is named by its own label.
    expect(screen.getByLabelText('End date')).toBe(screen.getByTestId('cell-end-date'));
    expect(screen.getByLabelText('Start date')).toBe(screen.getByTestId('cell-start-date'));
  });
});
