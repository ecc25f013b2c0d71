/**
 * The card's tabs, the open one in the URL (`?tab=`; Personal info has none). The other query parameters
 * stay (`?companyId=` finds the employee again, `&document=` points at one document); switching replaces
 * the history entry, so Back leaves the card. A tab the member may not use is not drawn. A tab once opened stays
 * drawn while hidden, so a form half filled in one (an address edited in place) is still there on coming back.
 */
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../resources';
import { useAccess } from '../../access/use-access';
import { CrudList } from '../../crud/crud-list';
import { useUrlTab } from '../../crud/use-url-tab';
import { HistoryTab } from '../../pages/audit/history-tab';
import { AttachmentsTab } from './attachments-tab';
import { DocumentsTab } from './documents-tab';
import { PassportsTab } from './passports-tab';
import { PersonalInfoTab } from './personal-info-tab';

type Row = Record<string, unknown>;

export function CardTabs({ employee, id, params }: { employee: Row; id: string; params: Record<string, string> }) {
  const { t } = useTranslation();
  const access = useAccess();
  const employeeParams = { employeeId: id };
  const subList = (name: string) => <CrudList resource={resourceByName(name)} params={employeeParams} editInPlace />;
  const tabs = [
    { key: 'personal', label: t('employeeCard.tabs.personal'), children: <PersonalInfoTab employee={employee} params={params} /> },
    { key: 'passports', label: t('passports.title'), children: <PassportsTab employeeId={id} /> },
    { key: 'employee-documents', label: t('employeeCard.tabs.documents'), children: <DocumentsTab employee={employee} employeeId={id} /> },
    { key: 'addresses', label: t('addresses.title'), children: subList('addresses') },
    { key: 'employee-banks', label: t('employee-banks.title'), children: subList('employee-banks') },
    { key: 'employee-attachments', label: t('employeeCard.tabs.attachments'), children: <AttachmentsTab employeeId={id} /> },
    { key: 'history', label: t('audit.history.tab'), children: <HistoryTab resource={resourceByName('employees')} recordId={id} /> },
  ].filter((tab) => tab.key === 'personal' || tab.key === 'history' || access.can(tab.key, 'list'));
  const [active, open] = useUrlTab(tabs.map((tab) => tab.key));

  return <Tabs className="employee-card__tabs" items={tabs} activeKey={active} data-testid="employee-card-tabs" onChange={open} />;
}
