/**
 * hand-written (server/routes/hand-written/handover-acts.ts, handover-acts-list.ts): the photos of an act
 * (fuel gauge, odometer, driver selfie; multipart), the photos of each damage or fine, what changed since the
 * vehicle's previous act, the act's PDF, and `GET /transport/handover-acts`, the fleet's acts in one list.
 * The screens are hand-written too (src/screens/handover-acts/).
 */
import { defineResource, idFirstApi } from './types';

/**
 * Handover (acceptance) acts of a vehicle. SPEC §7 gives no path for them: `/transport/{transportId}/handover-acts`
 * (id-first) is invented here. Deleting the vehicle deletes its acts.
 */
export const handoverActs = defineResource({
  name: 'handover-acts',
  schema: 'handover-act',
  api: idFirstApi('/transport/{transportId}/handover-acts'),
  parent: { resource: 'transport', param: 'transportId', field: 'transport_id' },
  label: ['date'],
  defaultSort: { field: 'date', order: 'desc' },
  permission: 'transport',
});
