/**
 * The browser's "leave this page?" while something typed is not saved, and not otherwise; the app's own moves to
 * another page held (in the dialogs: src/crud/form-modal.test.tsx), a move within the page let through.
 */
import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { leavesThePage, useLeaveWarning } from './use-leave-warning';

afterEach(cleanup);

function Form({ unsaved }: { unsaved: boolean }) {
  return <>{useLeaveWarning(unsaved)}</>;
}

const inRouter = (unsaved: boolean) => <RouterProvider router={createMemoryRouter([{ path: '*', element: <Form unsaved={unsaved} /> }])} />;

const leaving = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

const move = (from: string, to: string) => {
  const at = (path: string) => {
    const [pathname, search = ''] = path.split('?');
    return { pathname, search: search ? `?${search}` : '', hash: '', state: null, key: path };
  };
  return { currentLocation: at(from), nextLocation: at(to), historyAction: 'PUSH' as never };
};

describe('the warning before leaving the page', () => {
  it('asks while something is not saved, and stops asking once it is', () => {
    const { rerender } = render(inRouter(true));
    expect(leaving()).toBe(true);
    rerender(inRouter(false));
    expect(leaving()).toBe(false);
  });

  it('does not ask for a form left as it was', () => {
    render(inRouter(false));
    expect(leaving()).toBe(false);
  });

  it('holds a move to another page while unsaved, never a move to the same page at another step or filter', () => {
    expect(leavesThePage(true)(move('/maintenance-acceptance-certificate/new?step=2', '/maintenance-acceptance-certificate'))).toBe(true);
    expect(leavesThePage(true)(move('/maintenance-acceptance-certificate/new?step=2', '/maintenance-acceptance-certificate/new?step=1'))).toBe(false);
    expect(leavesThePage(true)(move('/trailers', '/trailers?currentPage=2'))).toBe(false);
    expect(leavesThePage(false)(move('/trailers', '/orders'))).toBe(false);
  });
});
