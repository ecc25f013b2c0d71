/**
 * hand-written: the photos of an act (fuel gauge, odometer, driver selfie with the vehicle), multipart;
 * their paths come with the hand-written handover acts screen.
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
