import { actionFirstApi, defineResource } from './types';

/**
 * The tenant's default equipment list for handover acts (issue 13): names only, edited with the generic list
 * in a dialog of the acts page (src/screens/handover-acts/). No page or sidebar entry of its own. SPEC §7
 * names no path: `/transport/handover-equipment` (action-first, no show) is invented here.
 */
export const handoverEquipment = defineResource({
  name: 'handover-equipment',
  schema: 'handover-equipment',
  api: actionFirstApi('/transport/handover-equipment', { show: false }),
  label: ['name'],
  defaultSort: { field: 'name', order: 'asc' },
  permission: 'transport',
});
