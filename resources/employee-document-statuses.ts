/**
 * hand-written: POST /employees/{employeeId}/documents/{documentId}/status/store,
 * PUT /employees/{employeeId}/documents/{documentId}/status/{statusId}/update,
 * DELETE /employees/{employeeId}/documents/{documentId}/status/{statusId}/destroy.
 */
import { defineResource } from './types';

/** Status rows of an employee document (status, number, dates, comment, relevant flag). */
export const employeeDocumentStatuses = defineResource({
  name: 'employee-document-statuses',
  schema: 'employee-document-status',
  api: {},
  parent: { resource: 'employee-documents', param: 'documentId', field: 'document_id' },
  label: ['number'],
  permission: 'employees',
});
