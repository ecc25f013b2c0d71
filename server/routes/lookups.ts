/**
 * Lookups of SPEC §7 (signed in only):
 * - `GET /api/countries`: ISO 3166-1 countries from `i18n-iso-countries` (maintained, CLDR names) with
 *   names in the six languages; `name` is in the request's language. `id` is the ISO numeric code.
 * - `GET /api/currencies`: ISO 4217 from `currency-codes`; `id` is the alphabetic code, `name` in the request's language.
 * - `GET /api/contracts`: the contract types of `reference-data/contracts.json` by country, `name` in the
 *   request's language (their `names`), so an employee's contract reads in the member's language.
 * - `GET /api/app/load-data`: the reference lists in `reference-data/*.json`, read once at start, keyed
 *   as SPEC §3 names them (file `order-lists.json` → `order_lists`; `car-models.json` → `cars.models`).
 * All three are built once at start: they change with a package update or a deploy, not at run time.
 */
import type { FastifyInstance } from 'fastify';
import { contractList, countryList, currencyList, loadReferenceData } from '../lookups/reference-lists';
import { SIGNED_IN } from '../plugins/auth';

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
  app.get('/api/currencies', authenticated, (request) => ({
    data: currencies.map(({ names, ...currency }) => ({ ...currency, name: names[request.language] })),
  }));
  const contracts = contractList(referenceData);
  app.get('/api/contracts', authenticated, (request) => ({
    data: contracts.map((contract) => ({ id: contract.id, country: contract.country, name: contract.names?.[request.language] ?? contract.name })),
  }));
  app.get('/api/app/load-data', authenticated, () => ({ data: referenceData }));
}
