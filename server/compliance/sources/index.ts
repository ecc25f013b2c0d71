/** The registry of obligation sources, one per kind (types.ts OBLIGATION_KINDS): a new kind of dated validity is a file here. */
import { cards } from './cards';
import { contracts } from './contracts';
import { hrDocuments } from './hr-documents';
import { maintenance } from './maintenance';
import { passports } from './passports';
import type { ObligationSource } from './shared';
import { trailerInsurances } from './trailer-insurances';
import { vehicleDocuments } from './vehicle-documents';

export const obligationSources: readonly ObligationSource[] = [hrDocuments, passports, contracts, vehicleDocuments, trailerInsurances, cards, maintenance];

export type { ObligationRow, ObligationSource, PageContext, SubjectsContext } from './shared';
