/** Countries (`x-widget: "country"`): ISO code stored, name shown in the current language (`/api/countries`). */
import { lookupKind } from '../lookup-kind';

export const countryKind = lookupKind('country', 'countries');
