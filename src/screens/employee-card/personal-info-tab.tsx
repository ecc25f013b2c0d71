/**
 * Personal info, grouped (personal-info-groups.ts), each group edited in place: its Edit button turns the
 * group into the schema form (the generic form, drawing that group's fields only; one group at a time)
 * with Save and Cancel. Sensitive fields show masked for members without the right, as everywhere.
 */
import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Col, Descriptions, Row as GridRow } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../resources';
import { useAccess } from '../../access/use-access';
import { FieldValue, useFieldLabel } from '../../crud/field-value';
import { FormInPlace } from '../../crud/form-in-place';
import { editableFields, personalInfoGroups } from './personal-info-groups';

type Row = Record<string, unknown>;

export function PersonalInfoTab({ employee, params }: { employee: Row; params: Record<string, string> }) {
  const { t } = useTranslation();
  const employees = resourceByName('employees');
  const label = useFieldLabel(employees);
  const access = useAccess();
  const canEdit = access.can(employees, 'edit');
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <GridRow gutter={[16, 16]}>
      {personalInfoGroups().map((group) => (
        <Col key={group.key} xs={24} xl={12}>
          <Card
            size="small"
            title={t(`employeeCard.groups.${group.key}`)}
            data-testid={`personal-group-${group.key}`}
            extra={
              canEdit &&
              editing !== group.key &&
              editableFields(group).length > 0 && (
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  disabled={editing !== null}
                  onClick={() => setEditing(group.key)}
                  data-testid={`personal-edit-${group.key}`}
                >
                  {t('crud.buttons.edit')}
                </Button>
              )
            }
          >
            {editing === group.key ? (
              <FormInPlace resource={employees} mode="edit" record={employee} params={params} fields={editableFields(group)} onClose={() => setEditing(null)} />
            ) : (
              <Descriptions column={1} size="small" bordered>
                {group.fields.map((field) => (
                  <Descriptions.Item key={field} label={label(field)}>
                    <FieldValue resource={employees} field={field} record={employee} />
                  </Descriptions.Item>
                ))}
              </Descriptions>
            )}
          </Card>
        </Col>
      ))}
    </GridRow>
  );
}
