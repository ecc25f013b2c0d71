/**
 * A form drawn in place (the employee card's groups, a sub-list's row) keeps what was typed: a move to another page
 * asks first, as the dialog does, and nothing is asked once the form is left as it was.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../resources';
import { FormInPlace } from './form-in-place';
import { json, stubFetch } from './test-fetch';
import { renderWithRefine, setUpScreenTests } from './test-support';

vi.mock('../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

setUpScreenTests();

const trailer = { id: 7, brand: 'Schmitz', model: 'S.KO', license_plate: 'AB 1234', version: 2 };
const inPlace = <FormInPlace resource={resourceByName('trailers')} mode="edit" record={trailer} onClose={() => undefined} />;

describe('the form drawn in place', () => {
  it('asks before a move to another page throws its changes away, and keeps them when the member keeps editing', async () => {
    stubFetch(() => json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } }));
    const { router } = renderWithRefine(inPlace, { entries: ['/employee/5'], path: '/employee/5' });
    fireEvent.change(await screen.findByLabelText(/Brand/), { target: { value: 'Krone' } });

    // Another tab of the same card (the query changes) asks nothing.
    await act(() => router.navigate('/employee/5?tab=addresses'));
    expect(screen.queryByTestId('leave-keep-editing')).toBeNull();

    await act(() => router.navigate('/employees'));
    fireEvent.click(await screen.findByTestId('leave-keep-editing'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByTestId('location').textContent).toBe('/employee/5?tab=addresses');
    expect(screen.getByLabelText<HTMLInputElement>(/Brand/).value).toBe('Krone');
  });

  it('lets the member leave at once when nothing was changed', async () => {
    stubFetch(() => json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } }));
    const { router } = renderWithRefine(inPlace, { entries: ['/employee/5'], path: '/employee/5' });
    await screen.findByLabelText(/Brand/);
    await act(() => router.navigate('/employees'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/employees'));
    expect(screen.queryByTestId('leave-keep-editing')).toBeNull();
  });

  it('opens with the focus in its first field, and gives it back to what opened it once closed', async () => {
    stubFetch(() => json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } }));
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" disabled={open} onClick={() => setOpen(true)}>
            Edit trailer
          </button>
          {open && <FormInPlace resource={resourceByName('trailers')} mode="edit" record={trailer} onClose={() => setOpen(false)} />}
        </>
      );
    }
    renderWithRefine(<Opener />);
    const opener = screen.getByRole('button', { name: 'Edit trailer' });
    act(() => opener.focus());
    fireEvent.click(opener);
    const first = await screen.findByLabelText(/Brand/);
    await waitFor(() => expect(document.activeElement?.closest('form')).toBe(first.closest('form')));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByLabelText(/Brand/)).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
