/**
 * The tenant-wide audit log (`/audit-log`, for members with `audit.view`): every create, update, delete
 * and read of sensitive data, newest first, filtered by member, resource and date range, paginated by
 * the server. The trail is append-only: nothing here changes it.
 */
import { Card, DatePicker, Empty, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resources } from '../../../resources';
import { PageHeading } from '../common/page-heading';
import { memberName, useMembers } from '../departments/use-members';
import type { AuditEntry, AuditQuery } from './audit-api';
import { auditColumns } from './audit-columns';
import { useAuditLog } from './use-audit-log';
import './audit.css';

export function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const members = useMembers();
  const [filters, setFilters] = useState<{ user_id?: number; resource?: string; range?: [Dayjs | null, Dayjs | null] | null }>({});
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(20);
  const query: AuditQuery = {
    page,
    perPage,
    user_id: filters.user_id,
    resource: filters.resource,
    from: filters.range?.[0]?.format('YYYY-MM-DD'),
    to: filters.range?.[1]?.format('YYYY-MM-DD'),
  };
  const log = useAuditLog(query);
  const resourceOptions = useMemo(
    () =>
      resources
        .map((resource) => ({ value: resource.name, label: t(`${resource.name}.title`, { defaultValue: resource.name }) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [t],
  );
  const change = (patch: Partial<typeof filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };

  return (
    <>
      <PageHeading titleKey="pages.auditLog" />
      <Card data-testid="audit-log-page">
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 220 }}
            placeholder={t('audit.filters.user')}
            aria-label={t('audit.filters.user')}
            data-testid="audit-filter-user"
            value={filters.user_id}
            options={members.map((member) => ({ value: member.id, label: memberName(member) }))}
            onChange={(value: number | undefined) => change({ user_id: value })}
          />
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 220 }}
            placeholder={t('audit.filters.resource')}
            aria-label={t('audit.filters.resource')}
            data-testid="audit-filter-resource"
            value={filters.resource}
            options={resourceOptions}
            onChange={(value: string | undefined) => change({ resource: value })}
          />
          <DatePicker.RangePicker
            aria-label={t('audit.filters.dates')}
            data-testid="audit-filter-dates"
            placeholder={[t('crud.filters.from'), t('crud.filters.to')]}
            value={filters.range ?? null}
            onChange={(range) => change({ range: range as [Dayjs | null, Dayjs | null] | null })}
          />
        </Space>
        <Table<AuditEntry>
          rowKey="id"
          size="middle"
          data-testid="audit-log-table"
          columns={auditColumns(t, i18n.language, { withRecord: true })}
          dataSource={log.entries}
          loading={log.loading}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={log.failed ? t('crud.loadFailed') : t('audit.empty')} /> }}
          pagination={{
            current: page,
            pageSize: perPage,
            total: log.total,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 30, 40],
            showTotal: (total) => t('crud.total', { count: total }),
          }}
          onChange={(pagination) => {
            setPerPage(pagination.pageSize ?? perPage);
            setPage(pagination.pageSize !== perPage ? 1 : (pagination.current ?? 1));
          }}
        />
      </Card>
    </>
  );
}
