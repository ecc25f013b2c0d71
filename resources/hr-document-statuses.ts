/**
 * hand-written: POST /documents/{documentId}/status/store {statuses} (an array body),
 * PUT /documents/{documentId}/status/update/{statusId} {name},
 * DELETE /documents/{documentId}/status/destroy/{statusId} (also deletes the employee documents with that status).
 */
import { defineResource } from './types';

/** The statuses of an HR document type; employee document status rows refer to them. */
export const hrDocumentStatuses = defineResource({
  name: 'hr-document-statuses',
  schema: 'hr-document-status',
  api: {},
  parent: { resource: 'hr-document-types', param: 'documentId', field: 'document_id' },
  label: ['name'],
  permission: 'documents',
});
