/** A delete's question from the keyboard: the focus goes in on Cancel, and back to the bin once answered. */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Modal } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../i18n/test-i18n';
import { ConfirmDelete } from './confirm-delete';

beforeAll(initTestI18n);
afterEach(cleanup);

describe('the delete question', () => {
  it('takes the focus on Cancel and gives it back to the bin when answered', async () => {
    const onConfirm = vi.fn();
    render(<ConfirmDelete onConfirm={onConfirm} testId="delete-type" iconOnly />);
    const bin = screen.getByTestId('delete-type');
    act(() => bin.focus());
    fireEvent.click(bin);
    const cancel = (await screen.findByText('Cancel')).closest('button');
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    fireEvent.click(cancel!);
    await waitFor(() => expect(document.activeElement).toBe(bin));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('closes on Escape from inside the question, and when the focus moves on out of it', async () => {
    render(
      <>
        <ConfirmDelete onConfirm={vi.fn()} testId="delete-type" iconOnly />
        <button type="button">elsewhere</button>
      </>,
    );
    const bin = screen.getByTestId('delete-type');
    const question = () => document.querySelector('.ant-popover:not(.ant-popover-hidden)');
    act(() => bin.focus());
    fireEvent.click(bin);
    const cancel = (await screen.findByText('Cancel')).closest('button')!;
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    fireEvent.keyDown(cancel, { key: 'Escape' });
    await waitFor(() => expect(question()).toBeNull());
    expect(document.activeElement).toBe(bin);

    fireEvent.click(bin);
    await waitFor(() => expect(question()).not.toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('Cancel').closest('button')));
    // Tab on out of the question (to a button of the page): it closes, and the focus stays where it went.
    const elsewhere = screen.getByText('elsewhere');
    act(() => elsewhere.focus());
    await waitFor(() => expect(question()).toBeNull());
    expect(document.activeElement).toBe(elsewhere);
  });

  it('inside a dialog (a table settings row): takes the focus, and Escape closes the question alone, not the dialog', async () => {
    const onCancel = vi.fn();
    render(
      <Modal open title="Table settings" onCancel={onCancel} footer={null}>
        <ConfirmDelete onConfirm={vi.fn()} testId="delete-column" iconOnly />
      </Modal>,
    );
    const bin = await screen.findByTestId('delete-column');
    act(() => bin.focus());
    fireEvent.click(bin);
    const cancel = (await screen.findByText('Cancel')).closest('button')!;
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    fireEvent.keyDown(cancel, { key: 'Escape' });
    await waitFor(() => expect(document.querySelector('.ant-popover:not(.ant-popover-hidden)')).toBeNull());
    expect(onCancel).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(bin);
  });

  it('closes when Tab goes past it onto the page itself, the focus named nowhere', async () => {
    render(<ConfirmDelete onConfirm={vi.fn()} testId="delete-type" iconOnly />);
    const bin = screen.getByTestId('delete-type');
    act(() => bin.focus());
    fireEvent.click(bin);
    const cancel = (await screen.findByText('Cancel')).closest('button')!;
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    act(() => cancel.blur());
    await waitFor(() => expect(document.querySelector('.ant-popover:not(.ant-popover-hidden)')).toBeNull());
  });
});
