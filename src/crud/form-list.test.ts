import type { Registry } from '@rjsf/utils';
import { TranslatableString } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { addTextOf } from './form-list';

const registry = { translateString: (text: TranslatableString) => (text === TranslatableString.AddItemButton ? 'Add an item' : text) } as unknown as Registry;

describe('a list’s add button', () => {
  it('says what the list adds where the resource names it', () => {
    expect(addTextOf({ uiSchema: { 'ui:options': { addText: 'Add status' } }, registry })).toBe('Add status');
  });

  it('says “Add an item” where the resource has no text of its own', () => {
    expect(addTextOf({ uiSchema: { 'ui:options': { addText: '' } }, registry })).toBe('Add an item');
    expect(addTextOf({ uiSchema: undefined, registry })).toBe('Add an item');
  });
});
