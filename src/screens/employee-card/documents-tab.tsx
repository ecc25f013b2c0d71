/**
 * Documents and statuses (SPEC §2, §3): add a document from an HR document type; each document is a card
 * with its type, the indicator of its relevant row (SPEC §4, the type's own threshold) and its status rows
 * (status-rows-table.tsx). A document named in the URL (`&document=`, the expiring panel's link) is
 * scrolled to and outlined. Deleting a document asks first.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Select, Space, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { resourceByName } from '../../../resources';
import { useAccess } from '../../access/use-access';
import { useTargetOptions } from '../../fields/reference/use-target-options';
import { ExpiryTag } from '../../fields/date/expiry-tag';
import { StatusRowsTable } from './status-rows-table';
import { useDocumentActions } from './use-document-actions';
import { documentStateOf, useEmployeeDocuments, type EmployeeDocument } from './use-employee-documents';
import { ConfirmDelete } from '../../crud/confirm-delete';
import { focusWhenShown } from '../../crud/focus-when-shown';

type Row = Record<string, unknown>;

function AddDocument({ employee, employeeId }: { employee: Row; employeeId: string }) {
  const { t } = useTranslation();
  const [typeId, setTypeId] = useState<string | undefined>();
  const options = useTargetOptions(resourceByName('hr-document-types'), typeId ? [typeId] : []);
  const actions = useDocumentActions(employeeId);
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Select
        showSearch
        filterOption={false}
        value={typeId}
        placeholder={t('employeeCard.documents.chooseType')}
        aria-label={t('employeeCard.documents.chooseType')}
        options={options.options}
        loading={options.loading}
        onSearch={options.search}
        onOpenChange={(open) => open && options.opened()}
        onChange={setTypeId}
        style={{ minWidth: 260 }}
        notFoundContent={options.loading ? <Spin size="small" /> : undefined}
        data-testid="document-type-picker"
      />
      <Button
        type="primary"
        icon={<PlusOutlined />}
        disabled={!typeId}
        loading={actions.busy}
        onClick={() =>
          typeId &&
          void actions
            .addDocument(Number(typeId), employee.company_id)
            .then((created) => {
              setTypeId(undefined);
              // The Add button is disabled again: the keyboard's place goes to the new document's first step, its status.
              focusWhenShown(`status-row-add-${String(created.id)}`);
            })
            .catch(() => undefined)
        }
        data-testid="document-add"
      >
        {t('employeeCard.documents.add')}
      </Button>
    </Space>
  );
}

function DocumentCard({ document, employeeId, pointed }: { document: EmployeeDocument; employeeId: string; pointed: boolean }) {
  const { t } = useTranslation();
  const access = useAccess();
  const actions = useDocumentActions(employeeId);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (pointed) ref.current?.scrollIntoView?.({ block: 'center' });
  }, [pointed]);
  return (
    <Card
      ref={ref}
      size="small"
      className={pointed ? 'employee-card__pointed' : undefined}
      title={
        <Space>
          <span>{document.document_type?.name ?? `#${document.document_type_id}`}</span>
          <ExpiryTag state={documentStateOf(document)} testId={`document-state-${document.id}`} />
        </Space>
      }
      extra={
        access.can('employee-documents', 'delete') && (
          <ConfirmDelete
            testId={`document-delete-${document.id}`}
            size="small"
            iconOnly
            description={t('employeeCard.documents.deleteDescription')}
            onConfirm={() => actions.removeDocument(document.id).catch(() => undefined)}
          />
        )
      }
      data-testid={`document-${document.id}`}
    >
      <StatusRowsTable document={document} employeeId={employeeId} />
    </Card>
  );
}

export function DocumentsTab({ employee, employeeId }: { employee: Row; employeeId: string }) {
  const { t } = useTranslation();
  const access = useAccess();
  const { documents, loading, failed } = useEmployeeDocuments(employeeId);
  const [query] = useSearchParams();
  const pointed = query.get('document');
  return (
    <div data-testid="documents-tab">
      {access.can('employee-documents', 'create') && <AddDocument employee={employee} employeeId={employeeId} />}
      {loading ? (
        <Spin />
      ) : documents.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={failed ? t('crud.loadFailed') : t('employee-documents.empty')} />
      ) : (
        <Flex vertical gap={16}>
          {documents.map((document) => (
            <DocumentCard key={document.id} document={document} employeeId={employeeId} pointed={pointed === String(document.id)} />
          ))}
        </Flex>
      )}
    </div>
  );
}
