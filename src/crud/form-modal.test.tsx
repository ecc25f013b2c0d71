/** The create dialog gives the keyboard back to the button that opened it, as a list unmounts it on closing. */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../resources';
import { signInForTest } from '../access/test-session';
import { initTestI18n } from '../i18n/test-i18n';
import { FormModal } from './form-modal';
import { json, stubFetch } from './test-fetch';
import { renderWithRefine } from './test-support';

vi.mock('../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

beforeAll(async () => {
  await initTestI18n();
  signInForTest();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
