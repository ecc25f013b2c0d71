import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../crud/test-fetch';
import { renderWithRefine, setUpScreenTests } from '../../crud/test-support';
import { StatusesEditor, type DocumentType } from './statuses-editor';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

setUpScreenTests();

const licence: DocumentType = {
  id: 4,
  name: 'Driving licence',
  statuses: [
    { id: 11, name: 'Valid' },
    { id: 12, name: 'Suspended' },
  ],
};
let fetch: ReturnType<typeof stubFetch>;

beforeEach(() => {
  fetch = stubFetch((url) => {
    if (url.endsWith('/usage')) return json({ data: { employee_documents: url.includes('/status/12/') ? 3 : 0 } });
    return json({ message: 'Done', data: licence });
  });
});

const sent = (method: string) =>
  fetch.mock.calls
    .filter((call) => call[1]?.method === method)
    .map((call) => ({ url: String(call[0]), body: call[1].body ? (JSON.parse(call[1].body as string) as unknown) : undefined }));

describe('the statuses of a document type, edited in place', () => {
  it('renames a status with Enter, sending only the new name', async () => {
    renderWithRefine(<StatusesEditor type={licence} />);
    const input = screen.getByTestId('status-name-12');
    fireEvent.change(input, { target: { value: 'Withdrawn' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await vi.waitFor(() => expect(sent('PUT')).toEqual([{ url: '/api/documents/4/status/update/12', body: { name: 'Withdrawn' } }]));
  });

  it('refuses an empty or too long name under the field, and sends nothing', async () => {
    renderWithRefine(<StatusesEditor type={licence} />);
    fireEvent.change(screen.getByTestId('status-name-11'), { target: { value: 'x'.repeat(31) } });
    expect(await screen.findByText('Must be at most 30 characters')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('status-save-11').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('status-add-4'));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(sent('POST')).toEqual([]);
    expect(sent('PUT')).toEqual([]);
  });

  it('shows the server’s refusal of a name the type already has under the field, until the name is changed', async () => {
    const taken = { message: 'The given data was invalid.', errors: { name: ['Each value may appear only once'] } };
    fetch = stubFetch((_url, init) =>
      init.method === 'PUT'
        ? json(taken, 422)
        : init.method === 'POST'
          ? json({ ...taken, errors: { statuses: taken.errors.name } }, 422)
          : json({ data: licence }),
    );
    renderWithRefine(<StatusesEditor type={licence} />);
    fireEvent.change(screen.getByTestId('status-name-12'), { target: { value: 'valid' } });
    fireEvent.click(screen.getByTestId('status-save-12'));
    const row = screen.getByTestId('status-12');
    expect(await within(row).findByText('Each value may appear only once')).toBeTruthy();
    fireEvent.change(screen.getByTestId('status-name-12'), { target: { value: 'Withdrawn' } });
    // (antd lets a help text go with an animation: awaited.)
    await vi.waitFor(() => expect(within(row).queryByText('Each value may appear only once')).toBeNull());

    fireEvent.change(screen.getByTestId('status-new-4'), { target: { value: 'Valid' } });
    fireEvent.click(screen.getByTestId('status-add-4'));
    expect(await screen.findByText('Each value may appear only once')).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('status-new-4').value).toBe('Valid');
  });

  it('adds a status', async () => {
    renderWithRefine(<StatusesEditor type={licence} />);
    fireEvent.change(screen.getByTestId('status-new-4'), { target: { value: 'Expired' } });
    fireEvent.click(screen.getByTestId('status-add-4'));
    await vi.waitFor(() => expect(sent('POST')).toEqual([{ url: '/api/documents/4/status/store', body: { statuses: [{ name: 'Expired' }] } }]));
  });

  it('adds a status once when Add is clicked twice before the answer (a double click)', async () => {
    renderWithRefine(<StatusesEditor type={licence} />);
    fireEvent.change(screen.getByTestId('status-new-4'), { target: { value: 'Expired' } });
    // Both clicks before React draws the button busy, as a browser's double click may land.
    const add = screen.getByTestId('status-add-4');
    act(() => {
      add.click();
      add.click();
    });
    await vi.waitFor(() => expect(sent('POST')).toHaveLength(1));
    await vi.waitFor(() => expect(screen.getByTestId<HTMLInputElement>('status-new-4').value).toBe(''));
    expect(sent('POST')).toHaveLength(1);
  });

  it('names the status, says how many employee documents a delete takes with it, and deletes only when confirmed', async () => {
    renderWithRefine(<StatusesEditor type={licence} />);
    fireEvent.click(screen.getByTestId('status-delete-12'));
    expect((await screen.findByTestId('delete-impact')).textContent).toBe('This also deletes 3 employee documents.');
    expect(document.querySelector('.ant-popconfirm-title')?.textContent).toBe(`Delete “${licence.statuses?.find((status) => status.id === 12)?.name}”?`);
    expect(sent('DELETE')).toEqual([]);
    fireEvent.click(within(document.querySelector('.ant-popconfirm') as HTMLElement).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(sent('DELETE').map((request) => request.url)).toEqual(['/api/documents/4/status/destroy/12']));
  });

  it('keeps the last status: its delete button is disabled', () => {
    renderWithRefine(<StatusesEditor type={{ ...licence, statuses: [{ id: 11, name: 'Valid' }] }} />);
    expect(screen.getByTestId<HTMLButtonElement>('status-delete-11').disabled).toBe(true);
  });
});
