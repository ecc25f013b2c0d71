import { actionFirstApi, defineResource } from './types';

/** Card suppliers: SPEC §7 `/transport/cards/suppliers` (no show), managed on the fuel cards page. */
export const suppliers = defineResource({
  name: 'suppliers',
  schema: 'supplier',
  api: actionFirstApi('/transport/cards/suppliers', { show: false }),
  label: ['name'],
  defaultSort: { field: 'name', order: 'asc' },
  importable: true,
  permission: 'cards',
});
