/**
 * Moving a record to another tab of a list with `listTabs` (an employee to Archive, SPEC §4: "changing an
 * employee's status asks for confirmation first"): a dialog names the record, where it is and where it
 * goes, and saves only when confirmed, through Refine's `useUpdate` (the list, its counts and every view
 * of the record refresh). Used by the list's row action; a hand-written screen can use it as well.
 */
import { useUpdate } from '@refinedev/core';
import { Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../resources';
import { mutationNotifications } from '../providers/notifications';
import { useFieldLabel } from './field-value';
import { listTabValues } from './list-tabs';
import { idOf, propertyOf } from './schemas';
import { useLabelOf } from './use-label-of';
import { useFocusBackToOpener } from './focus-back';

type Row = Record<string, unknown>;

interface Props {
  resource: ResourceDefinition;
  record: Row;
  params?: Record<string, string>;
  onClose: () => void;
}

export function MoveToTabModal({ resource, record, params, onClose }: Props) {
  const { t } = useTranslation();
  useFocusBackToOpener();
  const fieldLabel = useFieldLabel(resource);
  const labelInWords = useLabelOf();
  const field = resource.listTabs?.field ?? '';
  const enumName = propertyOf(resource, field)?.['x-enum'];
  const valueLabel = (value: unknown) =>
    typeof enumName === 'string' ? t(`enums.${enumName}.${String(value)}`, { defaultValue: String(value) }) : String(value);
  // A record stored without the field is in the default's tab (the server lists and counts it there).
  const current = record[field] ?? propertyOf(resource, field)?.default;
  const [target, setTarget] = useState<string>();
  const { mutate: update, mutation } = useUpdate();

  function move() {
    if (!target) return;
    update(
      {
        resource: resource.name,
        id: idOf(resource, record) ?? '',
        values: { [field]: target, version: record.version },
        meta: { params, record },
        ...mutationNotifications,
      },
      { onSuccess: onClose },
    );
  }

  return (
    <Modal
      open
      title={t('crud.moveTab.title', { field: fieldLabel(field) })}
      okText={t('crud.moveTab.ok')}
      cancelText={t('crud.buttons.cancel')}
      okButtonProps={{ disabled: !target, loading: mutation.isPending, 'data-testid': 'move-tab-ok' }}
      onOk={move}
      onCancel={onClose}
      destroyOnHidden
    >
      <Radio.Group value={target} onChange={(event) => setTarget(event.target.value as string)} data-testid="move-tab-options">
        <Space direction="vertical">
          {listTabValues(resource)
            .filter((value) => value !== current)
            .map((value) => (
              <Radio key={value} value={value}>
                {valueLabel(value)}
              </Radio>
            ))}
        </Space>
      </Radio.Group>
      {target && (
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }} strong data-testid="move-tab-question">
          {t('crud.moveTab.question', { record: labelInWords(resource, record), from: valueLabel(current), to: valueLabel(target) })}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
