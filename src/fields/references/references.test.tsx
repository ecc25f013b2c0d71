/** Lists of references: a member's departments, a department's members. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../crud/test-fetch';
import { initTestI18n } from '../../i18n/test-i18n';
import type { WidgetProps } from '../types';
import { referencesKind } from '.';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const schema = { type: 'array', items: { type: 'integer', 'x-ref': { resource: 'departments' } } };
const departments = {
  data: [
    { id: 1, name: 'Dispatch' },
    { id: 2, name: 'Workshop' },
  ],
  pagination: { total: 2, currentPage: 1, perPage: 100, lastPage: 1 },
};

describe('the references field kind', () => {
  it('draws arrays whose items refer to a resource', () => {
    expect(referencesKind.match(schema)).toBe(true);
    expect(referencesKind.match({ type: 'array', items: { type: 'integer' } })).toBe(false);
  });

  it("shows the records' labels, read from the list of a target without a show endpoint", async () => {
    const fetch = stubFetch(() => json(departments));
    const Display = referencesKind.Display;
    render(<Display value={[2, 1]} schema={schema} field="departments" />);
    await waitFor(() => expect(document.body.textContent).toBe('WorkshopDispatch'));
    expect(fetch.mock.calls.map((call) => String(call[0]))).toEqual(['/api/departments?page=1&perPage=100']);
  });

  it('picks several records by their labels and hands over their ids', async () => {
    stubFetch(() => json(departments));
    const onChange = vi.fn();
    const Widget = referencesKind.Widget!;
    const props = { id: 'pick', value: [1], onChange, onBlur: vi.fn(), onFocus: vi.fn(), schema, options: {} };
    render(<Widget {...(props as unknown as WidgetProps)} />);
    const input = document.getElementById('pick')!;
    fireEvent.mouseDown(input);
    fireEvent.click(await screen.findByText('Workshop', { selector: '.ant-select-item-option-content' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 2]);
  });
});
