/**
 * The reference lists of the API on Refine's `useCustom`: countries (`/countries`), currencies (`/currencies`),
 * contract types (`/contracts`), and the other lists `x-lookup` fields name, read from `/app/load-data` (car
 * models, tracking systems). Names come in the language of `Accept-Language`, so the language is part of the
 * query's key and Refine's cache holds one answer per language and address, shared by every picker and display
 * on the page and kept for the session (the lists do not change while the app runs). Silent on failure: ids and
 * codes show without names.
 */
import { useApiUrl, useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { LookupListName } from '../../validation/vocabulary';
import { silentNotifications } from '../providers/notifications';

export type LookupList = 'countries' | 'currencies' | LookupListName;

export interface LookupOption {
  value: string;
  label: string;
  /** What an item belongs to: a contract type's country, a car model's brand. */
  group?: string;
}

/** Where each list comes from: its address, and the list's items within the answer's `data`. */
const sources: Record<LookupList, { path: string; items: (data: unknown) => unknown }> = {
  countries: { path: 'countries', items: (data) => data },
  currencies: { path: 'currencies', items: (data) => data },
  contracts: { path: 'contracts', items: (data) => data },
  'car-models': { path: 'app/load-data', items: (data) => (data as { cars?: { models?: unknown } } | undefined)?.cars?.models },
  'tracking-systems': { path: 'app/load-data', items: (data) => (data as { tracking_systems?: unknown } | undefined)?.tracking_systems },
};

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

/**
 * Accepts `{iso|code|id, name}` items, `name` a string or a `{ <language>: name }` object (or `names` beside an
 * untranslated `name`); a car model's `brand` goes before its name and groups it, as a contract's `country` does.
 */
export function toLookupOptions(items: unknown, language: string): LookupOption[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item) => {
    if (!item || typeof item !== 'object') return [];
    const record = item as Record<string, unknown>;
    const value = record.iso ?? record.code ?? record.id;
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    const name = nameIn(record.names, language) ?? nameIn(record.name, language) ?? String(value);
    const brand = typeof record.brand === 'string' ? record.brand : undefined;
    const group = typeof record.country === 'string' ? record.country : brand;
    return [{ value: String(value), label: brand ? `${brand} ${name}` : name, ...(group ? { group } : {}) }];
  });
}

/**
 * The options an `x-lookup-within` field offers: once its sibling names a group of the list (a brand, case aside),
 * that group's items alone, and the item already chosen, so a model stored under another brand still reads as itself
 * (the server refuses to save it so). A sibling that names no group of the list (empty, a brand it lacks) leaves all.
 */
export function optionsWithin(options: LookupOption[], named: unknown, chosen: unknown): LookupOption[] {
  if (typeof named !== 'string' || named.trim() === '') return options;
  const wanted = named.trim().toLowerCase();
  const inGroup = (option: LookupOption) => option.group !== undefined && option.group.toLowerCase() === wanted;
  if (!options.some(inGroup)) return options;
  return options.filter((option) => inGroup(option) || option.value === String(chosen));
}

/** The options of a lookup list in the interface language (empty until loaded, and on failure). */
export function useLookup(list: LookupList): LookupOption[] {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const source = sources[list];
  const { query } = useCustom<LookupOption[]>({
    url: `${useApiUrl()}/${source.path}`,
    method: 'get',
    // Part of the query's key: each language has its own list.
    meta: { language },
    queryOptions: {
      staleTime: Infinity,
      gcTime: Infinity,
      select: (answer) => ({ data: toLookupOptions(source.items(answer.data), language) }),
    },
    ...silentNotifications,
  });
  return query.data?.data ?? noOptions;
}
