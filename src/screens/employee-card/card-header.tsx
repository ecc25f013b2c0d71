/**
 * The card's header: initials (employees have no photo), the full name, category, company and age, and
 * the worst state of the employee's documents and passports (SPEC §4's indicator). The category is
 * changed here, after a confirmation (the generic move dialog); the employee is deleted after one too.
 */
import { SwapOutlined } from '@ant-design/icons';
import { useDelete } from '@refinedev/core';
import { Avatar, Button, Card, Flex, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resourceByName } from '../../../resources';
import { useAccess } from '../../access/use-access';
import { ValueOfField } from '../../crud/field-value';
import { MoveToTabModal } from '../../crud/move-to-tab-modal';
import { idOf } from '../../crud/schemas';
import { mutationNotifications } from '../../providers/notifications';
import { expiryStateOf, passportWarningDays, worstOf } from '../../fields/date/expiry';
import { ExpiryTag } from '../../fields/date/expiry-tag';
import { currentPassports } from './current-passports';
import { documentStateOf, useEmployeeDocuments } from './use-employee-documents';
import { usePassports } from './use-passports';
import { ConfirmDelete } from '../../crud/confirm-delete';
import { DeleteDescription } from '../../crud/delete-impact';

type Row = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function initialsOf(employee: Row): string {
  return [employee.name, employee.last_name]
    .map((part) => text(part).charAt(0))
    .join('')
    .toUpperCase();
}

export function CardHeader({ employee, params, onRemoving }: { employee: Row; params: Record<string, string>; onRemoving?: (removing: boolean) => void }) {
  const { t } = useTranslation();
  const employees = resourceByName('employees');
  const id = idOf(employees, employee) ?? '';
  const access = useAccess();
  const navigate = useNavigate();
  const [moving, setMoving] = useState(false);
  const { mutate: deleteOne } = useDelete();
  const { documents } = useEmployeeDocuments(id);
  const { passports } = usePassports(id);
  const worst = worstOf([
    ...documents.map((document) => documentStateOf(document)),
    // A passport replaced by a later one of its type is no expired document (as on the compliance page).
    ...currentPassports(passports).map((passport) => expiryStateOf(passport.expiration_date, passportWarningDays)),
  ]);
  const fullName = text(employee.full_name) || [text(employee.name), text(employee.last_name)].join(' ').trim();

  return (
    <Card className="employee-card__header" data-testid="employee-card-header">
      <Flex gap={16} align="center" wrap>
        <Avatar size={64} className="employee-card__avatar" aria-hidden="true">
          {initialsOf(employee)}
        </Avatar>
        <div style={{ flex: 1, minWidth: 200 }}>
          <Typography.Title level={2} style={{ margin: 0 }} data-testid="employee-card-name">
            {fullName}
          </Typography.Title>
          <Space wrap size={[8, 4]} style={{ marginTop: 8 }}>
            <Tag color="blue" data-testid="employee-card-category">
              <ValueOfField resource={employees} field="category" value={employee.category ?? 'staff'} />
            </Tag>
            <span data-testid="employee-card-company">
              <ValueOfField resource={employees} field="company_id" value={employee.company_id} />
            </span>
            {typeof employee.age === 'number' && <span data-testid="employee-card-age">{t('employeeCard.age', { count: employee.age })}</span>}
            {worst && (
              <span>
                {t('employeeCard.documentsState')} <ExpiryTag state={worst} testId="employee-card-worst" />
              </span>
            )}
          </Space>
        </div>
        <Space wrap>
          {access.can(employees, 'edit') && (
            <Button icon={<SwapOutlined />} onClick={() => setMoving(true)} data-testid="employee-card-move">
              {t('employeeCard.changeCategory')}
            </Button>
          )}
          {access.can(employees, 'delete') && (
            <ConfirmDelete
              testId="employee-card-delete"
              description={<DeleteDescription resource={employees} id={id} />}
              onConfirm={() => {
                onRemoving?.(true);
                deleteOne(
                  { resource: employees.name, id, meta: { params, record: employee }, ...mutationNotifications },
                  { onSuccess: () => void navigate(employees.routes?.list ?? '/'), onError: () => onRemoving?.(false) },
                );
              }}
            />
          )}
        </Space>
      </Flex>
      {moving && <MoveToTabModal resource={employees} record={employee} params={params} onClose={() => setMoving(false)} />}
    </Card>
  );
}
