/**
 * hand-written: GET /employees/{employeeId}/documents (query `company`),
 * POST /employees/{employeeId}/documents/{templateId}/store (templateId: the HR document type → document_type_id),
 * DELETE /employees/{employeeId}/documents/{documentId}/destroy,
 * GET /employees/{employeeId}/documents/status/expires (documents expiring soon).
 */
import { defineResource } from './types';

/** Documents of an employee made from an HR document type; their status rows are employee-document-statuses. */
export const employeeDocuments = defineResource({
  name: 'employee-documents',
  schema: 'employee-document',
  api: {},
  parent: { resource: 'employees', param: 'employeeId', field: 'employee_id' },
  label: ['document_type_id'],
  permission: 'employees',
});
