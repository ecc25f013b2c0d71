import { defineResource } from './types';

/**
 * Employees: SPEC §7 `/employees` (paginated list) and the company-first paths
 * `/employees/{companyId}/store|show/{id}|update/{id}|destroy/{id}`; the company in the path fills `company_id`.
 * The employee card (`/personal-main/employee/:id`) is a hand-written screen in a later issue; the generic
 * show page serves it until then. Its "Documents and statuses" and "Attached documents" tabs
 * (employee-documents, employee-attachments) have hand-written routes and are added by that screen.
 */
export const employees = defineResource({
  name: 'employees',
  schema: 'employee',
  api: {
    list: { method: 'GET', path: '/employees' },
    create: { method: 'POST', path: '/employees/{companyId}/store' },
    show: { method: 'GET', path: '/employees/{companyId}/show/{id}' },
    update: { method: 'PUT', path: '/employees/{companyId}/update/{id}' },
    delete: { method: 'DELETE', path: '/employees/{companyId}/destroy/{id}' },
  },
  pathFields: { companyId: 'company_id' },
  label: ['name', 'last_name'],
  labelDetail: ['email', 'phone'],
  routes: { list: '/personal-main', show: '/personal-main/employee/:id' },
  menu: { group: 'personal', icon: 'IdcardOutlined', key: 'personalMain', order: 1 },
  views: { list: ['full_name', 'company_id', 'age', 'citizenship', 'contract_type', 'contract_end_date', 'phone', 'email'] },
  // An exported list is imported back: the file has the names the import needs, not the full name made of them.
  exportParts: { full_name: ['name', 'last_name'] },
  tabs: ['passports', 'addresses', 'employee-banks'],
  listTabs: { field: 'category' },
  listPanels: ['recently-updated', 'expiring-documents'],
  defaultSort: { field: 'last_name', order: 'asc' },
  importable: true,
  permission: 'employees',
});
