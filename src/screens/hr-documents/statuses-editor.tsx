/**
 * The statuses of one HR document type, edited in place (SPEC §2 "each type expandable to its statuses"):
 * rename a status and save it with Enter or the button, delete it after a confirmation that says how many
 * employee documents go with it (SPEC §4), add one or several new ones. Names are checked by the status
 * schema (1–30 characters, not blank) with the forms' validator and messages; a type keeps at least one
 * status (the last one cannot be deleted: the server refuses it too).
 */
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import type { HttpError } from '@refinedev/core';
import { Button, Flex, Form, Input, List, Popconfirm, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/use-access';
import { formSchemaOf } from '../../crud/schemas';
import { formErrorsOf } from '../../crud/validator';
import { DeleteImpact } from './delete-impact';
import { useStatusActions } from './use-status-actions';

export interface DocumentType {
  id: number;
  name: string;
  version?: number;
  statuses?: Array<{ id?: number; name: string }>;
}

/** The server's first field message of a refused name (a name the type already has), shown under the field. */
function refusal(error: unknown): string | undefined {
  const [first] = Object.values((error as Partial<HttpError> | undefined)?.errors ?? {}).flat() as Array<string | { message?: string }>;
  return typeof first === 'string' ? first : first?.message;
}

function useNameCheck() {
  const { t } = useTranslation();
  return (name: string) => formErrorsOf(formSchemaOf('hr-document-statuses', 'create'), { name }, t).name;
}

function StatusRow({ type, status, last }: { type: DocumentType; status: { id: number; name: string }; last: boolean }) {
  const { t } = useTranslation();
  const access = useAccess();
  const actions = useStatusActions(type.id);
  const check = useNameCheck();
  const [name, setName] = useState(status.name);
  // The server's refusal of the name as sent, until it is changed.
  const [refused, setRefused] = useState<{ name: string; message: string }>();
  const error = name !== status.name ? (check(name) ?? (refused?.name === name ? refused.message : undefined)) : undefined;
  const changed = name.trim() !== status.name && !check(name);
  const canEdit = access.can('hr-document-types', 'edit');
  const canDelete = access.can('hr-document-types', 'delete');

  async function save() {
    if (!changed) return;
    try {
      await actions.rename(status.id, name.trim(), type.version);
    } catch (failure) {
      // The server's message has been shown; the name stays as typed, with what is wrong with it under it.
      const message = refusal(failure);
      if (message) setRefused({ name, message });
    }
  }

  return (
    <List.Item data-testid={`status-${status.id}`}>
      <Flex gap={8} align="start" style={{ width: '100%' }}>
        <Form.Item validateStatus={error ? 'error' : undefined} help={error} style={{ flex: 1, marginBottom: 0 }}>
          <Input
            value={name}
            disabled={!canEdit}
            aria-label={t('hrDocuments.statusName')}
            aria-invalid={error ? true : undefined}
            maxLength={60}
            onChange={(event) => setName(event.target.value)}
            onPressEnter={() => void save()}
            data-testid={`status-name-${status.id}`}
          />
        </Form.Item>
        {canEdit && (
          <Tooltip title={t('crud.buttons.save')}>
            <Button
              icon={<SaveOutlined />}
              aria-label={t('crud.buttons.save')}
              disabled={!changed}
              loading={actions.busy}
              onClick={() => void save()}
              data-testid={`status-save-${status.id}`}
            />
          </Tooltip>
        )}
        {canDelete && (
          <Tooltip title={last ? t('handWritten.lastStatus') : t('crud.buttons.delete')}>
            <Popconfirm
              // Named: the bin stands beside each of several statuses.
              title={t('crud.confirm.deleteNamed', { name: status.name })}
              description={
                <>
                  <DeleteImpact target={{ kind: 'status', typeId: type.id, statusId: status.id }} />
                  <div>{t('crud.confirm.deleteDescription')}</div>
                </>
              }
              okText={t('crud.buttons.delete')}
              cancelText={t('crud.buttons.cancel')}
              okButtonProps={{ danger: true }}
              disabled={last}
              onConfirm={() => actions.remove(status.id).catch(() => undefined)}
            >
              <Button danger icon={<DeleteOutlined />} aria-label={t('crud.buttons.delete')} disabled={last} data-testid={`status-delete-${status.id}`} />
            </Popconfirm>
          </Tooltip>
        )}
      </Flex>
    </List.Item>
  );
}

function AddStatus({ type }: { type: DocumentType }) {
  const { t } = useTranslation();
  const actions = useStatusActions(type.id);
  const check = useNameCheck();
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<{ name: string; message: string }>();
  const error = tried || name !== '' ? (check(name) ?? (refused?.name === name ? refused.message : undefined)) : undefined;

  async function add() {
    setTried(true);
    if (check(name)) return;
    try {
      await actions.add([name.trim()]);
      setName('');
      setTried(false);
    } catch (failure) {
      // The server's message has been shown; what is wrong with the name stays under it until it is changed.
      const message = refusal(failure);
      if (message) setRefused({ name, message });
    }
  }

  return (
    <Flex gap={8} align="start">
      <Form.Item validateStatus={error ? 'error' : undefined} help={error} style={{ flex: 1, marginBottom: 0 }}>
        <Input
          value={name}
          placeholder={t('hrDocuments.newStatus')}
          aria-label={t('hrDocuments.newStatus')}
          aria-invalid={error ? true : undefined}
          maxLength={60}
          onChange={(event) => setName(event.target.value)}
          onPressEnter={() => void add()}
          data-testid={`status-new-${type.id}`}
        />
      </Form.Item>
      <Button icon={<PlusOutlined />} loading={actions.busy} onClick={() => void add()} data-testid={`status-add-${type.id}`}>
        {t('crud.form.add')}
      </Button>
    </Flex>
  );
}

export function StatusesEditor({ type }: { type: DocumentType }) {
  const { t } = useTranslation();
  const access = useAccess();
  const statuses = (type.statuses ?? []).filter((status): status is { id: number; name: string } => typeof status.id === 'number');
  return (
    <div data-testid={`statuses-${type.id}`} style={{ maxWidth: 560 }}>
      <Typography.Text strong>{t('hrDocuments.statuses')}</Typography.Text>
      <List
        size="small"
        dataSource={statuses}
        locale={{ emptyText: t('crud.noResults') }}
        renderItem={(status) => <StatusRow key={`${status.id}:${status.name}`} type={type} status={status} last={statuses.length === 1} />}
      />
      {access.can('hr-document-types', 'create') && <AddStatus type={type} />}
    </div>
  );
}
