/** The text a person sees for a translation key in a language, read from the same locale files as the app. */
import { readFileSync } from 'node:fs';
import { interpolate } from '../../../server/test-support/locale-text';

const cache = new Map<string, Record<string, unknown>>();

export function text(language: string, key: string, params: Record<string, string | number> = {}): string {
  let tree = cache.get(language);
  if (!tree) {
    tree = JSON.parse(readFileSync(`locales/${language}/translation.json`, 'utf8')) as Record<string, unknown>;
    cache.set(language, tree);
  }
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
  if (typeof value !== 'string') throw new Error(`No text for ${key} in ${language}`);
  // Interpolated first, then nested (`$t(units.km)`, `$t({{label}})`), as i18next does.
  const interpolated = interpolate(value, params, language);
  return interpolated.replace(/\$t\(([^,)]+)\)/g, (_, nested: string) => text(language, nested.trim()));
}
