/**
 * The one registry of resources. Adding a resource: a schema in schemas/, a file here, its locale keys
 * (`npm run new:resource <name>` scaffolds the three); everything else is derived from them.
 */
import { companies } from './companies';
import { companyBanks } from './company-banks';
import type { ResourceDefinition } from './types';

export const resources: readonly ResourceDefinition[] = [companies, companyBanks];

export function resourceByName(name: string): ResourceDefinition {
  const resource = resources.find((candidate) => candidate.name === name);
  if (!resource) throw new Error(`Unknown resource "${name}"`);
  return resource;
}

export type { ResourceDefinition } from './types';
