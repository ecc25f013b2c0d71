/**
 * STAND-IN, to be replaced by the real handover acts tab of the handover acts screen (built on another
 * branch with the same export and props): the generic list of the vehicle's acts, newest first.
 */
import { resourceByName } from '../../../resources';
import { CrudList } from '../../crud/crud-list';

export function VehicleActsTab({ transportId }: { transportId: string }) {
  return <CrudList resource={resourceByName('handover-acts')} params={{ transportId }} />;
}
