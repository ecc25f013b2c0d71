/**
 * "Documents expiring soon" (HR main, SPEC §2): the tenant's HR documents and passports past their end
 * date (red) or within their threshold (amber), soonest first, each linking to the employee card's tab
 * (`GET /api/hr/expiring`, through Refine's `useCustom`; a save of an employee refreshes it with the list).
 */
import { useApiUrl, useCustom, keys } from '@refinedev/core';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Card, Empty, List, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { daysLeftText } from '../../fields/days-left';
import { readNotifications } from '../../providers/notifications';
import type { ListPanelProps } from './panel-props';

export interface ExpiringItem {
  /** 'document', 'passport', 'contract': an employee's dated obligations (server/compliance/). */
  kind: string;
  item_id: number;
  document_id: number | null;
  subject: { type: string; id: number; label: string | null };
  company_id: number | null;
  type_name: string | null;
  valid_until: string;
  days_left: number;
  state: 'expired' | 'expiring';
}

const perPage = 5;

/** Where an item is fixed: its employee card, on the tab that holds it. */
export function cardLinkOf(item: ExpiringItem): string {
  // The card's tabs are named by their resources, as the show page's are (`?tab=passports`).
  const tab = item.kind === 'passport' ? 'passports' : item.kind === 'contract' ? 'personal' : 'employee-documents';
  const company = item.company_id ? `&companyId=${item.company_id}` : '';
  const document = item.document_id ? `&document=${item.document_id}` : '';
  return `/personal-main/employee/${item.subject.id}?tab=${tab}${company}${document}`;
}

export function ExpiringDocumentsPanel({ resource }: ListPanelProps) {
  const { t, i18n } = useTranslation();
  const apiUrl = useApiUrl();
  const [page, setPage] = useState(1);
  const url = `${apiUrl}/hr/expiring`;
  const { query } = useCustom<ExpiringItem[]>({
    url,
    method: 'get',
    config: { query: { page, perPage } },
    queryOptions: {
      // Under the employees' list keys: Refine's invalidation after an employee's change refreshes it too.
      queryKey: keys().data('default').resource(resource.name).action('list').params({ panel: 'expiring', page }).get(),
      placeholderData: (previous) => previous,
    },
    ...readNotifications,
  });
  const items = query.data?.data ?? [];
  // No total (the server does not count every item of a large tenant): whether a next page exists.
  const hasMore = (query.data as { pagination?: { hasMore?: boolean } } | undefined)?.pagination?.hasMore === true;
  const date = (value: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(`${value}T00:00:00`));
  const what = (item: ExpiringItem) =>
    item.kind === 'passport'
      ? t('expiring.passport', { type: t(`enums.passportType.${item.type_name ?? ''}`, { defaultValue: item.type_name ?? '' }) })
      : item.kind === 'contract'
        ? t('expiring.contract')
        : (item.type_name ?? t('expiring.document'));

  return (
    <Card
      size="small"
      title={t('expiring.title')}
      extra={
        (page > 1 || hasMore) && (
          <Space size={4}>
            <Button
              size="small"
              type="text"
              icon={<LeftOutlined />}
              aria-label={t('expiring.previous')}
              disabled={page === 1}
              onClick={() => setPage(page - 1)}
              data-testid="expiring-previous"
            />
            <Button
              size="small"
              type="text"
              icon={<RightOutlined />}
              aria-label={t('expiring.next')}
              disabled={!hasMore}
              onClick={() => setPage(page + 1)}
              data-testid="expiring-next"
            />
          </Space>
        )
      }
      data-testid="panel-expiring-documents"
    >
      <List
        size="small"
        loading={query.isLoading}
        dataSource={items}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('expiring.none')} /> }}
        renderItem={(item) => (
          <List.Item key={`${item.kind}-${item.item_id}`} data-testid={`expiring-${item.kind}-${item.item_id}`}>
            <List.Item.Meta
              title={<Link to={cardLinkOf(item)}>{item.subject.label ?? `#${item.subject.id}`}</Link>}
              // The date in one piece: a phone broke "2 лист. 2024 р." after the day.
              description={
                <>
                  {what(item)} · <span style={{ whiteSpace: 'nowrap' }}>{date(item.valid_until)}</span>
                </>
              }
            />
            <Tag color={item.state === 'expired' ? 'red' : 'orange'} data-testid="expiring-state">
              {daysLeftText(item.days_left, t)}
            </Tag>
          </List.Item>
        )}
      />
    </Card>
  );
}
