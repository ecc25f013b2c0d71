/** Lists of references: a member's departments, a department's members. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../crud/test-fetch';
import { TestRefine } from '../../crud/test-support';
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
const departments = [
  { id: 1, name: 'Dispatch' },
  { id: 2, name: 'Workshop' },
  { id: 3, name: 'Accounting' },
];

/** The departments' list endpoint, answering `ids=` lists and plain pages. */
function departmentServer() {
  return stubFetch((url) => {
    const ids = new URL(url, 'http://test').searchParams.get('ids');
    const data = ids ? departments.filter((department) => ids.split(',').includes(String(department.id))) : departments;
    return json({ data, pagination: { total: data.length, currentPage: 1, perPage: 20, lastPage: 1 } });
  });
}

function withRefine(ui: React.ReactNode) {
  return render(
    <MemoryRouter>
      <TestRefine>{ui}</TestRefine>
    </MemoryRouter>,
  );
}

describe('the references field kind', () => {
  it('draws arrays whose items refer to a resource', () => {
    expect(referencesKind.match(schema)).toBe(true);
    expect(referencesKind.match({ type: 'array', items: { type: 'integer' } })).toBe(false);
  });

  it("shows the records' labels in one ids= request, for a target without a show endpoint", async () => {
    const fetch = departmentServer();
    const Display = referencesKind.Display;
    withRefine(<Display value={[2, 1]} schema={schema} field="departments" />);
    await waitFor(() => expect(document.body.textContent).toBe('WorkshopDispatch'));
    const urls = fetch.mock.calls.map((call) => decodeURIComponent(String(call[0])));
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/^\/api\/departments\?.*ids=2,1/);
  });

  it('picks several records by their labels and hands over their ids', async () => {
    departmentServer();
    const onChange = vi.fn();
    const Widget = referencesKind.Widget!;
    const props = { id: 'pick', value: [1], onChange, onBlur: vi.fn(), onFocus: vi.fn(), schema, options: {} };
    withRefine(<Widget {...(props as unknown as WidgetProps)} />);
    await waitFor(() => expect(document.querySelector('.ant-select-selection-item')?.textContent).toBe('Dispatch'));
    const input = document.getElementById('pick')!;
    expect(input.getAttribute('aria-describedby')).toBe('pick__error pick__description pick__help');
    fireEvent.mouseDown(input);
    fireEvent.click(await screen.findByText('Workshop', { selector: '.ant-select-item-option-content' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 2]);
  });
});
