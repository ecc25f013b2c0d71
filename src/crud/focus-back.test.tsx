/** A dialog unmounted at once gives the focus back to what opened it, unless the member has put it elsewhere. */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusBackToOpener } from './focus-back';

afterEach(cleanup);

function Dialog() {
  useFocusBackToOpener();
  // eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog's first field takes the focus, as the real ones do
  return <input aria-label="in the dialog" autoFocus />;
}

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Change category</button>
      <button onClick={() => setOpen(false)}>elsewhere</button>
      {open && <Dialog />}
      <button data-testid="close" onClick={() => setOpen(false)} />
    </>
  );
}

describe('the focus after a dialog', () => {
  it('goes back to the button that opened it when the dialog is taken out at once', async () => {
    render(<Page />);
    const opener = screen.getByText('Change category');
    opener.focus();
    act(() => opener.click());
    expect(document.activeElement).toBe(screen.getByLabelText('in the dialog'));
    // Closed without a click on anything that keeps the focus (Escape, a save): the focus falls with the dialog.
    act(() => (document.activeElement as HTMLElement).blur());
    act(() => screen.getByTestId('close').click());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("goes to the page's title when the button that opened it is gone (an empty list's Create, once a record is there)", async () => {
    function EmptyList() {
      const [state, setState] = useState<'empty' | 'creating' | 'filled'>('empty');
      return (
        <>
          <h1 data-testid="page-title">Departments</h1>
          {state === 'empty' && <button onClick={() => setState('creating')}>Create the first</button>}
          {state === 'creating' && <Dialog />}
          {state !== 'empty' && <button data-testid="saved" onClick={() => setState('filled')} />}
        </>
      );
    }
    render(<EmptyList />);
    const opener = screen.getByText('Create the first');
    opener.focus();
    act(() => opener.click());
    act(() => (document.activeElement as HTMLElement).blur());
    act(() => screen.getByTestId('saved').click());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('page-title')));
  });

  it('leaves the focus where the member put it meanwhile', async () => {
    render(<Page />);
    const opener = screen.getByText('Change category');
    opener.focus();
    act(() => opener.click());
    const elsewhere = screen.getByText('elsewhere');
    elsewhere.focus();
    act(() => elsewhere.click());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.activeElement).toBe(elsewhere);
  });
});
