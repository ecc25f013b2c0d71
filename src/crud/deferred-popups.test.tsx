import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeferredPopconfirm } from './deferred-popups';

afterEach(cleanup);

describe('a row’s delete button whose confirmation mounts on first use', () => {
  it('takes the keyboard focus into its question, on Cancel, when its confirmation mounts, and back to the button once answered', async () => {
    render(
      <DeferredPopconfirm title="Delete?" okText="Delete" cancelText="Cancel">
        <button type="button">bin</button>
      </DeferredPopconfirm>,
    );
    act(() => screen.getByText('bin').focus());
    fireEvent.click(screen.getByText('bin'));
    expect(await screen.findByText('Delete?')).toBeTruthy();
    const cancel = screen.getByText('Cancel').closest('button');
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    fireEvent.click(cancel!);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('bin')));
  });

  it('asks for the confirmation on the first click, and confirms once asked', async () => {
    const onConfirm = vi.fn();
    render(
      <DeferredPopconfirm title="Delete this order?" okText="Delete" cancelText="Cancel" onConfirm={onConfirm}>
        <button type="button">bin</button>
      </DeferredPopconfirm>,
    );
    expect(screen.queryByText('Delete this order?')).toBeNull();
    fireEvent.click(screen.getByText('bin'));
    expect(await screen.findByText('Delete this order?')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('Delete'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
