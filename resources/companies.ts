import { actionFirstApi, defineResource } from './types';

export const companies = defineResource({
  name: 'companies',
  schema: 'company',
  api: actionFirstApi('/companies'),
  label: ['name'],
  routes: { list: '/companies', show: '/companies/:id' },
  menu: { group: 'personal', icon: 'BankOutlined', key: 'companies', order: 2 },
  tabs: ['company-banks'],
  defaultSort: { field: 'name', order: 'asc' },
  importable: true,
  permission: 'companies',
});
