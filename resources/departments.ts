import { actionFirstApi, defineResource } from './types';

/**
 * Departments of the account: SPEC §7 `/departments` (no show endpoint). `/personal-departments` is not in
 * the sidebar of SPEC §1, so no menu entry. Members of a department are a later concern.
 */
export const departments = defineResource({
  name: 'departments',
  schema: 'department',
  api: actionFirstApi('/departments', { show: false }),
  label: ['name'],
  routes: { list: '/personal-departments' },
  defaultSort: { field: 'name', order: 'asc' },
  permission: 'departments',
});
