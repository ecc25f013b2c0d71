/** What every list panel is given (its own file: the panels and their registry both read it, neither reads the other back). */
import type { ResourceDefinition } from '../../../resources';

export interface ListPanelProps {
  /** The resource whose list page shows the panel. */
  resource: ResourceDefinition;
}
