import { actionFirstApi, defineResource } from './types';

/**
 * HR document types: SPEC §7 `/documents` (no show endpoint), page "Manage documents", each row
 * expandable to its statuses (hr-document-statuses, hand-written sub-routes).
 */
export const hrDocumentTypes = defineResource({
  name: 'hr-document-types',
  schema: 'hr-document-type',
  api: actionFirstApi('/documents', { show: false }),
  label: ['name'],
  routes: { list: '/hr-menage-documents' },
  menu: { group: 'personal', icon: 'FolderOpenOutlined', key: 'manageDocuments', order: 3 },
  defaultSort: { field: 'name', order: 'asc' },
  // A status left out of an edit is deleted with every employee document that has it (SPEC §4): statuses are
  // edited in the row's status list (statuses-editor.tsx), which says so before it deletes one.
  createOnly: ['statuses'],
  importable: true,
  permission: 'documents',
});
