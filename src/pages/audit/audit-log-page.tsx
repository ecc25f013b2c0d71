/**
 * The tenant-wide audit log (`/audit-log`, for members with `audit.view`): every create, update, delete
 * and read of sensitive data, newest first, filtered by member, resource, action and date range, paginated by
 * the server; filters and page live in the URL (audit-log-state.ts). The trail is append-only: nothing
 * here changes it.
 */
import { Card, DatePicker, Empty, Select, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateFormat, useCalendarDay } from '../../fields/date/calendar-day';
import { PageHeading } from '../common/page-heading';
import { memberName, useMembers } from '../departments/use-members';
import { auditActions, type AuditEntry } from './audit-api';
import { auditColumns } from './audit-columns';
import { auditSections } from './audit-sections';
import { auditPageSizes, useAuditLogState } from './audit-log-state';
import { useAuditLog } from './use-audit-log';
import { useRecordLabels } from './record-labels';
import { useScrollRegion } from './use-scroll-region';
import './audit.css';
import { labelHolds } from '../../fields/option-filter';

export function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const day = useCalendarDay();
  const scrollRegion = useScrollRegion<HTMLDivElement>(t('pages.auditLog'));
  const members = useMembers();
  const { query, filters, setFilters, setPage } = useAuditLogState();
  const log = useAuditLog(query);
  const records = useRecordLabels(log.entries);
  const resourceOptions = useMemo(() => auditSections(t), [t]);
  return (
    <>
      <PageHeading titleKey="pages.auditLog" />
      <Card data-testid="audit-log-page">
        {records.loader}
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            showSearch
            filterOption={labelHolds}
            style={{ width: 220 }}
            placeholder={t('audit.filters.user')}
            aria-label={t('audit.filters.user')}
            data-testid="audit-filter-user"
            value={filters.user_id}
            options={members.map((member) => ({ value: member.id, label: memberName(member) }))}
            onChange={(value: number | undefined) => setFilters({ user_id: value })}
          />
          <Select
            allowClear
            showSearch
            filterOption={labelHolds}
            style={{ width: 220 }}
            placeholder={t('audit.filters.resource')}
            aria-label={t('audit.filters.resource')}
            data-testid="audit-filter-resource"
            value={filters.resource}
            options={resourceOptions}
            onChange={(value: string | undefined) => setFilters({ resource: value })}
          />
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 220 }}
            placeholder={t('audit.filters.action')}
            aria-label={t('audit.filters.action')}
            data-testid="audit-filter-action"
            value={filters.action?.split(',') ?? []}
            options={auditActions.map((action) => ({ value: action, label: t(`audit.actions.${action}`) }))}
            onChange={(actions: string[]) => setFilters({ action: actions.length > 0 ? actions.join(',') : undefined })}
          />
          <DatePicker.RangePicker
            aria-label={t('audit.filters.dates')}
            data-testid="audit-filter-dates"
            placeholder={[t('crud.filters.from'), t('crud.filters.to')]}
            format={day.picker}
            value={[filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null]}
            allowEmpty={[true, true]}
            onChange={(range) => setFilters({ from: range?.[0]?.format(dateFormat), to: range?.[1]?.format(dateFormat) })}
          />
        </Space>
        <div ref={scrollRegion}>
          <Table<AuditEntry>
            rowKey="id"
            size="middle"
            data-testid="audit-log-table"
            columns={auditColumns(t, i18n.language, { withRecord: true, labelOf: records.labelOf })}
            dataSource={log.entries}
            loading={log.loading}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={log.failed ? t('crud.loadFailed') : t('audit.empty')} /> }}
            pagination={{
              current: query.page,
              pageSize: query.perPage,
              total: log.total,
              showSizeChanger: true,
              pageSizeOptions: auditPageSizes,
              showTotal: (total) => t('crud.total', { count: total }),
            }}
            onChange={(pagination) => setPage(pagination.current ?? 1, pagination.pageSize ?? query.perPage)}
          />
        </div>
      </Card>
    </>
  );
}
