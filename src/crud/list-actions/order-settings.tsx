/**
 * The orders list's "Order settings" (administrators only: the server refuses anyone else): a dialog with the
 * tenant's settings about orders, read from `GET /api/settings/tenant` and changed with `PUT` (Refine's
 * `useCustom` and `useCustomMutation`, through the data provider). Today one switch: whether a problem of an
 * order's crew or equipment over the trip blocks saving the order (issue 14), instead of a warning.
 */
import { SettingOutlined } from '@ant-design/icons';
import { useApiUrl, useCustom, useCustomMutation } from '@refinedev/core';
import { Button, Form, Modal, Spin, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutationNotifications, readNotifications } from '../../providers/notifications';
import { useSession } from '../../session/session-store';
import type { ListActionProps } from './list-action-props';

interface TenantSettings {
  orders_block_on_compliance: boolean;
}

const SETTINGS_PATH = '/settings/tenant';

function OrderSettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const apiUrl = useApiUrl();
  const { query } = useCustom<TenantSettings>({ url: `${apiUrl}${SETTINGS_PATH}`, method: 'get', ...readNotifications });
  const { mutate, mutation } = useCustomMutation<TenantSettings>();
  const settings = query.data?.data;
  const change = (value: boolean) =>
    mutate(
      { url: `${apiUrl}${SETTINGS_PATH}`, method: 'put', values: { orders_block_on_compliance: value }, ...mutationNotifications },
      { onSuccess: () => void query.refetch() },
    );
  return (
    <Modal open title={t('tenantSettings.ordersTitle')} onCancel={onClose} footer={null} data-testid="order-settings-dialog">
      {!settings ? (
        <Spin />
      ) : (
        <Form layout="vertical">
          <Form.Item label={t('tenantSettings.ordersBlockOnCompliance')} htmlFor="orders-block-on-compliance">
            <Switch
              id="orders-block-on-compliance"
              data-testid="orders-block-on-compliance"
              checked={settings.orders_block_on_compliance}
              loading={mutation.isPending || query.isFetching}
              onChange={change}
            />
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('tenantSettings.ordersBlockOnComplianceHelp')}</Typography.Paragraph>
        </Form>
      )}
    </Modal>
  );
}

export function OrderSettingsAction(_props: ListActionProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  // A tenant-wide switch: only administrators change it (the server says the same), so only they see it.
  if (user?.administrator !== true) return null;
  return (
    <>
      <Button icon={<SettingOutlined />} data-testid="order-settings" onClick={() => setOpen(true)}>
        {t('tenantSettings.ordersButton')}
      </Button>
      {open && <OrderSettingsDialog onClose={() => setOpen(false)} />}
    </>
  );
}
