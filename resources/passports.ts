import { defineResource, idFirstApi } from './types';

/** Passports of an employee: SPEC §7 `/employees/{employeeId}/passports…`, a tab of the employee card. */
export const passports = defineResource({
  name: 'passports',
  schema: 'passport',
  api: idFirstApi('/employees/{employeeId}/passports'),
  parent: { resource: 'employees', param: 'employeeId', field: 'employee_id' },
  label: ['number'],
  permission: 'employees',
});
