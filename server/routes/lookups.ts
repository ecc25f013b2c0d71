/**
 * Lookups of SPEC §7 (signed in only):
 * - `GET /api/countries`: ISO 3166-1 countries from `i18n-iso-countries` (maintained, CLDR names) with
 *   names in the six languages; `name` is in the request's language. `id` is the ISO numeric code.
 * - `GET /api/currencies`: ISO 4217 from `currency-codes`; `id` is the alphabetic code.
 * - `GET /api/contracts`: the contract types of `reference-data/contracts.json` by country, `name` in the
 *   request's language (their `names`), so an employee's contract reads in the member's language.
 * - `GET /api/app/load-data`: the reference lists in `reference-data/*.json`, read once at start, keyed
 *   as SPEC §3 names them (file `order-lists.json` → `order_lists`; `car-models.json` → `cars.models`).
 * All three are built once at start: they change with a package update or a deploy, not at run time.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import currencyCodes from 'currency-codes';
import countries, { type LocaleData } from 'i18n-iso-countries';
import { SIGNED_IN } from '../plugins/auth';
import type { FastifyInstance } from 'fastify';
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

function currencyList() {
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

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
export async function lookupRoutes(app: FastifyInstance, options: { referenceDataDir?: string } = {}) {
  const countryData = countryList();
  const currencies = currencyList();
  const referenceData = loadReferenceData(options.referenceDataDir);
  // The member's own profile and the shared lookups: any signed-in member.
  const authenticated = { onRequest: app.authenticate, config: { permission: SIGNED_IN } };

  app.get('/api/countries', authenticated, (request) => ({
    data: countryData.map((country) => ({ ...country, name: country.names[request.language] })),
  }));
  app.get('/api/currencies', authenticated, () => ({ data: currencies }));
  const contracts = contractList(referenceData);
  app.get('/api/contracts', authenticated, (request) => ({
    data: contracts.map((contract) => ({ id: contract.id, country: contract.country, name: contract.names?.[request.language] ?? contract.name })),
  }));
  app.get('/api/app/load-data', authenticated, () => ({ data: referenceData }));
}
