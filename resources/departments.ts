import { actionFirstApi, defineResource } from './types';

/**
 * Departments of the account: SPEC §7 `/departments` (no show endpoint). `/personal-departments` is not in
 * the sidebar of SPEC §1, but the departments screen (SPEC §2, §6) needs a way in: an entry under company
 * management. Members of a department are a later concern.
 */
export const departments = defineResource({
  name: 'departments',
  schema: 'department',
  api: actionFirstApi('/departments', { show: false }),
  label: ['name'],
  routes: { list: '/personal-departments' },
  menu: { group: 'companyManagement', icon: 'ApartmentOutlined', key: 'departments', order: 2 },
  defaultSort: { field: 'name', order: 'asc' },
  permission: 'departments',
});
