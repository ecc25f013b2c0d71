/**
 * The Export menu of a generic list: exactly the list's current query (list-paths.ts), for members who may
 * view the list (the server checks the right again).
 */
import type { ResourceDefinition } from '../../../resources';
import { useAccess } from '../../access/use-access';
import { ExportMenu } from './export-menu';
import { exportPath, listPathOf, type ListQueryState } from './list-paths';

export function ListExport({ resource, params, state }: { resource: ResourceDefinition; params?: Record<string, string>; state: ListQueryState }) {
  const access = useAccess();
  if (!access.can(resource, 'list') || listPathOf(resource, params) === undefined) return null;
  return <ExportMenu pathOf={(format) => exportPath(resource, params, state, format) ?? ''} fileBase={resource.name} />;
}
