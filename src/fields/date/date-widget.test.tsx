/** The date field as a keyboard meets it: its format shown, the calendar opened with Arrow down, a day-first date read. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { initTestI18n } from '../../i18n/test-i18n';
import type { WidgetProps } from '../types';
import { dateKind } from '.';

beforeAll(initTestI18n);
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

function dateField(onChange = vi.fn(), value?: string) {
  const Widget = dateKind.Widget!;
  const props = { id: 'loading_date', value, onChange, onBlur: vi.fn(), onFocus: vi.fn(), schema: { type: 'string', format: 'date' }, options: {} };
  render(<Widget {...(props as unknown as WidgetProps)} />);
  return { input: document.getElementById('loading_date') as HTMLInputElement, onChange };
}

describe('the date field', () => {
  it.each([['2026-02-30'], ['45.13.2027']])('keeps %s, a day that does not exist, for the check to call it invalid', (typed) => {
    const { input, onChange } = dateField();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(typed);
  });

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

  it('shows and reads a day as the language writes it: 07.12.2026 in German', async () => {
    await i18n.changeLanguage('de');
    expect(dateField(vi.fn(), '2026-12-07').input.value).toBe('07.12.2026');
    cleanup();
    const { input, onChange } = dateField();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '24.12.2026' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenCalledWith('2026-12-24');
  });

  it('shows a stored day in the language of the reader: 07/12/2026 in Italian, 2026-12-07 in English', async () => {
    const Display = dateKind.Display;
    const schema = { type: 'string', format: 'date' };
    await i18n.changeLanguage('it');
    const { unmount } = render(<Display value="2026-12-07" schema={schema as never} field="loading_date" />);
    expect(screen.getByText('07/12/2026')).toBeTruthy();
    unmount();
    await i18n.changeLanguage('en');
    render(<Display value="2026-12-07" schema={schema as never} field="loading_date" />);
    expect(screen.getByText('2026-12-07')).toBeTruthy();
  });
});
