/**
 * The employee card's in-place editors, answered at the fetch boundary: the status rows of a document
 * (the incorrect-data warning, nothing sent while a row is invalid, cleared fields cleared, dates typed the local way,
 * the relevant row switched) and the
 * passports' add button (blocked at the maximum, with the reason).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../crud/test-fetch';
import { renderWithRefine, setUpScreenTests } from '../../crud/test-support';
import { localToday } from '../../fields/date/expiry';
import { PassportsTab } from './passports-tab';
import { StatusRowsTable } from './status-rows-table';
import type { EmployeeDocument } from './use-employee-documents';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

setUpScreenTests();

const stamp = { created_at: '2026-01-05T10:00:00Z', updated_at: '2026-01-05T10:00:00Z', created_by_name: 'Hanna', updated_by_name: 'Hanna' };
const licence: EmployeeDocument = {
  id: 8,
  document_type_id: 4,
  document_type: { id: 4, name: 'Driving licence', warning_days: 30, statuses: [{ id: 11, name: 'Valid' }] },
  statuses: [
    { id: 21, status: 11, number: 'OLD-1', dateFrom: '2020-01-01', dateUpTo: '2025-01-01', relevant: true, version: 3, ...stamp },
    { id: 22, status: 11, number: 'NEW-2', dateFrom: '2025-01-02', dateUpTo: '2035-01-01', relevant: false, version: 1, ...stamp },
  ],
};

let fetch: ReturnType<typeof stubFetch>;
const sent = (method: string) =>
  fetch.mock.calls
    .filter((call) => call[1]?.method === method)
    .map((call) => ({ url: String(call[0]), body: call[1].body ? (JSON.parse(call[1].body as string) as unknown) : undefined }));

describe('the status rows of an employee document', () => {
  beforeEach(() => {
    fetch = stubFetch(() => json({ message: 'Done', data: {} }));
  });

  it('warns "The table has incorrect entered data!" when a row is added while the new one is invalid, and sends nothing', async () => {
    renderWithRefine(<StatusRowsTable document={licence} employeeId="5" />);
    fireEvent.click(screen.getByTestId('status-row-add-8'));
    // The new row starts today: fine. A start in the future is not (SPEC §5).
    const from = within(screen.getByTestId('status-row-dateFrom')).queryByRole('textbox') ?? screen.getByTestId('status-row-dateFrom');
    expect((from as HTMLInputElement).value).toBe(localToday());
    fireEvent.mouseDown(from);
    fireEvent.change(from, { target: { value: '2099-01-01' } });
    fireEvent.keyDown(from, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.blur(from);
    fireEvent.click(screen.getByTestId('status-row-add-8'));
    expect((await screen.findByTestId('status-rows-incorrect')).textContent).toBe('The table has incorrect entered data!');
    expect(screen.getByTestId('status-row-error-dateFrom').textContent).not.toBe('');
    expect(sent('POST')).toEqual([]);
  });

  it('saves a valid new row with what was typed', async () => {
    renderWithRefine(<StatusRowsTable document={licence} employeeId="5" />);
    fireEvent.click(screen.getByTestId('status-row-add-8'));
    fireEvent.change(screen.getByTestId('status-row-number'), { target: { value: 'LIC-9' } });
    fireEvent.click(screen.getByTestId('status-row-save'));
    await vi.waitFor(() =>
      expect(sent('POST')).toEqual([
        { url: '/api/employees/5/documents/8/status/store', body: { status: 11, number: 'LIC-9', dateFrom: localToday(), relevant: false } },
      ]),
    );
  });

  it('sends a cleared number as null, so the server clears it, and takes a date typed as 01.12.2030', async () => {
    renderWithRefine(<StatusRowsTable document={licence} employeeId="5" />);
    fireEvent.click(screen.getByTestId('status-row-edit-22'));
    fireEvent.change(screen.getByTestId('status-row-number'), { target: { value: '' } });
    const upTo = within(screen.getByTestId('status-row-dateUpTo')).queryByRole('textbox') ?? screen.getByTestId('status-row-dateUpTo');
    fireEvent.mouseDown(upTo);
    fireEvent.change(upTo, { target: { value: '01.12.2030' } });
    fireEvent.keyDown(upTo, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.blur(upTo);
    fireEvent.click(screen.getByTestId('status-row-save'));
    await vi.waitFor(() =>
      expect(sent('PUT')).toEqual([
        {
          url: '/api/employees/5/documents/8/status/22/update',
          body: { status: 11, number: null, dateFrom: '2025-01-02', dateUpTo: '2030-12-01', comment: null, relevant: false, version: 1 },
        },
      ]),
    );
  });

  it('gives the focus to the row’s Edit once its Save has gone with the editing, not to the page’s start', async () => {
    renderWithRefine(<StatusRowsTable document={licence} employeeId="5" />);
    fireEvent.click(screen.getByTestId('status-row-edit-22'));
    fireEvent.change(screen.getByTestId('status-row-number'), { target: { value: 'LIC-22' } });
    const save = screen.getByTestId('status-row-save');
    save.focus();
    fireEvent.click(save);
    await vi.waitFor(() => expect(sent('PUT')).toHaveLength(1));
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('status-row-edit-22')));
  });

  it('makes another row the relevant one with its version, and highlights the relevant row', async () => {
    renderWithRefine(<StatusRowsTable document={licence} employeeId="5" />);
    expect(screen.getByText('OLD-1').closest('tr')?.className).toContain('employee-card__relevant-row');
    expect(screen.getByText('NEW-2').closest('tr')?.className).not.toContain('employee-card__relevant-row');
    const radio = screen.getByTestId('status-row-make-relevant-22');
    fireEvent.click(radio.tagName === 'INPUT' ? radio : (radio.querySelector('input') as HTMLInputElement));
    await vi.waitFor(() => expect(sent('PUT')).toEqual([{ url: '/api/employees/5/documents/8/status/22/update', body: { relevant: true, version: 1 } }]));
  });
});

describe('the passports tab', () => {
  const passport = (id: number) => ({ id, number: `AB00${id}`, type: 'usual', expiration_date: '2030-01-01', primary: id === 1, version: 1, employee_id: 5 });

  it('blocks adding a sixth passport and says why', async () => {
    fetch = stubFetch(() => json({ data: [1, 2, 3, 4, 5].map(passport), pagination: { total: 5, currentPage: 1, perPage: 20, lastPage: 1 } }));
    renderWithRefine(<PassportsTab employeeId="5" />);
    await screen.findByText('AB005');
    const add = screen.getByTestId<HTMLButtonElement>('passport-add');
    expect(add.disabled).toBe(true);
    fireEvent.mouseEnter(screen.getByTestId('passport-add-wrapper'));
    expect(await screen.findByText('An employee cannot have more than 5 passports')).toBeTruthy();
    expect(screen.getByTestId('passport-primary-1').textContent).toContain('Primary');
  });

  it('opens one new passport in place and blocks a second until it is saved or cancelled', async () => {
    fetch = stubFetch(() => json({ data: [passport(1)], pagination: { total: 1, currentPage: 1, perPage: 20, lastPage: 1 } }));
    renderWithRefine(<PassportsTab employeeId="5" />);
    await screen.findByText('AB001');
    fireEvent.click(screen.getByTestId('passport-add'));
    expect(await screen.findByTestId('passport-new')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('passport-add').disabled).toBe(true);
    fireEvent.click(await screen.findByTestId('crud-form-cancel'));
    await vi.waitFor(() => expect(screen.queryByTestId('passport-new')).toBeNull());
    expect(screen.getByTestId<HTMLButtonElement>('passport-add').disabled).toBe(false);
  });
});
