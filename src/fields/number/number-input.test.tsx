/** The number widget in a language that writes a decimal comma: what is typed is the number meant, and shown so. */
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../i18n/test-i18n';
import type { WidgetProps } from '../types';
import { numberKind } from '.';

beforeAll(initTestI18n);
afterEach(async () => {
  cleanup();
  await (await initTestI18n()).changeLanguage('en');
});

function widget(value: number | undefined, onChange = vi.fn()) {
  const Widget = numberKind.Widget!;
  const props = { id: 'price', value, onChange, onBlur: vi.fn(), onFocus: vi.fn(), schema: { type: 'number', minimum: 0, maximum: 100 }, options: {} };
  render(<Widget {...(props as unknown as WidgetProps)} />);
  return { input: document.getElementById('price') as HTMLInputElement, onChange };
}

describe('the number widget', () => {
  it('reads 1234,56 typed in German as 1234.56 and shows a stored 2128.88 as 2128,88', async () => {
    await (await initTestI18n()).changeLanguage('de');
    const { input, onChange } = widget(2128.88);
    expect(input.value).toBe('2128,88');
    fireEvent.change(input, { target: { value: '1234,56' } });
    expect(onChange).toHaveBeenLastCalledWith(1234.56);
  });

  it('asks a phone for its keyboard of digits, with the decimal mark where fractions are allowed', () => {
    expect(widget(undefined).input.getAttribute('inputmode')).toBe('decimal');
    cleanup();
    const Widget = numberKind.Widget!;
    const props = { id: 'year', value: undefined, onChange: vi.fn(), onBlur: vi.fn(), onFocus: vi.fn(), schema: { type: 'integer' }, options: {} };
    render(<Widget {...(props as unknown as WidgetProps)} />);
    expect(document.getElementById('year')?.getAttribute('inputmode')).toBe('numeric');
  });

  it('reads a number grouped in thousands with dots as the whole number, never a thousandth of it', () => {
    const { input, onChange } = widget(undefined);
    fireEvent.change(input, { target: { value: '1.234.567' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(1234567);
    fireEvent.change(input, { target: { value: '1.23.4' } });
    fireEvent.blur(input);
    expect(onChange).not.toHaveBeenLastCalledWith(1.23);
  });

  it('hands on pasted text that is no number as it is, for the check to say so, and an emptied field as blank', () => {
    const { input, onChange } = widget(undefined);
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(onChange).toHaveBeenLastCalledWith('abc');
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('keeps a number outside the schema’s bounds as typed, for the check to name, instead of changing it', () => {
    const { input, onChange } = widget(undefined);
    fireEvent.change(input, { target: { value: '250' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(250);
    fireEvent.change(input, { target: { value: '-5' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(-5);
  });

  it('keeps letters out as they are typed, and lets digits, either decimal mark, a sign and the keys that move on through', () => {
    const { input } = widget(undefined);
    const typed = (key: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(input, { key, ...init });
    // fireEvent answers false when the handler prevented the key's default: the character never reaches the input.
    expect(typed('a')).toBe(false);
    expect(typed('e')).toBe(false);
    for (const key of ['5', ',', '.', '-', ' ', 'Tab', 'Backspace', 'ArrowLeft', 'Enter']) expect(typed(key), key).toBe(true);
    expect(typed('v', { ctrlKey: true }), 'paste').toBe(true);
  });
});
