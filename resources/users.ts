import { actionFirstApi, defineResource } from './types';

/** Members (users) of the account: SPEC §7 `/users` (no show endpoint), page "Company management → Personal". */
export const users = defineResource({
  name: 'users',
  schema: 'user',
  api: actionFirstApi('/users', { show: false }),
  label: ['name', 'last_name'],
  // The password is write-only: an edit that sends none keeps it, a new member needs one.
  requiredOnCreate: ['password'],
  signedInMembers: true,
  routes: { list: '/management-personal' },
  menu: { group: 'companyManagement', icon: 'UserSwitchOutlined', key: 'managementPersonal', order: 1 },
  defaultSort: { field: 'last_name', order: 'asc' },
  permission: 'users',
});
