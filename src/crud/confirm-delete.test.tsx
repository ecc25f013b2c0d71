/** A delete's question from the keyboard: the focus goes in on Cancel, and back to the bin once answered. */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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
});
