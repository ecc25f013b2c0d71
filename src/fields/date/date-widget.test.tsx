/** The date field as a keyboard meets it: its format shown, the calendar opened with Arrow down, a day-first date read. */
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../i18n/test-i18n';
import type { WidgetProps } from '../types';
import { dateKind } from '.';

beforeAll(initTestI18n);
afterEach(cleanup);

function dateField(onChange = vi.fn()) {
  const Widget = dateKind.Widget!;
  const props = { id: 'loading_date', value: undefined, onChange, onBlur: vi.fn(), onFocus: vi.fn(), schema: { type: 'string', format: 'date' }, options: {} };
  render(<Widget {...(props as unknown as WidgetProps)} />);
  return { input: document.getElementById('loading_date') as HTMLInputElement, onChange };
}

describe('the date field', () => {
  it('shows the format it takes', () => {
    expect(dateField().input.getAttribute('placeholder')).toBe('YYYY-MM-DD');
  });

  it('opens its calendar on Arrow down', () => {
    const { input } = dateField();
    expect(document.querySelector('.ant-picker-dropdown')).toBeNull();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(document.querySelector('.ant-picker-dropdown')).not.toBeNull();
  });

  it.each([['01.12.2026'], ['1.12.2026'], ['01/12/2026'], ['2026-12-01']])('reads %s typed as 1 December 2026', (typed) => {
    const { input, onChange } = dateField();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenCalledWith('2026-12-01');
  });
});
