import { actionFirstApi, defineResource } from './types';

/**
 * Orders (cargo): SPEC §7 `/orders`, id field `_id`. The orders list is the home page `/`; order search
 * (`/order-search`, menu key orderSearch) is the same resource's list with its filters and free-text search
 * open, drawn by the web engine from this definition (a resource has one `routes.list`).
 */
export const orders = defineResource({
  name: 'orders',
  schema: 'order',
  api: actionFirstApi('/orders'),
  idField: '_id',
  label: ['cargo_number', 'customer'],
  routes: { list: '/' },
  // Problems of the crew and equipment over the trip, as the form is filled in (server/rules/orders.ts).
  check: { method: 'POST', path: '/orders/check' },
  // A file of orders brought in again (last week's export, a resent customer sheet) is told apart by cargo number.
  importMatch: 'cargo_number',
  // Administrators choose there whether such a problem blocks the save (the tenant setting orders_block_on_compliance).
  listActions: ['order-settings'],
  menu: { group: 'logistic', icon: 'ProfileOutlined', key: 'orders', order: 1 },
  views: {
    list: [
      'compliance_warnings',
      'cargo_number',
      'customer',
      'loading_date',
      'unloading_date',
      'loading_address',
      'unloading_address',
      'transport_id',
      'trailer_id',
      'primary_driver_id',
      'price',
    ],
  },
  defaultSort: { field: 'loading_date', order: 'desc' },
  importable: true,
  permission: 'orders',
});
