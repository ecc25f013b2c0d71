import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
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

  it('gives the focus to the row that took the deleted row’s place, or to the last row', async () => {
    function Rows() {
      const [ids, setIds] = useState(['a', 'b', 'c']);
      return (
        <div className="ant-table-wrapper">
          <table>
            <tbody>
              {ids.map((id) => (
                <tr key={id} data-row-key={id}>
                  <td>
                    <DeferredPopconfirm
                      title="Delete?"
                      okText="Delete"
                      cancelText="Cancel"
                      onConfirm={() => setTimeout(() => setIds((all) => all.filter((other) => other !== id)), 150)}
                    >
                      <button type="button" data-testid={`delete-${id}`}>
                        bin {id}
                      </button>
                    </DeferredPopconfirm>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    render(<Rows />);
    const remove = async (id: string) => {
      act(() => screen.getByTestId(`delete-${id}`).focus());
      fireEvent.click(screen.getByTestId(`delete-${id}`));
      fireEvent.click((await screen.findAllByText('Delete')).at(-1)!);
      await waitFor(() => expect(screen.queryByTestId(`delete-${id}`)).toBeNull());
    };
    await remove('b');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('delete-c')));
    await remove('c');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('delete-a')));
  });
});
