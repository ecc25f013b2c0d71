/**
 * The tenant's default equipment list (issue 13) in a dialog: the generic list of the resource
 * `handover-equipment` (add, rename, delete after a confirmation), which a new act's equipment step
 * starts from.
 */
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../resources';
import { CrudList } from '../../crud/crud-list';

export function EquipmentModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('handover-equipment.title')} onCancel={onClose} footer={null} width={640} destroyOnHidden data-testid="act-equipment-modal">
      <Typography.Paragraph type="secondary">{t('handover-acts.list.defaultEquipmentHint')}</Typography.Paragraph>
      <CrudList resource={resourceByName('handover-equipment')} />
    </Modal>
  );
}
