/**
 * The compliance page (`/compliance`, issue 14): everything in the tenant that has expired, expires soon
 * or is missing, across people, vehicles, trailers and cards, that the member may see by their rights
 * (the server leaves out a subject type without its view right). Counts at the top choose the state;
 * filters by subject type, kind, company and date window; a page of items grouped by subject, each
 * linking to the record to fix. Everything shown is in the URL (compliance-view.ts). Data through
 * Refine's `useCustom` on `GET /api/compliance` (the data provider hands over `counts` beside `data`); the
 * Export menu takes the same selection as a file (`GET /api/compliance/export`, src/crud/export/).
 */
import { keys, useApiUrl, useCustom } from '@refinedev/core';
import { Button, Flex, Pagination, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../crud/export/export-menu';
import { PageHeading } from '../../pages/common/page-heading';
import { readNotifications } from '../../providers/notifications';
import type { ListPagination } from '../../providers/data-provider';
import { ComplianceCountsBar, type ComplianceCounts } from './compliance-counts';
import { ComplianceFilters } from './compliance-filters';
import type { ComplianceItem } from './compliance-model';
import { ComplianceTable } from './compliance-table';
import { apiQuery, exportPath, isFiltered, pageSizes, useComplianceView } from './compliance-view';
import './compliance.css';

/** Refine's cache key of the page's queries: under a resource name of its own, so a save elsewhere that invalidates "all" refreshes it. */
export const complianceQueryKey = (query: object): readonly unknown[] => keys().data('default').resource('compliance').action('list').params(query).get();

export function CompliancePage() {
  const { t } = useTranslation();
  const apiUrl = useApiUrl();
  const { view, change } = useComplianceView();
  const query = apiQuery(view);
  const { query: answer } = useCustom<ComplianceItem[]>({
    url: `${apiUrl}/compliance`,
    method: 'get',
    config: { query },
    queryOptions: { queryKey: complianceQueryKey(query), placeholderData: (previous) => previous },
    ...readNotifications,
  });
  const result = answer.data as { data?: ComplianceItem[]; counts?: ComplianceCounts; pagination?: ListPagination } | undefined;
  const items = result?.data ?? [];
  const total = result?.pagination?.total ?? 0;
  const filtered = isFiltered(view);

  const empty = (
    <Space direction="vertical" size={4} data-testid="compliance-empty">
      <span>{t(filtered || view.state ? 'compliance.emptyFiltered' : 'compliance.empty')}</span>
      {filtered && (
        <Button type="link" size="small" onClick={() => change({ kind: undefined, subjectType: undefined, companyId: undefined, withinDays: undefined })}>
          {t('compliance.filters.reset')}
        </Button>
      )}
    </Space>
  );

  return (
    <div className="compliance-page" data-testid="compliance-page">
      <PageHeading titleKey="pages.compliance" />
      <ComplianceCountsBar counts={result?.counts} state={view.state} onChange={(state) => change({ state })} />
      <Flex justify="space-between" align="flex-start" wrap gap={8}>
        <ComplianceFilters view={view} onChange={change} />
        <div className="compliance-export">
          <ExportMenu pathOf={(format) => exportPath(view, format)} fileBase="compliance" />
        </div>
      </Flex>
      {/* Loading: the first answer, or another page or filter's (the previous rows stay meanwhile); not a refresh in the background. */}
      <ComplianceTable items={items} loading={answer.isLoading || (answer.isFetching && answer.isPlaceholderData)} empty={empty} />
      {total > 0 && (
        <Pagination
          className="compliance-pagination"
          align="end"
          current={view.page}
          pageSize={view.perPage}
          total={total}
          pageSizeOptions={pageSizes}
          showSizeChanger
          showTotal={(count) => t('compliance.items', { count })}
          onChange={(page, perPage) => change(perPage !== view.perPage ? { page: 1, perPage } : { page })}
          data-testid="compliance-pagination"
        />
      )}
    </div>
  );
}
