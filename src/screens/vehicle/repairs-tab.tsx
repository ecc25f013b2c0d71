/**
 * The vehicle's repair and maintenance reports: the generic list of `repairs` scoped to the vehicle (its
 * filters by type and date stay; a new report starts with the vehicle), created and edited by the generic
 * form with its files (the resource's `multipart`).
 */
import { resourceByName } from '../../../resources';
import { CrudList } from '../../crud/crud-list';

export function RepairsTab({ transportId }: { transportId: string }) {
  return (
    <div data-testid="vehicle-repairs">
      <CrudList resource={resourceByName('repairs')} scope={{ transport_id: Number(transportId) }} />
    </div>
  );
}
