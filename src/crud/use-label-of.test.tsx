/** A record named in words (a delete's question, a show page's title): its codes in the member's language, its days as the language writes them. */
import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import german from '../../locales/de/translation.json';
import { initTestI18n } from '../i18n/test-i18n';
import { i18n } from '../i18n/i18n';
import { labelOf } from './schemas';
import { useLabelOf } from './use-label-of';

beforeAll(async () => {
  await initTestI18n();
  i18n.addResourceBundle('de', 'translation', german, true, true);
});
afterAll(async () => {
  await i18n.changeLanguage('en');
});

const report = { id: 4, transport_id: 1, type: 'repair', date: '2026-05-03' };

describe('useLabelOf', () => {
  it("names a repair report by its type in the member's words and its day as the language writes it", async () => {
    await i18n.changeLanguage('en');
    const english = renderHook(() => useLabelOf()).result.current;
    expect(english('repairs', report)).toBe('Repair 2026-05-03');
    await i18n.changeLanguage('de');
    const inGerman = renderHook(() => useLabelOf()).result.current;
    expect(inGerman('repairs', report)).toBe('Reparatur 03.05.2026');
    // The label as stored stays what pickers show and search: the codes and the ISO day.
    expect(labelOf('repairs', report)).toBe('repair 2026-05-03');
  });

  it('keeps text as written, and falls back to the id when every field of the label is blank', async () => {
    await i18n.changeLanguage('de');
    const inGerman = renderHook(() => useLabelOf()).result.current;
    expect(inGerman('trailers', { id: 9, register_number: 'ANH-01' })).toContain('ANH-01');
    expect(inGerman('repairs', { repair_id: 4 })).toBe('4');
    expect(inGerman('repairs', null)).toBe('');
  });
});
