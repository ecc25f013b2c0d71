/**
 * General info: every field of the vehicle, with units (weight in tonnes here and in the form, kg in the
 * transport table: `x-list-unit`), edited in place by the generic schema form (Save and Cancel).
 */
import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../resources';
import { useAccess } from '../../access/use-access';
import { FieldValue, useFieldLabel } from '../../crud/field-value';
import { FormInPlace } from '../../crud/form-in-place';
import { viewFields } from '../../crud/schemas';

type Row = Record<string, unknown>;

export function GeneralInfoTab({ vehicle }: { vehicle: Row }) {
  const { t } = useTranslation();
  const transport = resourceByName('transport');
  const label = useFieldLabel(transport);
  const access = useAccess();
  const [editing, setEditing] = useState(false);

  return (
    <Card
      size="small"
      title={t('crud.tabs.general')}
      data-testid="vehicle-general"
      extra={
        !editing &&
        access.can(transport, 'edit') && (
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="vehicle-general-edit">
            {t('crud.buttons.edit')}
          </Button>
        )
      }
    >
      {editing ? (
        <FormInPlace resource={transport} mode="edit" record={vehicle} onClose={() => setEditing(false)} />
      ) : (
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
          {viewFields(transport, 'show').map((field) => (
            <Descriptions.Item key={field} label={label(field)}>
              <span data-testid={`vehicle-field-${field}`}>
                <FieldValue resource={transport} field={field} record={vehicle} />
              </span>
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Card>
  );
}
