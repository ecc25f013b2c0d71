/**
 * One department's tab: its head (assign, unassign) and its members (add, remove), each change an update
 * of the department (`head_id`, `members`; the server keeps each member's `departments` in step), and
 * deleting the department after a confirmation. Controls the member may not use are not drawn.
 */
import { DeleteOutlined, EditOutlined, UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { Button, Card, Empty, List, Popconfirm, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DepartmentNameDialog } from './department-name-dialog';
import { memberName, type Member } from './use-members';
import { labelHolds } from '../../fields/option-filter';

export interface Department {
  id: number;
  name: string;
  head_id?: number | null;
  members?: number[] | null;
  version?: number;
}

interface DepartmentPanelProps {
  department: Department;
  members: Member[];
  canEdit: boolean;
  canDelete: boolean;
  onUpdate: (patch: Partial<Department>) => Promise<void>;
  onDelete: () => Promise<void>;
}

export function DepartmentPanel({ department, members, canEdit, canDelete, onUpdate, onDelete }: DepartmentPanelProps) {
  const { t } = useTranslation();
  const [head, setHead] = useState<number>();
  const [newMember, setNewMember] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const byId = new Map(members.map((member) => [member.id, member]));
  const memberIds = department.members ?? [];
  const headId = department.head_id ?? null;
  const options = (exclude: number[]) =>
    members.filter((member) => !exclude.includes(member.id)).map((member) => ({ value: member.id, label: memberName(member) }));

  async function run(patch: Partial<Department>, after?: () => void) {
    setBusy(true);
    try {
      await onUpdate(patch);
      after?.();
    } catch {
      // the notification has shown the server's message
    } finally {
      setBusy(false);
    }
  }

  const prefix = `department-${department.id}`;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid={prefix}>
      <Card size="small" title={t('departments.fields.head_id')}>
        <Space wrap>
          <Typography.Text strong={headId !== null} type={headId === null ? 'secondary' : undefined} data-testid={`${prefix}-head`}>
            {headId === null ? t('departmentsPage.noHead') : memberName(byId.get(headId), headId)}
          </Typography.Text>
          {canEdit && headId !== null && (
            <Button
              size="small"
              icon={<UserDeleteOutlined />}
              disabled={busy}
              data-testid={`${prefix}-unassign-head`}
              onClick={() => void run({ head_id: null })}
            >
              {t('departmentsPage.unassignHead')}
            </Button>
          )}
        </Space>
        {canEdit && (
          <Space wrap style={{ marginTop: 12, display: 'flex' }}>
            <Select
              showSearch
              filterOption={labelHolds}
              style={{ width: 260 }}
              placeholder={t('departmentsPage.chooseHead')}
              aria-label={t('departmentsPage.chooseHead')}
              data-testid={`${prefix}-head-select`}
              value={head}
              options={options(headId === null ? [] : [headId])}
              onChange={(value: number) => setHead(value)}
            />
            <Button
              type="primary"
              disabled={busy || head === undefined}
              data-testid={`${prefix}-assign-head`}
              // The head is one of the department's members: chosen from outside it, they join it with the same save.
              onClick={() =>
                head !== undefined &&
                void run({ head_id: head, ...(memberIds.includes(head) ? {} : { members: [...memberIds, head] }) }, () => setHead(undefined))
              }
            >
              {t('departmentsPage.assignHead')}
            </Button>
          </Space>
        )}
      </Card>
      <Card size="small" title={t('departments.fields.members')}>
        <List
          size="small"
          data-testid={`${prefix}-members`}
          dataSource={memberIds}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('departmentsPage.noMembers')} /> }}
          renderItem={(id) => (
            <List.Item
              actions={
                canEdit
                  ? [
                      <Button
                        key="remove"
                        size="small"
                        icon={<UserDeleteOutlined />}
                        disabled={busy}
                        aria-label={t('departmentsPage.removeMemberOf', { name: memberName(byId.get(id), id) })}
                        data-testid={`${prefix}-remove-${id}`}
                        // The head is one of the members (as assigning says): the head who leaves is no longer head.
                        onClick={() => void run({ members: memberIds.filter((member) => member !== id), ...(id === headId ? { head_id: null } : {}) })}
                      >
                        {t('departmentsPage.removeMember')}
                      </Button>,
                    ]
                  : []
              }
            >
              <List.Item.Meta title={memberName(byId.get(id), id)} description={byId.get(id)?.job_position ?? undefined} />
            </List.Item>
          )}
        />
        {canEdit && (
          <Space wrap style={{ marginTop: 12, display: 'flex' }}>
            <Select
              showSearch
              filterOption={labelHolds}
              style={{ width: 260 }}
              placeholder={t('departmentsPage.chooseMember')}
              aria-label={t('departmentsPage.chooseMember')}
              data-testid={`${prefix}-member-select`}
              value={newMember}
              options={options(memberIds)}
              onChange={(value: number) => setNewMember(value)}
            />
            <Button
              icon={<UserAddOutlined />}
              disabled={busy || newMember === undefined}
              data-testid={`${prefix}-add-member`}
              onClick={() => void run({ members: [...memberIds, newMember!] }, () => setNewMember(undefined))}
            >
              {t('departmentsPage.addMember')}
            </Button>
          </Space>
        )}
      </Card>
      <Space wrap>
        {canEdit && (
          // A typo in a name is put right here: deleting and adding the department again lost its head and members.
          <Button icon={<EditOutlined />} data-testid={`${prefix}-rename`} onClick={() => setRenaming(true)}>
            {t('departmentsPage.rename')}
          </Button>
        )}
        {canEdit && (
          <DepartmentNameDialog
            open={renaming}
            title={t('departmentsPage.renameTitle', { name: department.name })}
            name={department.name}
            save={(name) => onUpdate({ name })}
            onClose={() => setRenaming(false)}
            onSaved={() => setRenaming(false)}
          />
        )}
        {canDelete && (
          <Popconfirm
            title={t('departmentsPage.deleteTitle', { name: department.name })}
            description={t('departmentsPage.deleteDescription')}
            okText={t('crud.buttons.delete')}
            cancelText={t('crud.buttons.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={onDelete}
          >
            <Button danger icon={<DeleteOutlined />} data-testid={`${prefix}-delete`}>
              {t('departmentsPage.delete')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    </Space>
  );
}
