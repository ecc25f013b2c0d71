/**
 * The Import dialog of a generic list, against a fake API client at the data provider's boundary: a file
 * is checked first (a dry run), the mapping can be corrected and checked again (the new mapping is sent),
 * the errors show per row, Import waits for a check without errors (or "only the valid rows"), and after
 * the import the summary shows and the list asks the server again.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../../resources';
import { signInForTest } from '../../access/test-session';
import type { RequestOptions } from '../../providers/api-client';
import { ApiError } from '../../providers/api-error';
import { createDataProvider, type DataClient } from '../../providers/data-provider';
import { CrudList } from '../crud-list';
import { renderWithRefine, setUpScreenTests } from '../test-support';
import type { ImportAnswer, ImportMapping } from './import-types';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

setUpScreenTests();
beforeEach(() => signInForTest());

const employees = resourceByName('employees');

const fields: ImportAnswer['fields'] = [
  { field: 'name', label: 'First name', required: true },
  { field: 'last_name', label: 'Last name', required: true },
  { field: 'email', label: 'E-mail' },
];

interface SentImport {
  path: string;
  dryRun: string;
  mode: string;
  mapping: ImportMapping | undefined;
  fileName: string;
}

/**
 * A server for the employees list: its rows, and an import route that reads the heading "Surname" only when
 * the mapping says so (then 2 of 20 rows are invalid), and creates the valid rows when asked to.
 */
function importServer(refusal?: ApiError, rows = 20) {
  const imports: SentImport[] = [];
  const listCalls: string[] = [];
  const client: DataClient = {
    request: vi.fn((method: string, path: string, options: RequestOptions = {}) => {
      if (method === 'GET') {
        listCalls.push(path);
        return Promise.resolve({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } });
      }
      const body = options.body as FormData;
      const mappingText = body.get('mapping');
      const mapping = typeof mappingText === 'string' ? (JSON.parse(mappingText) as ImportMapping) : undefined;
      imports.push({ path, dryRun: body.get('dry_run') as string, mode: body.get('mode') as string, mapping, fileName: (body.get('file') as File).name });
      options.onProgress?.(40);
      options.onProgress?.(100);
      if (refusal) return Promise.reject(refusal);
      const surnameMapped = mapping?.Surname === 'last_name';
      const dryRun = body.get('dry_run') === 'true';
      const errors =
        rows === 0
          ? []
          : surnameMapped
            ? [
                { row: 5, column: 'Surname', field: 'last_name', message: 'Must contain letters only' },
                { row: 9, column: 'E-mail', field: 'email', message: 'Must be a valid e-mail address' },
              ]
            : Array.from({ length: 20 }, (_, index) => ({ row: index + 2, field: 'last_name', message: 'Required' }));
      const valid = rows - new Set(errors.map((error) => error.row)).size;
      const answer: ImportAnswer = {
        dry_run: dryRun,
        mode: body.get('mode') as 'all' | 'valid',
        rows,
        valid,
        created: dryRun || (body.get('mode') === 'all' && errors.length > 0) ? 0 : valid,
        columns: [
          { column: 'First name', field: 'name' },
          { column: 'Surname', field: surnameMapped ? 'last_name' : null },
          { column: 'E-mail', field: 'email' },
        ],
        fields,
        errors,
        more_errors: 0,
      };
      return Promise.resolve({ message: 'Checked', data: answer });
    }) as DataClient['request'],
  };
  return { imports, listCalls, dataProvider: createDataProvider(client) };
}

const csv = (size?: number) => {
  const file = new File(['First name,Surname,E-mail\nAnna,Kowalska,anna@example.com\n'], 'drivers.csv', { type: 'text/csv' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

async function openDialogAndChoose(file: File) {
  fireEvent.click(await screen.findByTestId('crud-import'));
  const drop = await screen.findByTestId('import-file');
  const input = drop.querySelector('input[type="file"]')!;
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
    await Promise.resolve();
  });
}

/** Picks an option of the antd Select in the mapping row `index`. */
async function mapColumn(index: number, label: string) {
  const select = screen.getByTestId(`import-mapping-${index}`).querySelector('.ant-select-selector')!;
  fireEvent.mouseDown(select);
  const option = await vi.waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (candidate) => candidate.textContent === label,
    );
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

/** antd puts a Radio's test id on its input. */
function chooseOnlyValidRows() {
  const radio = screen.getByTestId('import-mode-valid');
  fireEvent.click(radio.tagName === 'INPUT' ? radio : radio.querySelector('input')!);
}

const runButton = () => screen.getByTestId<HTMLButtonElement>('import-run');

describe('import dialog', () => {
  it('checks the file first, then sends the corrected mapping when checking again and shows the errors per row', async () => {
    const { imports, dataProvider } = importServer();
    renderWithRefine(<CrudList resource={employees} />, { dataProvider });
    await openDialogAndChoose(csv());
    await screen.findByTestId('import-review');
    expect(imports).toEqual([{ path: '/api/employees/import', dryRun: 'true', mode: 'all', mapping: undefined, fileName: 'drivers.csv' }]);
    expect(screen.getByTestId('import-rows').textContent).toContain('20');
    // The column the server could not match reads "Do not import"; a required field has no column.
    expect(screen.getByTestId('import-mapping-1').textContent).toContain('Do not import');
    expect(screen.getByTestId('import-mapping-0').textContent).toContain('First name *');
    expect(screen.getByText(/Required fields without a column: Last name/)).toBeTruthy();
    expect(runButton().disabled).toBe(true);

    await mapColumn(1, 'Last name *');
    expect(screen.getByText(/The mapping has changed/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('import-recheck'));
    await vi.waitFor(() => expect(imports).toHaveLength(2));
    expect(imports[1]).toMatchObject({ dryRun: 'true', mode: 'all', mapping: { 'First name': 'name', Surname: 'last_name', 'E-mail': 'email' } });

    const errors = await screen.findByTestId('import-errors');
    await vi.waitFor(() => expect(within(errors).getAllByRole('row')).toHaveLength(3));
    expect(screen.getByTestId('import-error-5-last_name').textContent).toContain('Must contain letters only');
    expect(screen.getByTestId('import-error-9-email').textContent).toContain('E-mail');
    expect(screen.getByTestId('import-valid').textContent).toContain('18');
    // All or nothing with errors: nothing to import.
    expect(runButton().disabled).toBe(true);
    chooseOnlyValidRows();
    await vi.waitFor(() => expect(runButton().disabled).toBe(false));
  });

  it('imports only the valid rows with the mapping, shows the summary and refreshes the list', async () => {
    const { imports, listCalls, dataProvider } = importServer();
    renderWithRefine(<CrudList resource={employees} />, { dataProvider });
    await openDialogAndChoose(csv());
    await screen.findByTestId('import-review');
    await mapColumn(1, 'Last name *');
    fireEvent.click(screen.getByTestId('import-recheck'));
    await screen.findByTestId('import-error-5-last_name');
    chooseOnlyValidRows();
    await vi.waitFor(() => expect(runButton().disabled).toBe(false));
    const listsBefore = listCalls.length;
    fireEvent.click(runButton());
    const summary = await screen.findByTestId('import-summary');
    expect(imports.at(-1)).toMatchObject({ dryRun: 'false', mode: 'valid', mapping: { Surname: 'last_name' } });
    expect(summary.textContent).toContain('Created 18 of 20 rows');
    expect(summary.textContent).toContain('Rows not imported: 2 (2 errors).');
    // Refine's invalidation: the list behind the dialog asks the server again.
    await vi.waitFor(() => expect(listCalls.length).toBeGreaterThan(listsBefore));
    fireEvent.click(screen.getByTestId('import-close'));
    await vi.waitFor(() => expect(screen.queryByTestId('import-summary')).toBeNull());
  });

  it('keeps Import disabled while the mapping differs from the one last checked', async () => {
    const { dataProvider } = importServer();
    renderWithRefine(<CrudList resource={employees} />, { dataProvider });
    await openDialogAndChoose(csv());
    await screen.findByTestId('import-review');
    chooseOnlyValidRows();
    await mapColumn(1, 'Last name *');
    expect(runButton().disabled).toBe(true);
  });

  it('says why Import stays off for a file of headings and no rows', async () => {
    const { dataProvider } = importServer(undefined, 0);
    renderWithRefine(<CrudList resource={employees} />, { dataProvider });
    await openDialogAndChoose(csv());
    expect((await screen.findByTestId('import-no-rows')).textContent).toBe('The file has headings but no rows under them: there is nothing to import.');
    expect(runButton().disabled).toBe(true);
  });

  it('keeps the focus in the dialog once the file is checked, so Escape still closes it', async () => {
    const { dataProvider } = importServer();
    renderWithRefine(<CrudList resource={employees} />, { dataProvider });
    await openDialogAndChoose(csv());
    await screen.findByTestId('import-review');
    await vi.waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await vi.waitFor(() => expect(screen.queryByTestId('import-review')).toBeNull());
  });

  it('refuses a file over 20 MB before sending anything', async () => {
    const { imports, dataProvider } = importServer();
    renderWithRefine(<CrudList resource={employees} />, { dataProvider });
    await openDialogAndChoose(csv(21 * 1024 * 1024));
    expect((await screen.findByTestId('import-refused')).textContent).toContain('drivers.csv is larger than 20 MB');
    expect(imports).toEqual([]);
  });

  it('shows the server’s refusal of the file with its reason', async () => {
    const refusal = new ApiError({
      status: 415,
      message: 'The file is not a CSV or XLSX file',
      fieldErrors: { file: ['An executable cannot be imported'] },
      hasServerMessage: true,
    });
    const { dataProvider } = importServer(refusal);
    renderWithRefine(<CrudList resource={employees} />, { dataProvider });
    await openDialogAndChoose(csv());
    const alert = await screen.findByTestId('import-refusal');
    expect(alert.textContent).toContain('The file is not a CSV or XLSX file');
    expect(alert.textContent).toContain('An executable cannot be imported');
    // Another file can be chosen.
    expect(screen.getByTestId('import-file')).toBeTruthy();
  });
});

describe('import dialog for a resource that tells rows already there (orders by cargo number)', () => {
  /** Rows 2 and 5 of four are there already; a real import with `existing=skip` leaves them out. */
  function ordersServer() {
    const sent: Array<{ dryRun: string; existing: string | null }> = [];
    const client: DataClient = {
      request: vi.fn((method: string, _path: string, options: RequestOptions = {}) => {
        if (method === 'GET') return Promise.resolve({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } });
        const body = options.body as FormData;
        const dryRun = body.get('dry_run') === 'true';
        const existing = body.get('existing') as string | null;
        sent.push({ dryRun: String(dryRun), existing });
        const skipped = existing === 'skip' ? 2 : 0;
        const answer: ImportAnswer = {
          dry_run: dryRun,
          mode: 'all',
          rows: 4,
          valid: 4 - skipped,
          created: dryRun ? 0 : 4 - skipped,
          columns: [{ column: 'Cargo number', field: 'cargo_number' }],
          fields: [{ field: 'cargo_number', label: 'Cargo number', required: true }],
          errors: [],
          more_errors: 0,
          match_field: 'cargo_number',
          existing: 2,
          existing_rows: [2, 5],
          skipped,
        };
        return Promise.resolve({ message: 'Checked', data: answer });
      }) as DataClient['request'],
    };
    return { sent, dataProvider: createDataProvider(client) };
  }

  it('says which rows are there already and skips them unless the member asks for them', async () => {
    const { sent, dataProvider } = ordersServer();
    renderWithRefine(<CrudList resource={resourceByName('orders')} />, { dataProvider });
    await openDialogAndChoose(new File(['Cargo number\nA\n'], 'orders.csv', { type: 'text/csv' }));
    const warning = await screen.findByTestId('import-existing');
    expect(warning.textContent).toContain('Rows with a “Cargo number” already there: 2 (in the file: 2, 5).');
    // An edited export brought back does not change them: said before the run.
    expect(within(warning).getByTestId('import-existing-not-changed').textContent).toContain('does not change the records already there');
    const skip = within(warning).getByRole('checkbox');
    expect((skip as HTMLInputElement).checked).toBe(true);
    await vi.waitFor(() => expect(runButton().disabled).toBe(false));
    fireEvent.click(runButton());
    const summary = await screen.findByTestId('import-summary');
    expect(sent.map((request) => request.existing)).toEqual([null, 'skip']);
    expect(summary.textContent).toContain('Created 2 of 4 rows');
    expect(screen.getByTestId('import-skipped-existing').textContent).toBe('Rows skipped as already there: 2.');
  });

  it('creates them all the same when the member unticks the choice', async () => {
    const { sent, dataProvider } = ordersServer();
    renderWithRefine(<CrudList resource={resourceByName('orders')} />, { dataProvider });
    await openDialogAndChoose(new File(['Cargo number\nA\n'], 'orders.csv', { type: 'text/csv' }));
    fireEvent.click(within(await screen.findByTestId('import-existing')).getByRole('checkbox'));
    fireEvent.click(runButton());
    await screen.findByTestId('import-summary');
    expect(sent.at(-1)?.existing).toBe('create');
    expect(screen.queryByTestId('import-skipped-existing')).toBeNull();
  });
});
