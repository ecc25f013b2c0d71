/**
 * The lookup lists behind SPEC §7's lookups (server/routes/lookups.ts) and behind the words an import
 * understands for countries and contracts (server/import-export/vocabulary.ts): ISO 3166-1 countries from
 * `i18n-iso-countries` with names in the six languages, ISO 4217 currencies from `currency-codes`, and the
 * reference lists of `reference-data/*.json` (contract types by country, order lists, car models, …).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import currencyCodes from 'currency-codes';
import countries, { type LocaleData } from 'i18n-iso-countries';
import { LOOKUP_LISTS, type LookupListName } from '../../validation/vocabulary';
import { LANGUAGES, type Language } from '../i18n/i18n';

export const REFERENCE_DATA_DIR = fileURLToPath(new URL('../../reference-data/', import.meta.url));

const require = createRequire(import.meta.url);
// The package's own locale files: JSON of the shape its `registerLocale` takes.
for (const language of LANGUAGES) countries.registerLocale(require(`i18n-iso-countries/langs/${language}.json`) as LocaleData);

export interface Country {
  id: number;
  iso: string;
  iso3: string;
  names: Record<Language, string>;
}

export function countryList(): Country[] {
  const names = Object.fromEntries(LANGUAGES.map((language) => [language, countries.getNames(language, { select: 'official' })])) as Record<
    Language,
    Record<string, string>
  >;
  return Object.entries(countries.getAlpha2Codes())
    .map(([iso, iso3]) => ({
      id: Number(countries.alpha2ToNumeric(iso)),
      iso,
      iso3,
      names: Object.fromEntries(LANGUAGES.map((language) => [language, names[language][iso] ?? names.en[iso] ?? iso])) as Record<Language, string>,
    }))
    .sort((a, b) => a.names.en.localeCompare(b.names.en, 'en'));
}

/**
 * ISO 4217 currencies, each named in the six languages by the runtime's CLDR data (`Intl.DisplayNames`: "Євро",
 * "Dollaro statunitense"), the list's English name where CLDR has none (a fund or test code names itself).
 */
export function currencyList() {
  const namers = LANGUAGES.map((language) => [language, new Intl.DisplayNames([language], { type: 'currency', fallback: 'code' })] as const);
  return currencyCodes.data.map((currency) => ({
    id: currency.code,
    code: currency.code,
    number: currency.number,
    digits: currency.digits,
    name: currency.currency,
    names: Object.fromEntries(
      namers.map(([language, namer]) => {
        const name = namer.of(currency.code);
        return [language, name && name !== currency.code ? name.charAt(0).toLocaleUpperCase(language) + name.slice(1) : currency.currency];
      }),
    ) as Record<Language, string>,
  }));
}

export interface Contract {
  id: number;
  name: string;
  country: string;
  names?: Partial<Record<Language, string>>;
}

/** The contract types of the reference data (`reference-data/contracts.json`). */
export function contractList(referenceData: Record<string, unknown>): Contract[] {
  return (Array.isArray(referenceData.contracts) ? referenceData.contracts : []) as Contract[];
}

// Read once a folder: the lookup routes, the engine's `x-lookup` check and the importer's words all start from it.
const loadedFolders = new Map<string, Readonly<Record<string, unknown>>>();

/** The reference lists of a folder (`reference-data/` by default), read from its files once a process. */
export function loadReferenceData(dir = REFERENCE_DATA_DIR): Readonly<Record<string, unknown>> {
  const loaded = loadedFolders.get(dir);
  if (loaded) return loaded;
  const data: Record<string, unknown> = {};
  if (fs.existsSync(dir)) {
    for (const file of fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()) {
      const content = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as unknown;
      const base = path.basename(file, '.json');
      if (base === 'car-models') data.cars = { ...(data.cars as object | undefined), models: content };
      else data[base.replace(/-/g, '_')] = content;
    }
  }
  loadedFolders.set(dir, data);
  return data;
}

/** An item of a reference list a field names with `x-lookup`: its id as text, its names, its group (a contract's country, a model's brand). */
export interface LookupItem {
  id: string;
  name: string;
  names: Partial<Record<Language, string>>;
  group?: string;
}

const itemsOf = (value: unknown): Array<Record<string, unknown>> =>
  Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => Boolean(item) && typeof item === 'object') : [];

/**
 * The reference lists of `x-lookup` (validation/vocabulary.ts `LOOKUP_LISTS`) from the reference data: contract types
 * by country, car models by brand ("DAF XF"), tracking systems. What the engine checks a written id against, what
 * an import reads names into and an export writes ids as.
 */
export function lookupLists(referenceData: Record<string, unknown>): Record<LookupListName, LookupItem[]> {
  const cars = referenceData.cars as { models?: unknown } | undefined;
  const sources: Record<LookupListName, Array<Record<string, unknown>>> = {
    contracts: itemsOf(referenceData.contracts),
    'car-models': itemsOf(cars?.models),
    'tracking-systems': itemsOf(referenceData.tracking_systems),
  };
  return Object.fromEntries(
    LOOKUP_LISTS.map((list) => [
      list,
      sources[list].map((item): LookupItem => {
        const brand = typeof item.brand === 'string' ? item.brand : undefined;
        const name = [brand, String(item.name)].filter(Boolean).join(' ');
        const names = (item.names && typeof item.names === 'object' ? item.names : {}) as Partial<Record<Language, string>>;
        const group = typeof item.country === 'string' ? item.country : brand;
        return { id: String(item.id), name, names, ...(group ? { group } : {}) };
      }),
    ]),
  ) as Record<LookupListName, LookupItem[]>;
}

/**
 * Each `x-lookup` list's ids with the group of each (what the engine checks a written value against, and an
 * `x-lookup-within` field's group), from the reference data in `dir`.
 */
export function lookupIds(dir?: string): ReadonlyMap<string, ReadonlyMap<string, string | undefined>> {
  const lists = lookupLists(loadReferenceData(dir));
  return new Map(LOOKUP_LISTS.map((list) => [list, new Map(lists[list].map((item) => [item.id, item.group]))]));
}
