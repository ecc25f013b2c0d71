/**
 * The departments screen (`/personal-departments`, SPEC §2): a tab per department, a "+ Add" that adds one
 * (by name), and in each tab its head (assign, unassign) and members (add, remove), and deleting it after
 * a confirmation. An empty account shows an empty state with the same "add" action. Reads and changes go
 * through Refine's hooks (use-departments.ts), so every view of departments and members follows a change.
 * What the member may not do (src/access/) is not drawn; the server refuses it anyway.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/use-access';
import { useUrlTab } from '../../crud/use-url-tab';
import { PageHeading } from '../common/page-heading';
import { DepartmentNameDialog } from './department-name-dialog';
import { DepartmentPanel, type Department } from './department-panel';
import { useDepartments } from './use-departments';
import { useMembers } from './use-members';
import './departments.css';

export function DepartmentsPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const members = useMembers();
  const { departments, failed, create, update, remove } = useDepartments();
  const [adding, setAdding] = useState(false);
  const canCreate = access.can('departments', 'create');
  const canEdit = access.can('departments', 'edit');
  const canDelete = access.can('departments', 'delete');
  // The open department in the URL (`?tab=<id>`), kept on reload; one that no longer exists opens the first. A new
  // one opens as soon as the list is read again with it.
  const [activeKey, openTab] = useUrlTab((departments ?? []).map((department) => String(department.id)));

  async function deleteDepartment(department: Department) {
    try {
      await remove(department);
      // Its tab goes with it, and so does its id from the address (a reload or a link would name a department gone).
      const next = (departments ?? []).find((other) => other.id !== department.id);
      if (String(department.id) === activeKey && next) openTab(String(next.id));
    } catch {
      // the notification has shown the server's message
    }
  }

  function created(department: Department) {
    setAdding(false);
    openTab(String(department.id));
  }

  const addButton = (type?: 'primary') =>
    canCreate && (
      <Button type={type} icon={<PlusOutlined />} data-testid="department-add" onClick={() => setAdding(true)}>
        {t('departmentsPage.add')}
      </Button>
    );

  let content;
  if (departments === null) content = failed ? <Empty description={t('crud.loadFailed')} /> : <Spin data-testid="departments-loading" />;
  else if (departments.length === 0) {
    content = (
      <Empty description={t('departments.empty')} data-testid="departments-empty">
        {addButton('primary')}
      </Empty>
    );
  } else {
    content = (
      <Tabs
        type="card"
        data-testid="departments-tabs"
        activeKey={activeKey}
        onChange={openTab}
        items={departments.map((department) => ({
          key: String(department.id),
          // A long name is cut with an ellipsis (whole on hover): one tab must not push the others out of view.
          label: (
            <span className="departments-page__tab" title={department.name}>
              {department.name}
            </span>
          ),
          children: (
            <DepartmentPanel
              department={department}
              members={members}
              canEdit={canEdit}
              canDelete={canDelete}
              onUpdate={(patch) => update(department, patch)}
              onDelete={() => deleteDepartment(department)}
            />
          ),
        }))}
      />
    );
  }

  return (
    <>
      <PageHeading titleKey="pages.personalDepartments" />
      {/* Above the tabs, not in their bar: antd draws a bar's extra content inside the tab list, which may hold only tabs. */}
      <Card data-testid="departments-page" extra={departments?.length ? addButton() : undefined}>
        {content}
      </Card>
      {canCreate && (
        <DepartmentNameDialog open={adding} title={t('departmentsPage.addTitle')} save={create} onClose={() => setAdding(false)} onSaved={created} />
      )}
    </>
  );
}
