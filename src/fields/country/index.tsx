/** Countries (`x-widget: "country"`): ISO code stored, name shown in the current language (`/api/countries`). */
import { lookupKind } from '../lookup-kind';

export const countryKind = lookupKind('country', (schema) => schema['x-widget'] === 'country', { listOf: () => 'countries', showCodes: true });
