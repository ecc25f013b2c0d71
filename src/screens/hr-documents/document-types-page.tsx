/**
 * Manage documents (`/hr-menage-documents`, SPEC §2): the HR document types in the generic list (create,
 * edit with the warning threshold, search, delete), each row expanding to its statuses edited in place
 * (statuses-editor.tsx). Deleting a type first says how many employee documents go with it (SPEC §4).
 */
import { resourceByName } from '../../../resources';
import { CrudList } from '../../crud/crud-list';
import { PageHeading } from '../../pages/common/page-heading';
import { DeleteImpact } from './delete-impact';
import { StatusesEditor, type DocumentType } from './statuses-editor';

export function DocumentTypesPage() {
  const types = resourceByName('hr-document-types');
  return (
    <>
      <PageHeading titleKey="pages.manageDocuments" />
      <CrudList
        resource={types}
        syncWithLocation
        expandedRow={(record) => <StatusesEditor type={record as unknown as DocumentType} />}
        deleteImpact={(record) => <DeleteImpact target={{ kind: 'type', typeId: Number(record.id) }} />}
      />
    </>
  );
}
