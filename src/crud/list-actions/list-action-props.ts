/** What every list action (registry.ts) is given: the list's resource. Apart from the registry, which imports the actions. */
import type { ResourceDefinition } from '../../../resources';

export interface ListActionProps {
  resource: ResourceDefinition;
}
