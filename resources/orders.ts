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
  menu: { group: 'logistic', icon: 'ProfileOutlined', key: 'orders', order: 1 },
  views: {
    list: ['cargo_number', 'customer', 'loading_date', 'loading_address', 'unloading_address', 'transport_id', 'trailer_id', 'primary_driver_id', 'price'],
  },
  defaultSort: { field: 'loading_date', order: 'desc' },
  permission: 'orders',
});
