/**
 * The vehicle page's tabs (SPEC §2), the open one in the URL (`?tab=`; General info has none): General
 * info, Documents, Fuel/Road cards, Handover acts, Repairs and maintenance, History. Switching replaces the
 * history entry, so Back leaves the page. A tab the member may not use is not drawn.
 */
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../resources';
import { useAccess } from '../../access/use-access';
import { useUrlTab } from '../../crud/use-url-tab';
import { HistoryTab } from '../../pages/audit/history-tab';
import { VehicleActsTab } from '../handover-acts/vehicle-acts-tab';
import { VehicleDocumentsTab } from '../transport-documents/vehicle-documents-tab';
import { CardsTab } from './cards-tab';
import { GeneralInfoTab } from './general-info-tab';
import { RepairsTab } from './repairs-tab';

type Row = Record<string, unknown>;

export const vehicleTabKeys = ['general', 'documents', 'cards', 'handover-acts', 'repairs', 'history'] as const;

export function VehicleTabs({ vehicle, id }: { vehicle: Row; id: string }) {
  const { t } = useTranslation();
  const access = useAccess();
  const tabs = [
    { key: 'general', label: t('crud.tabs.general'), children: <GeneralInfoTab vehicle={vehicle} />, right: 'transport' },
    { key: 'documents', label: t('vehicle.tabs.documents'), children: <VehicleDocumentsTab transportId={id} />, right: 'transport' },
    { key: 'cards', label: t('vehicle.tabs.cards'), children: <CardsTab transportId={id} />, right: 'cards' },
    { key: 'handover-acts', label: t('vehicle.tabs.handoverActs'), children: <VehicleActsTab transportId={id} />, right: 'handover-acts' },
    { key: 'repairs', label: t('vehicle.tabs.repairs'), children: <RepairsTab transportId={id} />, right: 'repairs' },
    { key: 'history', label: t('audit.history.tab'), children: <HistoryTab resource={resourceByName('transport')} recordId={id} />, right: 'transport' },
  ]
    .filter((tab) => access.can(tab.right, 'list'))
    .map(({ right: _right, ...tab }) => tab);
  const [active, open] = useUrlTab(tabs.map((tab) => tab.key));

  return <Tabs items={tabs} activeKey={active} destroyOnHidden data-testid="vehicle-tabs" onChange={open} />;
}
