/**
 * Contract types (`x-widget: "contract"`): the contract types of the reference data by country
 * (`/api/contracts`), grouped by country and named in the member's language; the type's id is stored.
 */
import { lookupKind } from '../lookup-kind';

export const contractKind = lookupKind('contract', 'contracts', { grouped: true });
