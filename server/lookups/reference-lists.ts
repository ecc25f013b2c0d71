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

export function currencyList() {
  return currencyCodes.data.map((currency) => ({
    id: currency.code,
    code: currency.code,
    number: currency.number,
    digits: currency.digits,
    name: currency.currency,
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

export function loadReferenceData(dir = REFERENCE_DATA_DIR): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  if (!fs.existsSync(dir)) return data;
  for (const file of fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const content = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as unknown;
    const base = path.basename(file, '.json');
    if (base === 'car-models') data.cars = { ...(data.cars as object | undefined), models: content };
    else data[base.replace(/-/g, '_')] = content;
  }
  return data;
}
