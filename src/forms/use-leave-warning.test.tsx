/** The browser's "leave this page?" while something typed is not saved, and not otherwise. */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLeaveWarning } from './use-leave-warning';

afterEach(cleanup);

function Form({ unsaved }: { unsaved: boolean }) {
  useLeaveWarning(unsaved);
  return null;
}

const leaving = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('the warning before leaving the page', () => {
  it('asks while something is not saved, and stops asking once it is', () => {
    const { rerender } = render(<Form unsaved />);
    expect(leaving()).toBe(true);
    rerender(<Form unsaved={false} />);
    expect(leaving()).toBe(false);
  });

  it('does not ask for a form left as it was', () => {
    render(<Form unsaved={false} />);
    expect(leaving()).toBe(false);
  });
});
