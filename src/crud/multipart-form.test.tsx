/**
 * A resource that saves as a multipart form with files (`multipart`, resources/types.ts; the repair
 * reports): the body the data provider builds, and the generic form's files: picked files sent with the
 * fields and the upload's progress shown, stored files listed and one deleted after a confirmation, a
 * cleared field sent empty on update, and a scoped list (`scope`) that filters by and presets its field.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../resources';
import type { MultipartApi } from '../../resources/types';
import { signInForTest } from '../access/test-session';
import { initTestI18n } from '../i18n/test-i18n';
import type { DataClient } from '../providers/data-provider';
import { createDataProvider, multipartBody } from '../providers/data-provider';
import type { RequestOptions } from '../providers/api-client';
import { CrudList } from './crud-list';
import { FormInPlace } from './form-in-place';
import { renderWithRefine } from './test-support';

vi.mock('../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

beforeAll(async () => {
  await initTestI18n();
  signInForTest();
});
afterEach(() => cleanup());

const repairs = resourceByName('repairs');
const multipart = repairs.multipart as MultipartApi;
const report = {
  repair_id: 4,
  transport_id: 7,
  type: 'repair',
  periodicity: 'yearly',
  cost: 120,
  files: [
    { file_id: 31, file_name: 'invoice.pdf' },
    { file_id: 32, file_name: 'photo.png' },
  ],
  version: 3,
};

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** A data provider over a fake API client that records each request and answers like the server. */
function recordingProvider(answer: (sent: Sent, options: RequestOptions) => unknown) {
  const sent: Sent[] = [];
  const client: DataClient = {
    request: vi.fn((method: string, path: string, options: RequestOptions = {}) => {
      const request = { method, path, body: options.body };
      sent.push(request);
      return Promise.resolve(answer(request, options));
    }) as DataClient['request'],
  };
  return { sent, dataProvider: createDataProvider(client) };
}

const entries = (body: unknown) => [...(body as FormData).entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]);

describe('the multipart body of a create or update', () => {
  it('sends the fields as text, an emptied one as "", each new file under the files field, not the stored files', () => {
    const file = new File(['%PDF'], 'bill.pdf', { type: 'application/pdf' });
    const body = multipartBody(multipart, { type: 'repair', cost: 12.5, periodicity: null, version: 3, files: [file] });
    expect(entries(body)).toEqual([
      ['type', 'repair'],
      ['cost', '12.5'],
      ['periodicity', ''],
      ['version', '3'],
      ['repair_files[]', 'bill.pdf'],
    ]);
  });
});

describe('the generic form of a multipart resource', () => {
  it('creates with the picked files on the path of its vehicle, showing the upload progress', async () => {
    let finish: (value: unknown) => void = () => undefined;
    const { sent, dataProvider } = recordingProvider((request, options) => {
      if (request.method !== 'POST') return { data: [] };
      options.onProgress?.(40);
      return new Promise((resolve) => (finish = resolve));
    });
    renderWithRefine(<FormInPlace resource={repairs} mode="create" defaults={{ transport_id: 7, type: 'maintenance' }} onClose={() => undefined} />, {
      dataProvider,
    });
    const input = (await screen.findByTestId('crud-form-files')).querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'receipt.png', { type: 'image/png' })] } });
    expect(await screen.findByText('receipt.png')).toBeTruthy();
    fireEvent.click(screen.getByTestId('crud-form-save'));
    await vi.waitFor(() => expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1));
    const post = sent.find((request) => request.method === 'POST') as Sent;
    expect(post.path).toBe('/transport/repairs/store/7');
    expect(entries(post.body)).toEqual([
      ['transport_id', '7'],
      ['type', 'maintenance'],
      ['repair_files[]', 'receipt.png'],
    ]);
    await vi.waitFor(() => expect(screen.getByTestId('crud-form-upload-progress').textContent).toContain('40'));
    finish({ message: 'Created', data: { ...report, files: [] } });
  });

  it('offers PDFs and images, and refuses a file of another type or over 5 MB when picked, naming it, until the next pick', async () => {
    const { dataProvider } = recordingProvider(() => ({ data: [] }));
    renderWithRefine(<FormInPlace resource={repairs} mode="create" defaults={{ transport_id: 7 }} onClose={() => undefined} />, { dataProvider });
    const input = (await screen.findByTestId('crud-form-files')).querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('application/pdf,image/jpeg,image/png,image/gif,image/webp');
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 5_242_881 });
    fireEvent.change(input, {
      target: { files: [new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' }), big, new File(['x'], 'receipt.png', { type: 'image/png' })] },
    });
    await vi.waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toHaveLength(2));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(['tool.exe: The file must be a PDF or an image (JPEG, PNG, GIF or WebP)', 'big.pdf: The file must not be larger than 5 MB']);
    expect(screen.getAllByTestId('crud-form-picked-file').map((file) => file.textContent)).toEqual(['receipt.png']);
    // The picker draws a new input after each pick.
    const again = screen.getByTestId('crud-form-files').querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(again, { target: { files: [new File(['x'], 'scan.pdf', { type: 'application/pdf' })] } });
    await screen.findByText('scan.pdf');
    await vi.waitFor(() => expect(screen.queryAllByRole('alert')).toHaveLength(0));
    expect(screen.getAllByTestId('crud-form-picked-file').map((file) => file.textContent)).toEqual(['receipt.png', 'scan.pdf']);
  });

  it('lists the stored files and deletes one only after the confirmation', async () => {
    const { sent, dataProvider } = recordingProvider((request) =>
      request.method === 'DELETE' ? { message: 'Deleted', data: { ...report, files: [report.files[1]], version: 4 } } : { data: [] },
    );
    renderWithRefine(<FormInPlace resource={repairs} mode="edit" record={report} onClose={() => undefined} />, { dataProvider });
    const stored = await screen.findByTestId('crud-form-stored-files');
    expect(within(stored).getByText('invoice.pdf')).toBeTruthy();
    fireEvent.click(screen.getByTestId('crud-form-file-delete-31'));
    expect(await screen.findByText('Delete the file?')).toBeTruthy();
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement);
    await vi.waitFor(() => expect(sent.find((request) => request.method === 'DELETE')?.path).toBe('/api/transport/repairs/destroy-file/31'));
    await vi.waitFor(() => expect(screen.queryByTestId('crud-form-file-31')).toBeNull());
    expect(screen.getByTestId('crud-form-file-32')).toBeTruthy();
  });

  it('updates with the version of the record after a file was deleted, sends a cleared field empty, and not the vehicle', async () => {
    const { sent, dataProvider } = recordingProvider((request) => {
      if (request.method === 'DELETE') return { message: 'Deleted', data: { ...report, files: [report.files[1]], version: 4 } };
      if (request.method === 'POST') return { message: 'Updated', data: { ...report, version: 5 } };
      return { data: [] };
    });
    const { periodicity: _cleared, ...withoutPeriodicity } = report;
    renderWithRefine(<FormInPlace resource={repairs} mode="edit" record={{ ...withoutPeriodicity }} onClose={() => undefined} />, { dataProvider });
    fireEvent.click(await screen.findByTestId('crud-form-file-delete-31'));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Delete' })).at(-1) as HTMLElement);
    await vi.waitFor(() => expect(screen.queryByTestId('crud-form-file-31')).toBeNull());
    fireEvent.click(screen.getByTestId('crud-form-save'));
    await vi.waitFor(() => expect(sent.find((request) => request.method === 'POST')).toBeTruthy());
    const post = sent.find((request) => request.method === 'POST') as Sent;
    expect(post.path).toBe('/transport/repairs/update/4');
    const fields = Object.fromEntries(entries(post.body));
    expect(fields).toMatchObject({ type: 'repair', cost: '120', periodicity: '', version: '4' });
    expect(fields).not.toHaveProperty('repair_files[]');
    // The vehicle is the create path's: the update cannot move the report, so the form neither offers nor sends it.
    expect(fields).not.toHaveProperty('transport_id');
  });
});

describe('a list scoped to a field (CrudList `scope`)', () => {
  it('asks only for the records of that value, leaves its filter and column out, and a new record starts with it', async () => {
    const { sent, dataProvider } = recordingProvider(() => ({ data: [report], pagination: { total: 1, currentPage: 1, perPage: 10, lastPage: 1 } }));
    renderWithRefine(<CrudList resource={repairs} scope={{ transport_id: 7 }} />, { dataProvider });
    await screen.findByText('yearly');
    expect(sent.find((request) => request.path.startsWith('/transport/repairs?'))?.path).toContain('transport_id=7');
    expect(screen.queryByTestId('filter-transport_id')).toBeNull();
    expect(screen.getByTestId('filter-type')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Transport' })).toBeNull();
    fireEvent.click(screen.getByTestId('crud-create'));
    const input = (await screen.findByTestId('crud-form-files')).querySelector('input[type="file"]') as HTMLInputElement;
    expect(input).toBeTruthy();
    expect(document.getElementById('repairs-create_transport_id')).toBeTruthy();
    expect(screen.getByText(/^7$|Truck|#7/, { selector: '.ant-select-selection-item, .ant-select-selection-item *' })).toBeTruthy();
  });
});
