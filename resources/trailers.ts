import { actionFirstApi, defineResource } from './types';

/**
 * Trailers: SPEC §7 `/trailers`, page with tabs General info and Insurances. The detail route
 * `/trailers/:id` is ours (SPEC §2 lists only `/trailers`): the Insurances tab needs a trailer to belong to.
 */
export const trailers = defineResource({
  name: 'trailers',
  schema: 'trailer',
  api: actionFirstApi('/trailers'),
  label: ['register_number'],
  routes: { list: '/trailers', show: '/trailers/:id' },
  menu: { group: 'vehicles', icon: 'ContainerOutlined', key: 'trailers', order: 2 },
  tabs: ['trailer-insurances'],
  defaultSort: { field: 'register_number', order: 'asc' },
  importable: true,
  permission: 'trailers',
});
