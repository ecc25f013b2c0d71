/** The create dialog gives the keyboard back to the button that opened it, as a list unmounts it on closing. */
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
});
