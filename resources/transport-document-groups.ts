/**
 * hand-written: GET /transport/documents (the documents table: groups with each vehicle's documents),
 * POST /transport/documents/show-document-start-date {status} (sets show_document_start_date on every group).
 */
import { defineResource } from './types';

/**
 * Columns of the transport documents table (SPEC §7 "Transport documents"). Store and update are POST
 * with a JSON body {name}, so explicit endpoints. The list (`GET /transport/documents/groups`, not in
 * SPEC §7) is the table's header and its settings dialog: they need the columns even on a page without
 * vehicles, which the documents table (cells by vehicle) cannot give.
 */
export const transportDocumentGroups = defineResource({
  name: 'transport-document-groups',
  schema: 'transport-document-group',
  api: {
    list: { method: 'GET', path: '/transport/documents/groups' },
    create: { method: 'POST', path: '/transport/documents/group/store' },
    update: { method: 'POST', path: '/transport/documents/group/update/{id}' },
    delete: { method: 'DELETE', path: '/transport/documents/group/destroy/{id}' },
  },
  label: ['name'],
  permission: 'transport',
});
