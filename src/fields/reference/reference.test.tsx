/**
 * References on Refine's hooks: labels through `useMany` (batched, in Refine's cache, following a rename at
 * once), pickers through `useSelect` (server search, the current value's label), silent on failure.
 */
import { useUpdate } from '@refinedev/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../crud/test-fetch';
import { TestRefine } from '../../crud/test-support';
import { initTestI18n } from '../../i18n/test-i18n';
import { signInForTest, signOutForTest } from '../../access/test-session';
import { toast } from '../../providers/toast';
import type { PropertySchema, WidgetProps } from '../types';
import { referenceKind } from '.';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

const vehicleSchema: PropertySchema = { type: 'integer', 'x-ref': { resource: 'transport' } };
const vehicle = (id: number, name = `Truck ${id}`) => ({ id, board_names: name, registration_number: `KA-${id}` });
const page = (data: unknown[]) => ({ data, pagination: { total: data.length, currentPage: 1, perPage: Math.max(data.length, 1), lastPage: 1 } });
const decoded = (fetch: ReturnType<typeof stubFetch>) => fetch.mock.calls.map((call) => decodeURIComponent(String(call[0])));

/** A fake server of vehicles: `ids=` lists, search lists, and updates that rename. */
function vehicleServer(names: Map<number, string>) {
  return stubFetch((url, init) => {
    const update = url.match(/^\/api\/transport\/update\/(\d+)$/);
    if (update) {
      const body = JSON.parse(init.body as string) as { board_names: string };
      names.set(Number(update[1]), body.board_names);
      return json({ message: 'Updated', data: vehicle(Number(update[1]), body.board_names) });
    }
    const ids = new URL(url, 'http://test').searchParams.get('ids');
    const wanted = ids ? ids.split(',').map(Number) : [...names.keys()];
    return json(page(wanted.filter((id) => names.has(id)).map((id) => vehicle(id, names.get(id)))));
  });
}

function Cell({ value, testId }: { value: unknown; testId: string }) {
  const { Display } = referenceKind;
  return (
    <span data-testid={testId}>
      <Display value={value} schema={vehicleSchema} field="transport_id" />
    </span>
  );
}

/** Renames a vehicle the way an edit dialog does: Refine's `useUpdate`, which invalidates the resource's queries. */
function Renamer({ id, name }: { id: number; name: string }) {
  const { mutate } = useUpdate();
  return (
    <button type="button" onClick={() => mutate({ resource: 'transport', id, values: { board_names: name } })}>
      Rename
    </button>
  );
}

function withRefine(ui: React.ReactNode) {
  return render(
    <MemoryRouter>
      <TestRefine>{ui}</TestRefine>
    </MemoryRouter>,
  );
}

describe('reference links', () => {
  afterEach(() => signOutForTest());

  it('links a referenced vehicle to its page for a member who may open it, and not for one who may not', async () => {
    vehicleServer(new Map([[5, 'Volvo FH']]));
    signInForTest();
    withRefine(<Cell value={5} testId="cell" />);
    await waitFor(() => expect(screen.getByTestId('cell').textContent).toBe('Volvo FH (KA-5)'));
    expect(screen.getByTestId('cell').querySelector('a')?.getAttribute('href')).toBe('/transport/5');
    cleanup();
    signInForTest({ administrator: false, permissions: ['orders.view'] });
    withRefine(<Cell value={5} testId="cell" />);
    await waitFor(() => expect(screen.getByTestId('cell').textContent).toBe('Volvo FH (KA-5)'));
    expect(screen.getByTestId('cell').querySelector('a')).toBeNull();
  });
});

describe('reference labels', () => {
  it('shows the labels of a table of 30 rows referring to 30 vehicles with one ids= request', async () => {
    const names = new Map(Array.from({ length: 30 }, (_, index) => [index + 1, `Truck ${index + 1}`] as const));
    const fetch = vehicleServer(names);
    withRefine(
      <table>
        <tbody>
          {[...names.keys()].map((id) => (
            <tr key={id}>
              <td>
                <Cell value={id} testId={`row-${id}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>,
    );
    await waitFor(() => expect(screen.getByTestId('row-30').textContent).toBe('Truck 30 (KA-30)'));
    expect(screen.getByTestId('row-1').textContent).toBe('Truck 1 (KA-1)');
    expect(decoded(fetch)).toHaveLength(1);
    expect(decoded(fetch)[0]).toMatch(/^\/api\/transport\?.*ids=1,2,3,.*,30&labels=true$/);
  });

  it('shows the new label of a record renamed through Refine without a remount', async () => {
    const names = new Map([[5, 'Volvo FH']]);
    vehicleServer(names);
    withRefine(
      <>
        <Cell value={5} testId="label" />
        <Renamer id={5} name="Scania R450" />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('label').textContent).toBe('Volvo FH (KA-5)'));
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.getByTestId('label').textContent).toBe('Scania R450 (KA-5)'));
  });

  it('says a record the server does not answer was deleted (an audit entry’s vehicle), with no link to its page', async () => {
    signInForTest();
    vehicleServer(new Map([[8, 'Volvo FH']]));
    withRefine(<Cell value={7} testId="gone" />);
    await waitFor(() => expect(screen.getByTestId('gone').textContent).toBe('Deleted (#7)'));
    expect(screen.getByTestId('gone').querySelector('a')).toBeNull();
    signOutForTest();
  });

  it('shows the id when the labels cannot be had, without a notification', async () => {
    const fetch = stubFetch(() => json({ message: 'Server error' }, 500));
    withRefine(<Cell value={7} testId="failed" />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('failed').textContent).toBe('7');
    // Refine's notifications (the notification provider passes a third argument) stay silent
    expect(vi.mocked(toast).mock.calls.filter((call) => call.length === 3)).toEqual([]);
  });

  it('shows a dash for no value and asks for nothing', () => {
    const fetch = vehicleServer(new Map());
    withRefine(<Cell value={null} testId="blank" />);
    expect(screen.getByTestId('blank').textContent).toBe('—');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('reference pickers', () => {
  function renderPicker(value: unknown, onChange = vi.fn()) {
    const Widget = referenceKind.Widget!;
    const props = { id: 'root_transport_id', value, onChange, onBlur: vi.fn(), onFocus: vi.fn(), schema: vehicleSchema, options: {} };
    withRefine(<Widget {...(props as unknown as WidgetProps)} />);
    return { input: document.getElementById('root_transport_id')!, onChange };
  }

  it('searches on the server through the target list endpoint and hands over the picked id', async () => {
    const fetch = vehicleServer(
      new Map([
        [5, 'Volvo FH'],
        [6, 'Scania R450'],
      ]),
    );
    const { input, onChange } = renderPicker(undefined);
    expect(fetch).not.toHaveBeenCalled(); // nothing is asked for until the picker is used
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'sca' } });
    fireEvent.change(input, { target: { value: 'scan' } });
    // Labels only: a picker reads no more of the records than their labels (and what tells alike ones apart).
    await waitFor(() => expect(decoded(fetch)).toContain('/api/transport?page=1&perPage=20&search=scan&labels=true'));
    expect(decoded(fetch)).not.toContain('/api/transport?page=1&perPage=20&search=sca&labels=true'); // debounced
    fireEvent.click(await screen.findByText('Scania R450 (KA-6)', { selector: '.ant-select-item-option-content' }));
    expect(onChange).toHaveBeenCalledWith(6);
  });

  it('puts the first match first while a search is typed, not the value held before, so Enter picks the match', async () => {
    stubFetch((url) => {
      const query = new URL(url, 'http://test').searchParams;
      if (query.get('ids')) return json(page([vehicle(42, 'MAN TGX')]));
      return json(page(query.get('search') ? [vehicle(6, 'Scania R450')] : [vehicle(5, 'Volvo FH')]));
    });
    const { input, onChange } = renderPicker(42);
    await waitFor(() => expect(document.querySelector('.ant-select-selection-item')?.textContent).toBe('MAN TGX (KA-42)'));
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'scan' } });
    await screen.findByText('Scania R450 (KA-6)', { selector: '.ant-select-item-option-content' });
    const shown = [...document.querySelectorAll('.ant-select-item-option-content')].map((option) => option.textContent);
    expect(shown[0]).toBe('Scania R450 (KA-6)');
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onChange).toHaveBeenLastCalledWith(6);
  });

  it("shows the current value's label though it is not among the options", async () => {
    vehicleServer(new Map([[42, 'MAN TGX']]));
    renderPicker(42);
    await waitFor(() => expect(document.querySelector('.ant-select-selection-item')?.textContent).toBe('MAN TGX (KA-42)'));
  });

  it('points its input at the help and error texts', () => {
    vehicleServer(new Map());
    const { input } = renderPicker(undefined);
    expect(input.getAttribute('aria-describedby')).toBe('root_transport_id__error root_transport_id__description root_transport_id__help');
  });
});
