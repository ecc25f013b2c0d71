/**
 * The compliance page's table: a page of items grouped by subject, each subject a header row (its name,
 * linking to its page, and its type) with its obligations under it, each linking to the record to fix
 * on the tab that holds it.
 */
import { CarOutlined, ContainerOutlined, CreditCardOutlined, IdcardOutlined } from '@ant-design/icons';
import { Empty, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCalendarDay } from '../../fields/date/calendar-day';
import { groupBySubject, recordLinkOf, stateColours, subjectLinkOf, type ComplianceItem, type ComplianceRow, type SubjectType } from './compliance-model';
import { daysLeftText, obligationName } from './compliance-texts';

const subjectIcons: Record<SubjectType, ReactNode> = {
  employee: <IdcardOutlined />,
  vehicle: <CarOutlined />,
  trailer: <ContainerOutlined />,
  card: <CreditCardOutlined />,
};

interface ComplianceTableProps {
  items: ComplianceItem[];
  loading: boolean;
  empty: ReactNode;
}

export function ComplianceTable({ items, loading, empty }: ComplianceTableProps) {
  const { t } = useTranslation();
  const day = useCalendarDay();
  const rows = groupBySubject(items);
  // A subject's header row spans the whole table; its cells in the other columns are not drawn.
  const spanned = (first: boolean) => (row: ComplianceRow) => (row.row === 'subject' ? { colSpan: first ? columns.length : 0 } : {});
  const itemCell = (render: (item: ComplianceItem) => ReactNode) => (_: unknown, row: ComplianceRow) => (row.row === 'item' ? render(row.item) : null);

  const columns: TableColumnsType<ComplianceRow> = [
    {
      key: 'obligation',
      title: t('compliance.columns.obligation'),
      onCell: spanned(true),
      render: (_: unknown, row: ComplianceRow) =>
        row.row === 'subject' ? (
          <div className="compliance-subject" data-testid={`compliance-subject-${row.subject.type}-${row.subject.id}`}>
            <span className="compliance-subject__icon">{subjectIcons[row.subject.type]}</span>
            <Link to={subjectLinkOf(row.subject, row.companyId)} className="compliance-subject__name">
              {row.subject.label ?? `#${row.subject.id}`}
            </Link>
            <Typography.Text type="secondary">
              {t(`compliance.subjects.${row.subject.type}`)} · {t('compliance.items', { count: row.count })}
            </Typography.Text>
          </div>
        ) : (
          <div className="compliance-obligation">
            <Link to={recordLinkOf(row.item)} data-testid={`compliance-link-${row.item.key}`}>
              {obligationName(row.item, t)}
            </Link>
            {row.item.type_name && row.item.kind !== 'passport' && (
              <Typography.Text type="secondary" className="compliance-obligation__kind">
                {t(`compliance.kinds.${row.item.kind}`)}
              </Typography.Text>
            )}
          </div>
        ),
    },
    {
      key: 'valid_until',
      title: t('compliance.columns.validUntil'),
      onCell: spanned(false),
      render: itemCell((item) => <span className="compliance-date">{item.valid_until ? day.show(item.valid_until) : '—'}</span>),
    },
    {
      key: 'days_left',
      title: t('compliance.columns.daysLeft'),
      onCell: spanned(false),
      render: itemCell((item) => daysLeftText(item, t)),
    },
    {
      key: 'state',
      title: t('compliance.columns.state'),
      onCell: spanned(false),
      render: itemCell((item) => (
        <Tag color={stateColours[item.state]} data-testid="compliance-state" data-state={item.state}>
          {t(`compliance.states.${item.state}`)}
        </Tag>
      )),
    },
  ];

  return (
    <Table<ComplianceRow>
      className="compliance-table"
      size="middle"
      rowKey="key"
      columns={columns}
      dataSource={rows}
      loading={loading}
      // Paged on the server, below the table (compliance-page.tsx): its rows are a page's items plus their subjects' rows.
      pagination={false}
      rowClassName={(row) => (row.row === 'subject' ? 'compliance-table__subject-row' : 'compliance-table__item-row')}
      onRow={(row) => ({ 'data-testid': row.row === 'item' ? `compliance-row-${row.item.key}` : undefined }) as React.HTMLAttributes<HTMLElement>}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      scroll={{ x: 'max-content' }}
      data-testid="compliance-table"
    />
  );
}
