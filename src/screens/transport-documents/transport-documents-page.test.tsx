/**
 * The transport list with its document columns, drawn from answers at the fetch boundary: the columns
 * come after the vehicle's own, the cells of the page come from one request for exactly its vehicles,
 * a column hidden in the table settings stays hidden on the next visit, and a column is made optional there.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../../resources';
import { signInForTest } from '../../access/test-session';
import { firstListRequest, firstListRequests } from '../../boot/boot-plan';
import { json, stubFetch } from '../../crud/test-fetch';
import { renderWithRefine } from '../../crud/test-support';
import { initTestI18n } from '../../i18n/test-i18n';
import { visibilityKey } from './column-visibility';
import { TransportDocumentsPage } from './transport-documents-page';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

const page = (data: unknown[]) => ({ data, pagination: { total: data.length, currentPage: 1, perPage: 10, lastPage: 1 } });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const columns = [
  { id: 7, name: 'Inspection', show_document_start_date: false, warning_days: 30, version: 1 },
  { id: 8, name: 'Insurance', show_document_start_date: false, warning_days: 10, version: 1 },
];
const cell = (docId: number, end: string | null, files = 0) => ({
  doc_id: docId,
  start_date: null,
  end_date: end,
  files: Array.from({ length: files }, (_, index) => ({ file_id: docId * 10 + index, file_name: `f${index}.pdf`, url: `/api/files/${docId * 10 + index}` })),
  version: 1,
});
const vehicles = [
  { id: 1, board_names: 'Truck 01', registration_number: 'TR-001', version: 1 },
  { id: 2, board_names: 'Van 02', registration_number: 'VN-002', version: 1 },
];
const documents = vehicles.map((vehicle, index) => ({
  id: vehicle.id,
  board_names: vehicle.board_names,
  registration_number: vehicle.registration_number,
  groups: columns.map((column) => ({ ...column, documents: [cell(vehicle.id * 100 + column.id, index === 0 ? day(-1) : day(20), column.id === 7 ? 2 : 0)] })),
}));

function serve() {
  return stubFetch((url) => {
    if (url.startsWith('/api/transport/documents/groups')) return json(page(columns));
    if (url.startsWith('/api/transport/documents?')) return json(page(documents));
    if (url.startsWith('/api/transport?') || url.startsWith('/api/transport/list')) return json(page(vehicles));
    return json(page([]));
  });
}

beforeAll(async () => {
  await initTestI18n();
  signInForTest({ id: 10, company: { id: 1, name: 'Fleet' } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the transport list with document columns', () => {
  it('adds a column per document column after the vehicle’s own, its cells from one request for the vehicles on screen', async () => {
    const fetch = serve();
    renderWithRefine(<TransportDocumentsPage />, { entries: ['/transport'], path: '/transport' });
    const truckInspection = await screen.findByTestId('cell-1-7');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers.indexOf('Inspection')).toBeGreaterThan(headers.indexOf('Registration number'));
    expect(headers.indexOf('Insurance')).toBe(headers.indexOf('Inspection') + 1);
    expect(within(truckInspection).getByTestId('cell-1-7-dates').textContent).toBe(day(-1));
    expect(within(truckInspection).getByTestId('cell-1-7-state').getAttribute('data-state')).toBe('expired');
    expect(within(truckInspection).getByTestId('cell-1-7-files').textContent?.trim()).toBe('2');
    // Twenty days left: expiring within Inspection's 30 days, still valid for Insurance's 10.
    expect(within(screen.getByTestId('cell-2-7')).getByTestId('cell-2-7-state').getAttribute('data-state')).toBe('expiring');
    expect(within(screen.getByTestId('cell-2-8')).getByTestId('cell-2-8-state').getAttribute('data-state')).toBe('good');
    const cellRequests = fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/transport/documents?'));
    expect(cellRequests).toEqual(['/api/transport/documents?transport_id=1%2C2&perPage=2']);
    // The columns in the order they were made: the defaults (inspection, insurance, CMR insurance) first.
    expect(fetch.mock.calls.map(([url]) => String(url)).find((url) => url.startsWith('/api/transport/documents/groups'))).toMatch(/[?&]sort=id&order=asc/);
    // The list's own first request is the one the boot module asks for early (src/boot/boot-plan.ts).
    const planned = await firstListRequest(resourceByName('transport'));
    expect((await firstListRequests())['/transport']?.url).toBe(planned);
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain(planned);
  });

  it('hides a column unticked in the table settings, and still hides it on the next visit', async () => {
    serve();
    const first = renderWithRefine(<TransportDocumentsPage />, { entries: ['/transport'], path: '/transport' });
    await screen.findByTestId('cell-1-8');
    fireEvent.click(screen.getByTestId('documents-settings-open'));
    fireEvent.click(await screen.findByTestId('documents-column-visible-8'));
    await vi.waitFor(() => expect(screen.queryByTestId('cell-1-8')).toBeNull());
    expect(JSON.parse(localStorage.getItem(visibilityKey(1, 10)) ?? '[]')).toEqual([8]);
    first.unmount();
    renderWithRefine(<TransportDocumentsPage />, { entries: ['/transport'], path: '/transport' });
    await screen.findByTestId('cell-1-7');
    expect(screen.queryByTestId('cell-1-8')).toBeNull();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).not.toContain('Insurance');
  });

  it('asks before its settings close on a column renamed but not saved, and closes at once otherwise', async () => {
    serve();
    renderWithRefine(<TransportDocumentsPage />, { entries: ['/transport'], path: '/transport' });
    await screen.findByTestId('cell-1-8');
    fireEvent.click(screen.getByTestId('documents-settings-open'));
    await screen.findByTestId('documents-column-name-7');
    const close = () => fireEvent.click(document.querySelector('.transport-documents__settings-modal .ant-modal-close')!);
    close();
    await vi.waitFor(() => expect(screen.queryByTestId('documents-column-name-7')).toBeNull());
    expect(screen.queryByTestId('documents-settings-discard')).toBeNull();

    // Typed and typed back: nothing to lose.
    fireEvent.click(screen.getByTestId('documents-settings-open'));
    const name = await screen.findByTestId<HTMLInputElement>('documents-column-name-7');
    const stored = name.value;
    fireEvent.change(name, { target: { value: `${stored}x` } });
    fireEvent.change(name, { target: { value: stored } });
    close();
    await vi.waitFor(() => expect(screen.queryByTestId('documents-column-name-7')).toBeNull());
    expect(screen.queryByTestId('documents-settings-discard')).toBeNull();

    fireEvent.click(screen.getByTestId('documents-settings-open'));
    fireEvent.change(await screen.findByTestId('documents-column-name-7'), { target: { value: 'Technical inspection' } });
    close();
    fireEvent.click(await screen.findByText('Keep editing'));
    expect(screen.getByTestId<HTMLInputElement>('documents-column-name-7').value).toBe('Technical inspection');
    close();
    // (jsdom runs no animations: the first question's closed dialog may still be in the document.)
    await vi.waitFor(() => expect(screen.getAllByTestId('documents-settings-discard')).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId('documents-settings-discard')[1]);
    await vi.waitFor(() => expect(screen.queryByTestId('documents-column-name-7')).toBeNull());
  });

  it('makes a column optional, and adds a new one required unless unticked, sending what was ticked', async () => {
    const fetch = serve();
    const sent = (method: string) =>
      fetch.mock.calls.filter((call) => call[1]?.method === method).map((call) => [String(call[0]), JSON.parse(call[1].body as string) as unknown]);
    renderWithRefine(<TransportDocumentsPage />, { entries: ['/transport'], path: '/transport' });
    await screen.findByTestId('cell-1-8');
    fireEvent.click(screen.getByTestId('documents-settings-open'));
    const mandatory = await screen.findByTestId<HTMLInputElement>('documents-column-mandatory-8');
    expect(mandatory.checked).toBe(true);
    fireEvent.click(mandatory);
    fireEvent.click(screen.getByTestId('documents-column-save-8'));
    await vi.waitFor(() =>
      expect(
        sent('PUT')
          .concat(sent('POST'))
          .map(([url]) => url),
      ).toContain('/api/transport/documents/group/update/8'),
    );
    expect(sent('POST').find(([url]) => url === '/api/transport/documents/group/update/8')?.[1]).toMatchObject({ mandatory: false, version: 1 });

    fireEvent.change(screen.getByTestId('documents-column-new-name'), { target: { value: 'Tachograph' } });
    expect(screen.getByTestId<HTMLInputElement>('documents-column-new-mandatory').checked).toBe(true);
    fireEvent.click(screen.getByTestId('documents-column-add'));
    await vi.waitFor(() => expect(sent('POST').map(([url]) => url)).toContain('/api/transport/documents/group/store'));
    expect(sent('POST').find(([url]) => url === '/api/transport/documents/group/store')?.[1]).toEqual({
      name: 'Tachograph',
      warning_days: 30,
      mandatory: true,
    });
  });
});
