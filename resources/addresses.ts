import { defineResource, idFirstApi } from './types';

/** Addresses of an employee: SPEC §7 `/employees/{employeeId}/address…` (singular in the path), a tab of the employee card. */
export const addresses = defineResource({
  name: 'addresses',
  schema: 'address',
  api: idFirstApi('/employees/{employeeId}/address'),
  parent: { resource: 'employees', param: 'employeeId', field: 'employee_id' },
  label: ['city', 'street', 'house'],
  permission: 'employees',
});
