import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { initTestI18n } from '../i18n/test-i18n';
import { createI18nProvider } from './i18n-provider';

beforeAll(initTestI18n);

describe('Refine i18n provider', () => {
  it('translates a known key', () => {
    expect(createI18nProvider(i18n).translate('menu.transport')).toBe('Transport');
  });

  it("honours a default passed as the second argument (Refine's translate(key, defaultMessage))", () => {
    expect(createI18nProvider(i18n).translate('buttons.edit', 'Edit')).toBe('Edit');
  });

  it('honours a default passed as the third argument, with interpolation options', () => {
    const provider = createI18nProvider(i18n);
    expect(provider.translate('buttons.missing', { count: 2 }, 'Delete {{count}} items')).toBe('Delete 2 items');
    expect(provider.translate('layout.footer', { year: 2031 })).toBe('2031 © Fleetdesk');
  });

  it('reports and changes the language', async () => {
    const provider = createI18nProvider(i18n);
    expect(provider.getLocale()).toBe('en');
    await provider.changeLocale('de');
    expect(provider.getLocale()).toBe('de');
    await provider.changeLocale('en');
  });
});
