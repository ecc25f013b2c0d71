/**
 * The one registry of resources. Adding a resource: a schema in schemas/, a file here, its locale keys
 * (`npm run new:resource <name>` scaffolds the three); everything else is derived from them.
 */
import { addresses } from './addresses';
import { cards } from './cards';
import { companies } from './companies';
import { companyBanks } from './company-banks';
import { departments } from './departments';
import { employeeAttachments } from './employee-attachments';
import { employeeBanks } from './employee-banks';
import { employeeDocumentStatuses } from './employee-document-statuses';
import { employeeDocuments } from './employee-documents';
import { employees } from './employees';
import { handoverActs } from './handover-acts';
import { handoverEquipment } from './handover-equipment';
import { hrDocumentStatuses } from './hr-document-statuses';
import { hrDocumentTypes } from './hr-document-types';
import { orders } from './orders';
import { passports } from './passports';
import { repairs } from './repairs';
import { suppliers } from './suppliers';
import { trailerInsurances } from './trailer-insurances';
import { trailers } from './trailers';
import { transport } from './transport';
import { transportDocumentGroups } from './transport-document-groups';
import type { ResourceDefinition } from './types';
import { users } from './users';
import { vehicleDocuments } from './vehicle-documents';

/** In dependency order: a resource comes after every resource it refers to or belongs to. */
export const resources: readonly ResourceDefinition[] = [
  companies,
  companyBanks,
  users,
  departments,
  employees,
  passports,
  addresses,
  employeeBanks,
  employeeAttachments,
  hrDocumentTypes,
  hrDocumentStatuses,
  employeeDocuments,
  employeeDocumentStatuses,
  transport,
  transportDocumentGroups,
  vehicleDocuments,
  trailers,
  trailerInsurances,
  orders,
  suppliers,
  cards,
  handoverActs,
  handoverEquipment,
  repairs,
];

export function resourceByName(name: string): ResourceDefinition {
  const resource = resources.find((candidate) => candidate.name === name);
  if (!resource) throw new Error(`Unknown resource "${name}"`);
  return resource;
}

export type { ResourceDefinition } from './types';
