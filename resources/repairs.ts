/**
 * hand-written: POST /transport/repairs/store/{transport_id} (multipart: repair_files plus the form fields),
 * POST /transport/repairs/update/{repair_id} (multipart), DELETE /transport/repairs/destroy-file/{id}.
 */
import { defineResource } from './types';

/** Repair and maintenance reports: SPEC §7 `/transport/repairs` (list with filters, destroy/{id}), id field `repair_id`. */
export const repairs = defineResource({
  name: 'repairs',
  schema: 'repair-report',
  api: {
    list: { method: 'GET', path: '/transport/repairs' },
    delete: { method: 'DELETE', path: '/transport/repairs/destroy/{id}' },
  },
  // The form sends its fields and files to the hand-written multipart routes (the generic form's files).
  multipart: {
    create: { method: 'POST', path: '/transport/repairs/store/{transport_id}' },
    update: { method: 'POST', path: '/transport/repairs/update/{id}' },
    filesField: 'repair_files[]',
    filesProperty: 'files',
    deleteFile: { method: 'DELETE', path: '/transport/repairs/destroy-file/{id}' },
  },
  idField: 'repair_id',
  label: ['type', 'date'],
  routes: { list: '/maintenance-repair' },
  menu: { group: 'maintenance', icon: 'BuildOutlined', key: 'repair', order: 3 },
  defaultSort: { field: 'date', order: 'desc' },
  permission: 'repairs',
});
