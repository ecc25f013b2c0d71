/**
 * hand-written: GET /transport/all (every vehicle for pickers: value = id, label = board name and
 * registration number in brackets).
 */
import { actionFirstApi, defineResource } from './types';

/**
 * Vehicles: SPEC §7 `/transport` (list, show/{id}, store, update/{id}, destroy/{id}). The generic page of a
 * vehicle (`/transport/:id`) shows General info and its handover acts; the other detail tabs of SPEC §2
 * (Documents, Fuel/Road cards, Repairs and maintenance) come with the hand-written transport screens.
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
  permission: 'transport',
});
