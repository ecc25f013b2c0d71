/**
 * The generic show page of a record: its fields (with units, translated enumeration labels and reference
 * labels) under a "General info" tab, then one tab per sub-resource of `tabs`, each a generic list scoped
 * to this record (the sub-resource's parent path parameter filled with its id), and a History tab with
 * the record's audit trail. The open tab is in the URL (`?tab=`). Edit opens the form dialog; delete
 * (Refine's `useDelete`) asks first and returns to the list. Tabs and buttons the member may not use are
 * not drawn (src/access/).
 *
 * The record comes through Refine's `useOne` (or a look-up through `useList`, load-record.ts): a save
 * anywhere invalidates it, and the page shows the new state without a reload.
 */
import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Space, Spin, Tabs } from 'antd';
import { useDelete } from '@refinedev/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { resourceByName, type ResourceDefinition } from '../../resources';
import { useAccess } from '../access/use-access';
import { HistoryTab } from '../pages/audit/history-tab';
import { mutationNotifications } from '../providers/notifications';
import { CrudList } from './crud-list';
import { useResourceTitles } from './field-value';
import { FormModal } from './form-modal';
import { RecordDetails } from './record-details';
import { useUrlTab } from './use-url-tab';
import { useCrudRecord } from './load-record';
import { ConfirmDelete } from './confirm-delete';
import { DeleteDescription } from './delete-impact';
import { MissingRecord } from './missing-record';
import { useDeleteQuestion, useLabelOf } from './use-label-of';

type Row = Record<string, unknown>;

export function CrudShow({ resource, id, params }: { resource: ResourceDefinition; id: string; params?: Record<string, string> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The list's row, handed over by its show link: fills path parameters the show endpoint needs besides
  // the id (`/employees/{companyId}/show/{id}`). Only the first look needs it: kept from the first render.
  const state = useLocation().state as { record?: Row } | null;
  const [known] = useState(state?.record);
  const { singular } = useResourceTitles(resource);
  const [editing, setEditing] = useState(false);
  const [deleteBlocked, setDeleteBlocked] = useState(false);
  const access = useAccess();
  const labelInWords = useLabelOf();
  const deleteQuestion = useDeleteQuestion();
  // The tabs this member may open, known before the record: the hook of the open tab comes before any early return.
  const tabKeys = ['general', ...(resource.tabs ?? []).filter((name) => access.can(name, 'list')), 'history'];
  const [activeTab, openTab] = useUrlTab(tabKeys);
  const { mutate: deleteOne } = useDelete();
  // Path parameters the show endpoint needs besides the id come from the handed-over row, the URL query
  // (`?companyId=`), or else the record is looked up through the list endpoint (load-record.ts).
  // While it is deleted the page reads it no more: Refine drops the record's query on success, and a page still reading
  // it would ask the server for it again (a 404) before going back to the list.
  const [removing, setRemoving] = useState(false);
  const { status, record } = useCrudRecord(resource, id, { params, record: known, showsNotFound: true, enabled: !removing });

  function remove() {
    setRemoving(true);
    deleteOne(
      { resource: resource.name, id, meta: { params, record }, ...mutationNotifications },
      { onSuccess: () => void navigate(resource.routes?.list ?? '/'), onError: () => setRemoving(false) },
    );
  }

  if (status === 'loading') return <Spin data-testid="crud-show-loading" />;
  if (status !== 'ready' || !record) {
    return <MissingRecord listRoute={resource.routes?.list ?? '/'} failed={status !== 'notFound'} />;
  }

  const general = <RecordDetails resource={resource} record={record} />;

  const tabs = [
    { key: 'general', label: t('crud.tabs.general'), children: general },
    ...tabKeys
      .filter((name) => name !== 'general' && name !== 'history')
      .map((name) => {
        const child = resourceByName(name);
        const params = child.parent ? { [child.parent.param]: id } : undefined;
        return { key: name, label: t(`${name}.title`, { defaultValue: name }), children: <CrudList resource={child} params={params} /> };
      }),
    // The record's audit trail: its own view right suffices (the server checks it too).
    { key: 'history', label: t('audit.history.tab'), children: <HistoryTab resource={resource} recordId={id} /> },
  ];

  return (
    <Card
      // The heading wraps, the buttons beside it go under it on a phone: "Company: Nor…" said nothing (crud.css).
      className="crud-show"
      title={`${singular}: ${labelInWords(resource, record)}`}
      extra={
        <Space>
          {resource.api.update && access.can(resource, 'edit') && (
            <Button icon={<EditOutlined />} data-testid="crud-show-edit" onClick={() => setEditing(true)}>
              {t('crud.buttons.edit')}
            </Button>
          )}
          {resource.api.delete && access.can(resource, 'delete') && (
            <ConfirmDelete
              testId="crud-show-delete"
              title={deleteQuestion(resource, record)}
              description={<DeleteDescription resource={resource} id={id} onBlocked={setDeleteBlocked} />}
              confirmDisabled={deleteBlocked}
              onConfirm={remove}
            />
          )}
        </Space>
      }
    >
      <Tabs items={tabs} data-testid="crud-show-tabs" activeKey={activeTab} onChange={openTab} />
      {editing && <FormModal resource={resource} mode="edit" open record={record} params={params} onClose={() => setEditing(false)} />}
    </Card>
  );
}
