import { defineResource, idFirstApi } from './types';

/** Bank accounts of an employee: SPEC §7 `/employees/{employeeId}/banks…`, a tab of the employee card. */
export const employeeBanks = defineResource({
  name: 'employee-banks',
  schema: 'employee-bank-account',
  api: idFirstApi('/employees/{employeeId}/banks'),
  parent: { resource: 'employees', param: 'employeeId', field: 'employee_id' },
  label: ['number'],
  permission: 'employees',
});
