/**
 * The date pickers read the week's first day and the names of days and months from dayjs, by the antd pack's code:
 * each language's calendar starts on Monday and names days and months in that language, not in English.
 */
import dayjsConfig from 'rc-picker/lib/generate/dayjs';
import { describe, expect, it } from 'vitest';
import { loadAntdLocale } from './antd-locale';

describe('the date pickers’ language', () => {
  it.each([
    ['de', 'Mo', 'Dez.'],
    ['uk', 'пн', 'груд'],
    ['el', 'Δε', 'Δεκ'],
    ['it', 'lu', 'dic'],
    ['es', 'lu', 'dic'],
  ] as const)('%s: a week from Monday, its days and months in the language', async (code, monday, december) => {
    const locale = (await loadAntdLocale(code)).DatePicker!.lang.locale;
    expect(dayjsConfig.locale.getWeekFirstDay(locale)).toBe(1);
    expect(dayjsConfig.locale.getShortWeekDays!(locale)[1].toLowerCase()).toBe(monday.toLowerCase());
    expect(dayjsConfig.locale.getShortMonths!(locale)[11].toLowerCase()).toBe(december.toLowerCase());
  });

  it('en: English as before (antd’s built-in pack, no load)', () => {
    expect(dayjsConfig.locale.getShortWeekDays!('en_US')[0]).toBe('Su');
  });
});

describe('antd’s own texts', () => {
  it('es: the tables’ sort hints in Spanish words ("Haz clic…", not "Click para…")', async () => {
    const table = (await loadAntdLocale('es')).Table!;
    expect([table.triggerDesc, table.triggerAsc, table.cancelSort]).toEqual([
      'Haz clic para ordenar de forma descendente',
      'Haz clic para ordenar de forma ascendente',
      'Haz clic para quitar el orden',
    ]);
    // The rest of the pack is antd's.
    expect(table.filterConfirm).toBe('Aceptar');
  });
});
