/**
 * Passports (SPEC §2, §3, §8): number, type, dates, the primary badge and the expiry indicator (expired
 * ones show as such). A new passport is typed in place and must be saved (or cancelled) before another can
 * be added; beyond the maximum the add button is blocked; each says why in its tooltip. Making a passport
 * primary clears the old primary (the server does it); editing opens the schema form's dialog.
 */
import { EditOutlined, PlusOutlined, StarOutlined } from '@ant-design/icons';
import { useDelete, useUpdate } from '@refinedev/core';
import { Button, Card, Empty, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../resources';
import { useAccess } from '../../access/use-access';
import { FieldValue, useFieldLabel } from '../../crud/field-value';
import { FormInPlace } from '../../crud/form-in-place';
import { FormModal } from '../../crud/form-modal';
import { mutationNotifications } from '../../providers/notifications';
import { expiryStateOf, passportWarningDays } from '../../fields/date/expiry';
import { ExpiryTag } from '../../fields/date/expiry-tag';
import { maxPassports, usePassports } from './use-passports';
import { ConfirmDelete } from '../../crud/confirm-delete';

type Row = Record<string, unknown>;

export function PassportsTab({ employeeId }: { employeeId: string }) {
  const { t } = useTranslation();
  const resource = resourceByName('passports');
  const label = useFieldLabel(resource);
  const access = useAccess();
  const { passports, loading } = usePassports(employeeId);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Row | null>(null);
  const { mutate: update } = useUpdate();
  const { mutate: deleteOne } = useDelete();
  const params = { employeeId };
  const full = passports.length >= maxPassports;
  const blockedBy = adding ? t('passports.tooltips.finishFirst') : full ? t('passports.tooltips.maximum', { count: maxPassports }) : undefined;
  const idOf = (record: Row) => String(record.id);

  const columns: ColumnsType<Row> = [
    ...['number', 'type', 'issue_date'].map((field) => ({
      key: field,
      title: label(field),
      render: (_: unknown, record: Row) => <FieldValue resource={resource} field={field} record={record} />,
    })),
    {
      key: 'expiration_date',
      title: label('expiration_date'),
      render: (_: unknown, record: Row) => (
        <Space size={4} wrap>
          <FieldValue resource={resource} field="expiration_date" record={record} />
          <ExpiryTag state={expiryStateOf(record.expiration_date, passportWarningDays)} testId={`passport-state-${idOf(record)}`} />
        </Space>
      ),
    },
    {
      key: 'primary',
      title: label('primary'),
      render: (_: unknown, record: Row) =>
        record.primary === true ? (
          <Tag color="gold" icon={<StarOutlined />} data-testid={`passport-primary-${idOf(record)}`}>
            {t('passports.primaryBadge')}
          </Tag>
        ) : (
          access.can(resource, 'edit') && (
            <Button
              size="small"
              type="link"
              onClick={() =>
                update({
                  resource: resource.name,
                  id: idOf(record),
                  values: { primary: true, version: record.version },
                  meta: { params, record },
                  ...mutationNotifications,
                })
              }
              data-testid={`passport-make-primary-${idOf(record)}`}
            >
              {t('passports.makePrimary')}
            </Button>
          )
        ),
    },
    {
      key: 'actions',
      title: t('crud.columns.actions'),
      width: 100,
      render: (_: unknown, record: Row) => (
        <Space size="small">
          {access.can(resource, 'edit') && (
            <Tooltip title={t('crud.buttons.edit')}>
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={t('crud.buttons.edit')}
                onClick={() => setEditing(record)}
                data-testid={`edit-${idOf(record)}`}
              />
            </Tooltip>
          )}
          {access.can(resource, 'delete') && (
            <ConfirmDelete
              testId={`delete-${idOf(record)}`}
              size="small"
              iconOnly
              onConfirm={() => deleteOne({ resource: resource.name, id: idOf(record), meta: { params, record }, ...mutationNotifications })}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="passports-tab">
      {access.can(resource, 'create') && (
        <Tooltip title={blockedBy}>
          {/* A disabled button gets no pointer events: the span shows its tooltip. */}
          <span style={{ display: 'inline-block' }} data-testid="passport-add-wrapper">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={blockedBy !== undefined}
              onClick={() => setAdding(true)}
              style={{ marginBottom: 16 }}
              data-testid="passport-add"
            >
              {t('passports.add')}
            </Button>
          </span>
        </Tooltip>
      )}
      {adding && (
        <Card size="small" title={t('passports.new')} style={{ marginBottom: 16 }} data-testid="passport-new">
          <FormInPlace resource={resource} mode="create" params={params} onClose={() => setAdding(false)} />
        </Card>
      )}
      <Table<Row>
        rowKey={idOf}
        columns={columns}
        dataSource={passports}
        loading={loading}
        pagination={false}
        className="crud-table"
        scroll={{ x: 'max-content' }}
        rowClassName={(record) => (expiryStateOf(record.expiration_date, passportWarningDays) === 'expired' ? 'employee-card__expired-row' : '')}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('passports.empty')} /> }}
      />
      {editing && <FormModal resource={resource} mode="edit" open record={editing} params={params} onClose={() => setEditing(null)} />}
    </div>
  );
}
