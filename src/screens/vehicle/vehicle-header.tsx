/**
 * The vehicle page's header: its label ("board name (registration number)"), registration number and
 * mileage, and Delete, whose confirmation first says what goes with the vehicle (delete-impact.tsx);
 * after the delete, back to the transport list.
 */
import { DeleteOutlined } from '@ant-design/icons';
import { useDelete } from '@refinedev/core';
import { Button, Card, Flex, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resourceByName } from '../../../resources';
import { useAccess } from '../../access/use-access';
import { useFieldLabel, ValueOfField } from '../../crud/field-value';
import { labelOf } from '../../crud/schemas';
import { mutationNotifications } from '../../providers/notifications';
import { TRANSPORT_IMPACT_TELLS, TransportDeleteImpact } from './delete-impact';
import { DeleteDescription } from '../../crud/delete-impact';

type Row = Record<string, unknown>;

export function VehicleHeader({ vehicle, id, onRemoving }: { vehicle: Row; id: string; onRemoving?: (removing: boolean) => void }) {
  const { t } = useTranslation();
  const transport = resourceByName('transport');
  const label = useFieldLabel(transport);
  const access = useAccess();
  const navigate = useNavigate();
  const { mutate: deleteOne, mutation } = useDelete();

  return (
    <Card className="vehicle-page__header" data-testid="vehicle-header" style={{ marginBottom: 16 }}>
      <Flex gap={16} align="center" wrap justify="space-between">
        <div style={{ minWidth: 200 }}>
          <Typography.Title level={2} style={{ margin: 0 }} data-testid="vehicle-label">
            {labelOf(transport, vehicle)}
          </Typography.Title>
          <Space wrap size={[16, 4]} style={{ marginTop: 8 }}>
            <span data-testid="vehicle-registration">
              {label('registration_number')}: <ValueOfField resource={transport} field="registration_number" value={vehicle.registration_number} />
            </span>
            <span data-testid="vehicle-mileage">
              {label('mileage')}: <ValueOfField resource={transport} field="mileage" value={vehicle.mileage} />
            </span>
          </Space>
        </div>
        {access.can(transport, 'delete') && (
          <Popconfirm
            placement="bottomRight"
            // Named, as the list's question names it.
            title={t('crud.confirm.deleteNamed', { name: labelOf(transport, vehicle) })}
            description={
              <DeleteDescription resource={transport} id={id} extra={<TransportDeleteImpact transport={id} />} toldAlready={TRANSPORT_IMPACT_TELLS} />
            }
            okText={t('crud.buttons.delete')}
            cancelText={t('crud.buttons.cancel')}
            okButtonProps={{ danger: true, loading: mutation.isPending }}
            onConfirm={() => {
              onRemoving?.(true);
              deleteOne(
                { resource: transport.name, id, meta: { record: vehicle }, ...mutationNotifications },
                { onSuccess: () => void navigate(transport.routes?.list ?? '/transport'), onError: () => onRemoving?.(false) },
              );
            }}
          >
            <Button danger icon={<DeleteOutlined />} data-testid="vehicle-delete">
              {t('crud.buttons.delete')}
            </Button>
          </Popconfirm>
        )}
      </Flex>
    </Card>
  );
}
