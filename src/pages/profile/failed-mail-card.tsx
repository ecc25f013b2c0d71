/**
 * For administrators, on /settings: the tenant's mails that could not be sent after every retry
 * (`GET /api/mail/failed`, through Refine's `useCustom`), with the mail server's last answer, so a wrong
 * SMTP setting or a dead address is seen rather than silently losing reminders. Small on purpose.
 */
import { keys, useApiUrl, useCustom } from '@refinedev/core';
import { Card, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readNotifications } from '../../providers/notifications';

export interface FailedMail {
  id: number;
  kind: string;
  to: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  failed_at: string;
}

const perPage = 10;

export function FailedMailCard() {
  const { t, i18n } = useTranslation();
  const apiUrl = useApiUrl();
  const [page, setPage] = useState(1);
  const { query } = useCustom<FailedMail[]>({
    url: `${apiUrl}/mail/failed`,
    method: 'get',
    config: { query: { page, perPage } },
    queryOptions: {
      queryKey: keys().data('default').resource('failed-mail').action('list').params({ page }).get(),
      placeholderData: (previous) => previous,
    },
    ...readNotifications,
  });
  const total = (query.data as { pagination?: { total?: number } } | undefined)?.pagination?.total ?? 0;
  const when = (value: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));

  return (
    <Card title={t('reminders.failed.title')} data-testid="failed-mail">
      <Typography.Paragraph type="secondary">{t('reminders.failed.description')}</Typography.Paragraph>
      <Table<FailedMail>
        size="small"
        // Scrolls within the card on a phone instead of widening the whole settings page.
        scroll={{ x: 'max-content' }}
        rowKey="id"
        loading={query.isFetching}
        dataSource={query.data?.data ?? []}
        locale={{ emptyText: t('reminders.failed.empty') }}
        pagination={total > perPage ? { current: page, pageSize: perPage, total, onChange: setPage, showSizeChanger: false } : false}
        columns={[
          { key: 'failed_at', title: t('reminders.failed.columns.failedAt'), render: (_, mail) => when(mail.failed_at) },
          { key: 'to', title: t('reminders.failed.columns.to'), dataIndex: 'to' },
          { key: 'subject', title: t('reminders.failed.columns.subject'), dataIndex: 'subject' },
          { key: 'attempts', title: t('reminders.failed.columns.attempts'), dataIndex: 'attempts', align: 'right' },
          {
            key: 'error',
            title: t('reminders.failed.columns.error'),
            render: (_, mail) => <Typography.Text type="danger">{mail.last_error ?? '—'}</Typography.Text>,
          },
        ]}
      />
    </Card>
  );
}
