/**
 * hand-written: POST /employees/{employeeId}/attaches/store (multipart, field `file`),
 * DELETE /employees/{employeeId}/attaches/{fileId}/destroy, and the list GET /employees/{employeeId}/attaches.
 */
import { defineResource } from './types';

/** Files attached to an employee ("Attached documents" tab of the employee card). */
export const employeeAttachments = defineResource({
  name: 'employee-attachments',
  schema: 'attachment',
  api: {},
  parent: { resource: 'employees', param: 'employeeId', field: 'employee_id' },
  label: ['file_name'],
  permission: 'employees',
});
