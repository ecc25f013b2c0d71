/**
 * The departments screen (`/personal-departments`, SPEC §2): a tab per department, a "+ Add" that adds one
 * (by name), and in each tab its head (assign, unassign) and members (add, remove), and deleting it after
 * a confirmation. An empty account shows an empty state with the same "add" action. What the member may
 * not do (src/access/) is not drawn; the server refuses it anyway.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Form, Input, Modal, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/use-access';
import { isApiError } from '../../providers/api-error';
import { dataProvider } from '../../providers/data-provider';
import { PageHeading } from '../common/page-heading';
import { DepartmentPanel, type Department } from './department-panel';
import { useMembers } from './use-members';

function byName(a: Department, b: Department) {
  return a.name.localeCompare(b.name);
}

function AddDepartmentDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (department: Department) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);

  async function submit(values: { name: string }) {
    setSaving(true);
    try {
      const answer = await dataProvider.create({ resource: 'departments', variables: { name: values.name.trim() } });
      form.resetFields();
      onCreated(answer.data as unknown as Department);
    } catch (error) {
      const messages = isApiError(error) ? error.fieldErrors.name : undefined;
      if (messages) form.setFields([{ name: 'name', errors: messages }]);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('departmentsPage.addTitle')}
      okText={t('crud.buttons.save')}
      cancelText={t('crud.buttons.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'department-add-save' } as never}
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="name"
          label={t('departments.fields.name')}
          rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: 100 }]}
        >
          <Input autoFocus maxLength={100} data-testid="department-add-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function DepartmentsPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const members = useMembers();
  const [departments, setDepartments] = useState<Department[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [activeKey, setActiveKey] = useState<string>();
  const [adding, setAdding] = useState(false);
  const canCreate = access.can('departments', 'create');
  const canEdit = access.can('departments', 'edit');
  const canDelete = access.can('departments', 'delete');

  useEffect(() => {
    let active = true;
    dataProvider
      .getList({ resource: 'departments', pagination: { currentPage: 1, pageSize: 100 }, sorters: [{ field: 'name', order: 'asc' }] })
      .then((answer) => {
        if (!active) return;
        const list = answer.data as unknown as Department[];
        setDepartments(list);
        setActiveKey((current) => current ?? (list[0] ? String(list[0].id) : undefined));
      })
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, []);

  function replace(saved: Department) {
    setDepartments((current) => (current ?? []).map((department) => (department.id === saved.id ? { ...department, ...saved } : department)));
  }

  async function update(department: Department, patch: Partial<Department>) {
    const answer = await dataProvider.update({ resource: 'departments', id: department.id, variables: { ...patch, version: department.version } });
    replace({ ...department, ...patch, ...(answer.data as unknown as Department) });
  }

  async function remove(department: Department) {
    try {
      await dataProvider.deleteOne({ resource: 'departments', id: department.id });
      const rest = (departments ?? []).filter((candidate) => candidate.id !== department.id);
      setDepartments(rest);
      setActiveKey(rest[0] ? String(rest[0].id) : undefined);
    } catch {
      // the data provider has shown the server's message
    }
  }

  function created(department: Department) {
    setAdding(false);
    setDepartments((current) => [...(current ?? []), department].sort(byName));
    setActiveKey(String(department.id));
  }

  let content;
  if (departments === null) content = failed ? <Empty description={t('crud.loadFailed')} /> : <Spin data-testid="departments-loading" />;
  else if (departments.length === 0) {
    content = (
      <Empty description={t('departments.empty')} data-testid="departments-empty">
        {canCreate && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="department-add" onClick={() => setAdding(true)}>
            {t('departmentsPage.add')}
          </Button>
        )}
      </Empty>
    );
  } else {
    content = (
      <Tabs
        type="card"
        data-testid="departments-tabs"
        activeKey={activeKey}
        onChange={setActiveKey}
        tabBarExtraContent={
          canCreate && (
            <Button icon={<PlusOutlined />} data-testid="department-add" onClick={() => setAdding(true)}>
              {t('departmentsPage.add')}
            </Button>
          )
        }
        items={departments.map((department) => ({
          key: String(department.id),
          label: department.name,
          children: (
            <DepartmentPanel
              department={department}
              members={members}
              canEdit={canEdit}
              canDelete={canDelete}
              onUpdate={(patch) => update(department, patch)}
              onDelete={() => remove(department)}
            />
          ),
        }))}
      />
    );
  }

  return (
    <>
      <PageHeading titleKey="pages.personalDepartments" />
      <Card data-testid="departments-page">{content}</Card>
      {canCreate && <AddDepartmentDialog open={adding} onClose={() => setAdding(false)} onCreated={created} />}
    </>
  );
}
