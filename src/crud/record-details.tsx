/**
 * A record's fields as label and value, in the resource's `show` view: the generic show page's "General info",
 * and the dialog a list opens for a member who may see a record but neither edit it nor open a page of it
 * (a dispatcher who may only view orders still reads the notes, the second driver, the stops).
 */
import { Button, Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../resources';
import { FieldValue, useFieldLabel, useResourceTitles } from './field-value';
import { viewFields } from './schemas';
import { useCloseOnBack } from './use-close-on-back';
import { useLabelOf } from './use-label-of';

type Row = Record<string, unknown>;

export function RecordDetails({ resource, record }: { resource: ResourceDefinition; record: Row }) {
  const label = useFieldLabel(resource);
  return (
    <Descriptions bordered column={1} size="middle" data-testid={`crud-show-${resource.name}`}>
      {viewFields(resource, 'show').map((field) => (
        <Descriptions.Item key={field} label={label(field)}>
          <FieldValue resource={resource} field={field} record={record} />
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

export function RecordDetailsModal({ resource, record, onClose }: { resource: ResourceDefinition; record: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const { singular } = useResourceTitles(resource);
  const labelOf = useLabelOf();
  const name = labelOf(resource, record);
  useCloseOnBack(true, onClose);
  return (
    <Modal
      open
      title={name ? `${singular}: ${name}` : singular}
      onCancel={onClose}
      width={720}
      footer={
        <Button onClick={onClose} data-testid="record-details-close">
          {t('crud.buttons.close')}
        </Button>
      }
      destroyOnHidden
    >
      <RecordDetails resource={resource} record={record} />
    </Modal>
  );
}
