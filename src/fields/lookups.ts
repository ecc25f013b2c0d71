/**
 * The reference lists of the API (`/countries`, `/currencies`, `/contracts`) on Refine's `useCustom`: names come in the
 * language of `Accept-Language`, so the language is part of the query's key and Refine's cache holds one
 * list per language, shared by every picker and display on the page and kept for the session (the lists
 * do not change while the app runs). Silent on failure: codes show without names.
 */
import { useApiUrl, useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { silentNotifications } from '../providers/notifications';

export type LookupList = 'countries' | 'currencies' | 'contracts';

export interface LookupOption {
  value: string;
  label: string;
  /** The country an item belongs to (contract types are by country). */
  group?: string;
}

const noOptions: LookupOption[] = [];

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
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    const label = nameIn(record.name, language) ?? String(value);
    return [{ value: String(value), label, ...(typeof record.country === 'string' ? { group: record.country } : {}) }];
  });
}

/** The options of a lookup list in the interface language (empty until loaded, and on failure). */
export function useLookup(list: LookupList): LookupOption[] {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const { query } = useCustom<LookupOption[]>({
    url: `${useApiUrl()}/${list}`,
    method: 'get',
    // Part of the query's key: each language has its own list.
    meta: { language },
    queryOptions: {
      staleTime: Infinity,
      gcTime: Infinity,
      select: (answer) => ({ data: toLookupOptions(answer.data, language) }),
    },
    ...silentNotifications,
  });
  return query.data?.data ?? noOptions;
}
