/** Currencies (`x-widget: "currency"`): ISO 4217 code stored, name shown in the current language (`/api/currencies`). */
import { lookupKind } from '../lookup-kind';

export const currencyKind = lookupKind('currency', (schema) => schema['x-widget'] === 'currency', { listOf: () => 'currencies', showCodes: true });
