/** Lists of enumeration values: the employee categories a document type is required for. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../../resources';
import { signInForTest } from '../../access/test-session';
import { CrudForm } from '../../crud/crud-form';
import { json, stubFetch } from '../../crud/test-fetch';
import { renderWithRefine } from '../../crud/test-support';
import { initTestI18n } from '../../i18n/test-i18n';
import { fieldKindOf } from '../registry';
import type { PropertySchema, WidgetProps } from '../types';
import { enumListKind } from '.';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

beforeAll(async () => {
  await initTestI18n();
  signInForTest();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const categories: PropertySchema = {
  type: 'array',
  uniqueItems: true,
  items: { type: 'string', 'x-enum': 'employeeCategory', enum: ['staff', 'contractors', 'archive'] },
};

describe('the enum-list field kind', () => {
  it('draws arrays whose items are enumeration values, and no other arrays', () => {
    expect(fieldKindOf(categories)).toBe(enumListKind);
    expect(fieldKindOf({ type: 'array', items: { type: 'string', enum: ['a', 'b'] } })).toBe(enumListKind);
    expect(enumListKind.match({ type: 'array', items: { type: 'string' } })).toBe(false);
    expect(enumListKind.match({ type: 'string', 'x-enum': 'employeeCategory' })).toBe(false);
  });

  it('shows each value as a tag with its translated label, and a dash when empty', () => {
    const Display = enumListKind.Display;
    render(<Display value={['staff', 'archive']} schema={categories} field="required_for" />);
    expect(screen.getByTestId('required_for-staff').textContent).toBe('Employees');
    expect(screen.getByTestId('required_for-archive').classList.contains('ant-tag')).toBe(true);
    cleanup();
    render(
      <span data-testid="cell">
        <Display value={[]} schema={categories} field="required_for" />
      </span>,
    );
    expect(screen.getByTestId('cell').textContent).toBe('—');
  });

  it('picks several values by their labels and hands over their ids', async () => {
    const onChange = vi.fn();
    const Widget = enumListKind.Widget!;
    const props = { id: 'pick', value: ['staff'], onChange, onBlur: vi.fn(), onFocus: vi.fn(), schema: categories, options: {} };
    render(<Widget {...(props as unknown as WidgetProps)} />);
    await waitFor(() => expect(document.querySelector('.ant-select-selection-item')?.textContent).toBe('Employees'));
    fireEvent.mouseDown(document.getElementById('pick')!);
    fireEvent.click(await screen.findByText('Archive', { selector: '.ant-select-item-option-content' }));
    expect(onChange).toHaveBeenLastCalledWith(['staff', 'archive']);
  });
});

describe("a document type's required categories in the generic form", () => {
  it('picks categories in a multiple select and sends them as a list of ids', async () => {
    const fetch = stubFetch((url) => (url.includes('/documents/store') ? json({ message: 'Saved', data: { id: 1 } }) : json({ data: [] })));
    renderWithRefine(
      <CrudForm
        resource={resourceByName('hr-document-types')}
        mode="create"
        open
        record={{ statuses: [{ name: 'Valid' }] }}
        onClose={vi.fn()}
        onSaved={vi.fn()}
      />,
    );
    const type = (field: string, value: string) => fireEvent.change(document.getElementById(`hr-document-types-create_${field}`)!, { target: { value } });
    type('name', 'Licence');
    type('short_name', 'LIC');
    const picker = document.getElementById('hr-document-types-create_required_for')!;
    expect(picker.closest('.ant-select-multiple')).toBeTruthy();
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByText('Employees', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(await screen.findByText('Contractors', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch.mock.calls.some((call) => String(call[0]).includes('/documents/store'))).toBe(true));
    const store = fetch.mock.calls.find((call) => String(call[0]).includes('/documents/store'))!;
    expect(JSON.parse(store[1].body as string)).toMatchObject({ name: 'Licence', short_name: 'LIC', required_for: ['staff', 'contractors'] });
  });
});
