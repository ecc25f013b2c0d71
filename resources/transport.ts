/**
 * hand-written: GET /transport/{id}/usage (what deleting the vehicle takes with it: counts of documents,
 * handover acts, repairs and linked cards), GET /transport/all (every vehicle for pickers: value = id, label = board name and
 * registration number in brackets).
 */
import { actionFirstApi, defineResource } from './types';

/**
 * Vehicles: SPEC §7 `/transport` (list, show/{id}, store, update/{id}, destroy/{id}). The page of a
 * vehicle (`/transport/:id`) is hand-written (src/screens/vehicle/): General info, Documents, Fuel/Road
 * cards, Handover acts, Repairs and maintenance.
 */
export const transport = defineResource({
  name: 'transport',
  schema: 'transport',
  api: actionFirstApi('/transport'),
  label: ['board_names', 'registration_number'],
  labelFormat: '{board_names} ({registration_number})',
  routes: { list: '/transport', show: '/transport/:id' },
  menu: { group: 'vehicles', icon: 'TruckOutlined', key: 'transport', order: 1 },
  tabs: ['handover-acts'],
  defaultSort: { field: 'board_names', order: 'asc' },
  importable: true,
  permission: 'transport',
});
