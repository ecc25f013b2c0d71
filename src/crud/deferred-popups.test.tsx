import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeferredPopconfirm } from './deferred-popups';

afterEach(cleanup);

describe('a row’s delete button whose confirmation mounts on first use', () => {
  it('keeps the keyboard focus on the button when its confirmation mounts', async () => {
    render(
      <DeferredPopconfirm title="Delete?">
        <button type="button">bin</button>
      </DeferredPopconfirm>,
    );
    act(() => screen.getByText('bin').focus());
    fireEvent.click(screen.getByText('bin'));
    expect(await screen.findByText('Delete?')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByText('bin'));
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
