/**
 * The History tab of a generic detail page: the record's audit entries and those of the records that belong to
 * it (an employee's passports, a vehicle's documents: the server's audit-owner.ts), who, when, what, the changed
 * fields before → after, newest first, paginated by the server. Its own view right suffices.
 */
import { Empty, Switch, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScrollRegion } from './use-scroll-region';
import type { ResourceDefinition } from '../../../resources';
import { auditActions, type AuditEntry } from './audit-api';
import { auditColumns } from './audit-columns';
import { useAuditLog } from './use-audit-log';
import { useRecordLabels } from './record-labels';
import './audit.css';

/** Every action but the views of sensitive data. */
const CHANGES = auditActions.filter((action) => action !== 'read').join(',');

export function HistoryTab({ resource, recordId }: { resource: ResourceDefinition; recordId: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(10);
  // Changes first: every list page that hands a member an employee's sensitive data records a view, and those views
  // filled the first pages of the History, pushing the changes out of sight. They are one switch away.
  const [withViews, setWithViews] = useState(false);
  const log = useAuditLog({ resource: resource.name, record_id: recordId, page, perPage, ...(withViews ? {} : { action: CHANGES }) });
  const scrollRegion = useScrollRegion<HTMLDivElement>(t('audit.history.tab'));
  // The record's own entries need no name: those of what belongs to it do.
  const othersEntries = useMemo(() => log.entries.filter((entry) => entry.resource !== resource.name), [log.entries, resource.name]);
  const records = useRecordLabels(othersEntries);
  return (
    <div data-testid="history-tab" ref={scrollRegion}>
      {records.loader}
      <label className="audit-history__views">
        <Switch
          size="small"
          checked={withViews}
          onChange={(checked) => {
            setWithViews(checked);
            setPage(1);
          }}
          data-testid="history-with-views"
        />
        {t('audit.history.withViews')}
      </label>
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        // The record's own entries need no "Record" column; those of what belongs to it (a passport of the employee) do.
        columns={auditColumns(t, i18n.language, { withRecord: othersEntries.length > 0, labelOf: records.labelOf })}
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
    </div>
  );
}
