/** Header notifications: a real, empty list until the product sends notifications (no fake items, no badge). */
import { BellOutlined } from '@ant-design/icons';
import { Button, Empty, Popover } from 'antd';
import { useTranslation } from 'react-i18next';

export function NotificationsMenu() {
  const { t } = useTranslation();
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('header.notifications.title')}
      content={
        <div className="fd-notifications" data-testid="notifications-panel">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('header.notifications.empty')} />
        </div>
      }
    >
      <Button
        type="text"
        className="fd-header__button"
        icon={<BellOutlined />}
        aria-label={t('header.notifications.title')}
        data-testid="notifications-toggle"
      />
    </Popover>
  );
}
