/**
 * hand-written: POST /transport/documents/update/{id} (multipart: file[i], start_date, end_date),
 * DELETE /transport/documents/destroy/file/{id} (one file of a document). Listed by GET /transport/documents.
 */
import { defineResource } from './types';

/** One vehicle's document in one column of the transport documents table, with its dates and files. */
export const vehicleDocuments = defineResource({
  name: 'vehicle-documents',
  schema: 'vehicle-document',
  api: {},
  label: ['start_date', 'end_date'],
  permission: 'transport',
});
