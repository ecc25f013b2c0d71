import { actionFirstApi, defineResource } from './types';

/**
 * Fuel, toll and combined cards: SPEC §7 `/transport/cards` (list with filters, store, update/{card_id},
 * destroy/{id}; no show), id field `card_id`. The page `/maintenance-fuel-cards` also manages the
 * suppliers (resource `suppliers`, no page of its own) in a second tab (`sections`).
 */
export const cards = defineResource({
  name: 'cards',
  schema: 'card',
  api: actionFirstApi('/transport/cards', { show: false }),
  idField: 'card_id',
  label: ['serial_number'],
  routes: { list: '/maintenance-fuel-cards' },
  menu: { group: 'maintenance', icon: 'CreditCardOutlined', key: 'fuelCards', order: 2 },
  defaultSort: { field: 'expires_at', order: 'asc' },
  sections: ['suppliers'],
  importable: true,
  permission: 'cards',
});
