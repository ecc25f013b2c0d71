import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTypeAhead, stopTypeAhead, typeAheadInto } from './type-ahead';

const press = (key: string, init: KeyboardEventInit = {}) =>
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));

afterEach(() => {
  stopTypeAhead();
  document.body.innerHTML = '';
});

describe('keys typed while a dialog opens', () => {
  it('are typed into the first field once it has the focus, as an input event', () => {
    startTypeAhead();
    for (const key of 'Ope') press(key);
    const input = document.createElement('input');
    document.body.append(input);
    const heard = vi.fn();
    input.addEventListener('input', heard);
    input.focus();
    typeAheadInto(input);
    expect(input.value).toBe('Ope');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('keep only printable keys without a modifier, and stop being kept once handed over', () => {
    startTypeAhead();
    press('a');
    press('Enter');
    press('c', { ctrlKey: true });
    press('Tab');
    const input = document.createElement('input');
    document.body.append(input);
    typeAheadInto(input);
    expect(input.value).toBe('a');
    press('z');
    const next = document.createElement('input');
    document.body.append(next);
    typeAheadInto(next);
    expect(next.value).toBe('');
  });

  it('leave a key typed into a field alone, and a field already filled in as it is', () => {
    startTypeAhead();
    const other = document.createElement('input');
    document.body.append(other);
    other.focus();
    expect(other.dispatchEvent(new KeyboardEvent('keydown', { key: 'x', bubbles: true, cancelable: true }))).toBe(true);
    other.blur();
    press('y');
    const filled = document.createElement('input');
    filled.value = 'Main';
    document.body.append(filled);
    typeAheadInto(filled);
    expect(filled.value).toBe('Main');
  });
});
