/**
 * The one registry of icons the sidebar draws: resource definitions and resources/menu.ts name their icon
 * (`menu.icon`, serializable), and these are the components for those names. A map of the names in use,
 * not the whole icon set, which would weigh megabytes. A name missing here shows as AppstoreOutlined (the
 * conformance suite requires every name in use to be here).
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
  SafetyCertificateOutlined,
  TeamOutlined,
  ToolOutlined,
  TruckOutlined,
  UserSwitchOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType, ReactNode } from 'react';

export const menuIcons: Readonly<Record<string, ComponentType>> = {
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
  SafetyCertificateOutlined,
  TeamOutlined,
  ToolOutlined,
  TruckOutlined,
  UserSwitchOutlined,
  WalletOutlined,
};

/** The icon element of a name (`"TruckOutlined"` → <TruckOutlined />). */
export function menuIcon(name: string): ReactNode {
  const Icon = menuIcons[name] ?? AppstoreOutlined;
  return <Icon />;
}
