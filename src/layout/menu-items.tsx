/**
 * The sidebar (and top menu) entries of SPEC §1, grouped as the specification lists them. Labels are
 * locale keys; every entry links to a route of src/routes.tsx.
 */
import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BuildOutlined,
  CarOutlined,
  ContainerOutlined,
  CreditCardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  FileDoneOutlined,
  FileSearchOutlined,
  FolderOpenOutlined,
  IdcardOutlined,
  ProfileOutlined,
  TeamOutlined,
  ToolOutlined,
  TruckOutlined,
  UserSwitchOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { MenuProps } from 'antd';
import { resources } from '../../resources';
import type { SidebarGroup } from '../../resources/types';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface MenuEntry {
  key: string;
  path: string;
  labelKey: string;
  icon: ReactNode;
}

interface MenuGroup {
  key: string;
  labelKey: string;
  icon: ReactNode;
  entries: MenuEntry[];
}

export const menuGroups: MenuGroup[] = [
  {
    key: 'logistic',
    labelKey: 'menu.logistic',
    icon: <DeploymentUnitOutlined />,
    entries: [
      { key: 'orders', path: '/', labelKey: 'menu.orders', icon: <ProfileOutlined /> },
      { key: 'order-search', path: '/order-search', labelKey: 'menu.orderSearch', icon: <FileSearchOutlined /> },
    ],
  },
  {
    key: 'vehicles',
    labelKey: 'menu.vehicles',
    icon: <CarOutlined />,
    entries: [
      { key: 'transport', path: '/transport', labelKey: 'menu.transport', icon: <TruckOutlined /> },
      { key: 'trailers', path: '/trailers', labelKey: 'menu.trailers', icon: <ContainerOutlined /> },
    ],
  },
  {
    key: 'personal',
    labelKey: 'menu.personal',
    icon: <TeamOutlined />,
    entries: [
      { key: 'personal-main', path: '/personal-main', labelKey: 'menu.personalMain', icon: <IdcardOutlined /> },
      { key: 'companies', path: '/companies', labelKey: 'menu.companies', icon: <BankOutlined /> },
      { key: 'manage-documents', path: '/hr-menage-documents', labelKey: 'menu.manageDocuments', icon: <FolderOpenOutlined /> },
    ],
  },
  {
    key: 'company-management',
    labelKey: 'menu.companyManagement',
    icon: <ApartmentOutlined />,
    entries: [
      { key: 'management-personal', path: '/management-personal', labelKey: 'menu.managementPersonal', icon: <UserSwitchOutlined /> },
      // Not in SPEC §1's sidebar, but the departments screen (SPEC §2, §6) needs a way in.
      { key: 'departments', path: '/personal-departments', labelKey: 'departments.title', icon: <ApartmentOutlined /> },
      { key: 'management-finances', path: '/management-finances', labelKey: 'menu.managementFinances', icon: <WalletOutlined /> },
      // The tenant-wide audit trail: only for members with `audit.view` (src/access/).
      { key: 'audit-log', path: '/audit-log', labelKey: 'menu.auditLog', icon: <AuditOutlined /> },
    ],
  },
  {
    key: 'maintenance',
    labelKey: 'menu.maintenance',
    icon: <ToolOutlined />,
    entries: [
      { key: 'basic-data', path: '/maintenance-basic-data', labelKey: 'menu.basicData', icon: <DatabaseOutlined /> },
      { key: 'fuel-cards', path: '/maintenance-fuel-cards', labelKey: 'menu.fuelCards', icon: <CreditCardOutlined /> },
      { key: 'repair', path: '/maintenance-repair', labelKey: 'menu.repair', icon: <BuildOutlined /> },
      {
        key: 'acceptance-certificate',
        path: '/maintenance-acceptance-certificate',
        labelKey: 'menu.acceptanceCertificate',
        icon: <FileDoneOutlined />,
      },
    ],
  },
];

/** Icons a resource may name in `menu.icon` (a map, not the whole icon set: that would weigh megabytes). */
const iconsByName: Record<string, ReactNode> = {
  BankOutlined: <BankOutlined />,
  BuildOutlined: <BuildOutlined />,
  ContainerOutlined: <ContainerOutlined />,
  CreditCardOutlined: <CreditCardOutlined />,
  DatabaseOutlined: <DatabaseOutlined />,
  FileDoneOutlined: <FileDoneOutlined />,
  FileSearchOutlined: <FileSearchOutlined />,
  FolderOpenOutlined: <FolderOpenOutlined />,
  IdcardOutlined: <IdcardOutlined />,
  ProfileOutlined: <ProfileOutlined />,
  TeamOutlined: <TeamOutlined />,
  ToolOutlined: <ToolOutlined />,
  TruckOutlined: <TruckOutlined />,
  UserSwitchOutlined: <UserSwitchOutlined />,
  WalletOutlined: <WalletOutlined />,
};

const groupKeys: Record<SidebarGroup, string> = {
  logistic: 'logistic',
  vehicles: 'vehicles',
  personal: 'personal',
  companyManagement: 'company-management',
  maintenance: 'maintenance',
};

/** A resource with a list page and a `menu` whose path the sidebar lacks gets an entry in its group. */
for (const resource of resources) {
  if (!resource.menu || !resource.routes?.list) continue;
  const path = resource.routes.list;
  if (menuGroups.some((group) => group.entries.some((entry) => entry.path === path))) continue;
  menuGroups
    .find((group) => group.key === groupKeys[resource.menu!.group])
    ?.entries.push({ key: resource.name, path, labelKey: `menu.${resource.menu.key}`, icon: iconsByName[resource.menu.icon] ?? <AppstoreOutlined /> });
}

export const menuGroupKeys = menuGroups.map((group) => group.key);

/** The entry a path belongs to: exact, or a page below it (/companies/7 → Companies); "/" only exactly. */
export function selectedMenuEntry(pathname: string): { group: string; entry: string } | null {
  for (const group of menuGroups) {
    for (const entry of group.entries) {
      const matches = entry.path === '/' ? pathname === '/' : pathname === entry.path || pathname.startsWith(`${entry.path}/`);
      if (matches) return { group: group.key, entry: entry.key };
    }
  }
  return null;
}

/**
 * The groups and entries the member may open (`canOpen`, from src/access/): an entry whose page needs a
 * right the member lacks is left out, and a group left empty with it.
 */
export function visibleMenuGroups(canOpen: (path: string) => boolean = () => true): MenuGroup[] {
  return menuGroups.map((group) => ({ ...group, entries: group.entries.filter((entry) => canOpen(entry.path)) })).filter((group) => group.entries.length > 0);
}

export function buildMenuItems(t: TFunction, onNavigate?: () => void, canOpen?: (path: string) => boolean): NonNullable<MenuProps['items']> {
  return visibleMenuGroups(canOpen).map((group) => ({
    key: group.key,
    icon: group.icon,
    label: <span data-testid={`menu-group-${group.key}`}>{t(group.labelKey)}</span>,
    children: group.entries.map((entry) => ({
      key: entry.key,
      icon: entry.icon,
      label: (
        <Link to={entry.path} data-testid={`menu-${entry.key}`} onClick={onNavigate}>
          {t(entry.labelKey)}
        </Link>
      ),
    })),
  }));
}
