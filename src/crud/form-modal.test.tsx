/**
 * The create dialog gives the keyboard back to the button that opened it, as a list unmounts it on closing, and holds
 * a move to another page while it has changes.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../resources';
import { FormModal } from './form-modal';
import { json, stubFetch } from './test-fetch';
import { renderWithRefine, setUpScreenTests } from './test-support';

vi.mock('../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

setUpScreenTests();

function ListWithDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Create trailer
      </button>
      {open && <FormModal resource={resourceByName('trailers')} mode="create" open onClose={() => setOpen(false)} />}
    </>
  );
}

describe('the form dialog', () => {
  it('gives the focus back to what opened it when it closes', async () => {
    stubFetch(() => json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } }));
    renderWithRefine(<ListWithDialog />);
    const opener = screen.getByText('Create trailer');
    act(() => opener.focus());
    fireEvent.click(opener);
    fireEvent.click(await screen.findByTestId('crud-form-cancel'));
    await waitFor(() => expect(screen.queryByTestId('crud-form-cancel')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('asks before a move to another page throws its changes away, and lets a move within the page through', async () => {
    stubFetch(() => json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } }));
    const { router } = renderWithRefine(<ListWithDialog />, { entries: ['/trailers'], path: '/trailers' });
    fireEvent.click(screen.getByText('Create trailer'));
    const brand = await screen.findByLabelText(/Brand/);
    fireEvent.change(brand, { target: { value: 'Krone' } });

    // The list's own address changing (a filter, a page) keeps the dialog and asks nothing.
    await act(() => router.navigate('/trailers?currentPage=2'));
    expect(screen.queryByTestId('leave-keep-editing')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/trailers?currentPage=2');

    // A menu link to another page is held: the question comes, with the safe answer focused.
    await act(() => router.navigate('/orders'));
    const keepEditing = await screen.findByTestId('leave-keep-editing');
    await waitFor(() => expect(document.activeElement).toBe(keepEditing));
    expect(screen.getByTestId('location').textContent).toBe('/trailers?currentPage=2');
    fireEvent.click(keepEditing);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByTestId('location').textContent).toBe('/trailers?currentPage=2');
    expect(screen.getByLabelText<HTMLInputElement>(/Brand/).value).toBe('Krone');

    // Asked again and answered Discard: the move goes on.
    await act(() => router.navigate('/orders'));
    // (jsdom runs no animations: the first question's closed dialog may still be in the document.)
    await waitFor(() => expect(screen.getAllByTestId('leave-discard')).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId('leave-discard')[1]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/orders'));
  });

  it('goes with its page on Back when nothing was typed, and stays with what was typed', async () => {
    stubFetch(() => json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } }));
    const { router } = renderWithRefine(<ListWithDialog />, { entries: ['/trailers?currentPage=1', '/trailers?currentPage=2'], path: '/trailers' });
    fireEvent.click(screen.getByText('Create trailer'));
    await screen.findByLabelText(/Brand/);
    await act(() => router.navigate(-1));
    expect(screen.getByTestId('location').textContent).toBe('/trailers?currentPage=1');
    await waitFor(() => expect(screen.queryByLabelText(/Brand/)).toBeNull());

    fireEvent.click(screen.getByText('Create trailer'));
    fireEvent.change(await screen.findByLabelText(/Brand/), { target: { value: 'Krone' } });
    await act(() => router.navigate(1));
    expect(screen.getByTestId('location').textContent).toBe('/trailers?currentPage=2');
    expect(screen.getByLabelText<HTMLInputElement>(/Brand/).value).toBe('Krone');
  });

  it('saves again with the same Idempotency-Key after the line dropped, and with a new one once the values changed', async () => {
    const keys: string[] = [];
    const fetch = vi.fn((_url: string, init: RequestInit) => {
      if (init.method !== 'POST') return Promise.resolve(json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } }));
      keys.push(new Headers(init.headers).get('Idempotency-Key') ?? 'none');
      // The first two sends' answers are lost on the way back: the browser reports the network failure.
      if (keys.length <= 2) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(json({ message: 'Created', data: { id: 5, register_number: 'KR 1234' } }));
    });
    vi.stubGlobal('fetch', fetch);
    renderWithRefine(<ListWithDialog />);
    fireEvent.click(screen.getByText('Create trailer'));
    fireEvent.change(await screen.findByLabelText(/Registration number/), { target: { value: 'KR 123' } });
    const save = () => fireEvent.click(screen.getByTestId('crud-form-save'));
    save();
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('crud-form-save').closest('button')?.disabled).not.toBe(true));
    save();
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(screen.getByTestId('crud-form-save').closest('button')?.disabled).not.toBe(true));
    fireEvent.change(screen.getByLabelText(/Registration number/), { target: { value: 'KR 1234' } });
    save();
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('lets a move to another page through at once while nothing was changed', async () => {
    stubFetch(() => json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } }));
    const { router } = renderWithRefine(<ListWithDialog />, { entries: ['/trailers'], path: '/trailers' });
    fireEvent.click(screen.getByText('Create trailer'));
    await screen.findByLabelText(/Brand/);
    await act(() => router.navigate('/orders'));
    expect(screen.getByTestId('location').textContent).toBe('/orders');
    expect(screen.queryByTestId('leave-discard')).toBeNull();
  });

  it('labels the fields of a list’s items in words, without an item header made of the list’s name', async () => {
    stubFetch(() => json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } }));
    renderWithRefine(<FormModal resource={resourceByName('hr-document-types')} mode="create" open onClose={() => undefined} />);
    await screen.findByLabelText(/^Short name/);
    if (!screen.queryByLabelText(/^Status$/)) fireEvent.click(screen.getByRole('button', { name: 'Add status' }));
    expect(await screen.findByLabelText(/^Status$/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/statuses-1|Days before the end date/);
  });

  it('puts the focus in the item “Add status” adds, so what is typed next goes there', async () => {
    stubFetch(() => json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } }));
    renderWithRefine(<FormModal resource={resourceByName('hr-document-types')} mode="create" open onClose={() => undefined} />);
    await screen.findByLabelText(/^Short name/);
    const before = screen.queryAllByLabelText(/^Status$/).length;
    fireEvent.click(screen.getByRole('button', { name: 'Add status' }));
    await waitFor(() => expect(screen.getAllByLabelText(/^Status$/)).toHaveLength(before + 1));
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByLabelText(/^Status$/).at(-1)));
  });
});
