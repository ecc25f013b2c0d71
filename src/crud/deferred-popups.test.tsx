import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeferredPopconfirm, DeferredTooltip } from './deferred-popups';

afterEach(cleanup);

describe('row actions whose popups mount on first use', () => {
  it('draws the button without its tooltip, and shows the tooltip when the pointer comes over it', async () => {
    render(
      <DeferredTooltip title="Show the record">
        <button type="button">eye</button>
      </DeferredTooltip>,
    );
    expect(screen.queryByText('Show the record')).toBeNull();
    fireEvent.pointerEnter(screen.getByText('eye').parentElement!);
    fireEvent.pointerOver(screen.getByText('eye'));
    expect(await screen.findByText('Show the record')).toBeTruthy();
    expect(screen.getAllByText('eye')).toHaveLength(1);
  });

  it('keeps the keyboard focus on the button when its tooltip mounts', () => {
    render(
      <DeferredTooltip title="Edit">
        <button type="button">pencil</button>
      </DeferredTooltip>,
    );
    act(() => screen.getByText('pencil').focus());
    expect(document.activeElement?.textContent).toBe('pencil');
    expect(document.activeElement).toBe(screen.getByText('pencil'));
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
