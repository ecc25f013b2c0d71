/** Lists of enumeration values: the employee categories a document type is required for. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../i18n/test-i18n';
import { fieldKindOf } from '../registry';
import type { PropertySchema, WidgetProps } from '../types';
import { enumListKind } from '.';

beforeAll(initTestI18n);
afterEach(cleanup);

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
