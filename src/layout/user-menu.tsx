/** Header user menu: first name (default 'User') and avatar; Personal info, Security, Settings, Logout. */
import { LockOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useLogout } from '@refinedev/core';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { firstNameOf, useSession } from '../session/session-store';
import { UserAvatar } from './user-avatar';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const { mutate: logout } = useLogout();
  const name = firstNameOf(user) ?? t('header.defaultUserName');
  const entry = (testId: string, text: string) => <span data-testid={testId}>{text}</span>;
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        onClick: ({ key }) => (key === 'logout' ? logout() : void navigate(key)),
        items: [
          { key: '/personal-info', icon: <UserOutlined />, label: entry('user-menu-personal-info', t('header.userMenu.personalInfo')) },
          { key: '/security', icon: <LockOutlined />, label: entry('user-menu-security', t('header.userMenu.security')) },
          { key: '/settings', icon: <SettingOutlined />, label: entry('user-menu-settings', t('header.userMenu.settings')) },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, danger: true, label: entry('user-menu-logout', t('header.userMenu.logout')) },
        ],
      }}
    >
      <Button type="text" className="fd-header__button fd-header__user" aria-label={t('header.userMenu.open', { name })} data-testid="user-menu">
        <UserAvatar path={user?.avatar} size={30} alt={t('header.avatarAlt')} />
        <span className="fd-header__user-name fd-header__hide-small" data-testid="user-first-name">
          {name}
        </span>
      </Button>
    </Dropdown>
  );
}
