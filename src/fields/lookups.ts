/**
 * The reference lists of the API (`/countries`, `/currencies`), fetched once per language (names come in
 * the language of `Accept-Language`) and shared by every picker and display on the page.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../providers/api';

export interface LookupOption {
  value: string;
  label: string;
}

const cache = new Map<string, Promise<LookupOption[]>>();

function nameIn(name: unknown, language: string): string | undefined {
  if (typeof name === 'string') return name;
  if (name && typeof name === 'object') {
    const names = name as Record<string, unknown>;
    const value = names[language] ?? names.en ?? Object.values(names)[0];
    return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}

/** Accepts `{iso|code|id, name}` items, `name` a string or a `{ <language>: name }` object. */
export function toLookupOptions(items: unknown, language: string): LookupOption[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item) => {
    if (!item || typeof item !== 'object') return [];
    const record = item as Record<string, unknown>;
    const value = record.iso ?? record.code ?? record.id;
    if (value === undefined || value === null) return [];
    const label = nameIn(record.name, language) ?? String(value);
    return [{ value: String(value), label }];
  });
}

export function loadLookup(list: 'countries' | 'currencies', language: string): Promise<LookupOption[]> {
  const key = `${list}:${language}`;
  let promise = cache.get(key);
  if (!promise) {
    promise = api.get<unknown>(`/${list}`).then(
      (answer) => toLookupOptions(answer.data, language),
      (error) => {
        cache.delete(key);
        throw error;
      },
    );
    cache.set(key, promise);
  }
  return promise;
}

export function useLookup(list: 'countries' | 'currencies'): LookupOption[] {
  const { i18n } = useTranslation();
  const [options, setOptions] = useState<LookupOption[]>([]);
  useEffect(() => {
    let active = true;
    loadLookup(list, i18n.language).then(
      (loaded) => active && setOptions(loaded),
      () => active && setOptions([]),
    );
    return () => {
      active = false;
    };
  }, [list, i18n.language]);
  return options;
}

/** For tests. */
export function clearLookupCache(): void {
  cache.clear();
}
