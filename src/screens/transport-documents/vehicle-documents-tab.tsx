/**
 * STAND-IN, to be replaced by the real Documents tab of the transport documents screen (built on another
 * branch with the same export and props): this vehicle's document cells, read-only, from
 * `GET /api/transport/documents?transport_id=<id>`.
 */
import { keys, useCustom } from '@refinedev/core';
import { Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { expiryStateOf } from '../../fields/date/expiry';
import { ExpiryTag } from '../../fields/date/expiry-tag';
import { readNotifications } from '../../providers/notifications';

interface Cell {
  id: number;
  name: string;
  warning_days: number;
  documents: Array<{ doc_id: number; start_date: string | null; end_date: string | null; files: unknown[] }>;
}

export function VehicleDocumentsTab({ transportId }: { transportId: string }) {
  const { t } = useTranslation();
  const { query } = useCustom<Array<{ groups: Cell[] }>>({
    url: '/api/transport/documents',
    method: 'get',
    config: { query: { transport_id: transportId } },
    queryOptions: { queryKey: keys().data('default').resource('vehicle-documents').action('list').params({ transportId }).get() },
    ...readNotifications,
  });
  const groups = query.data?.data[0]?.groups ?? [];
  return (
    <Table<Cell>
      data-testid="vehicle-documents"
      rowKey="id"
      loading={query.isLoading}
      dataSource={groups}
      pagination={false}
      className="crud-table"
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crud.noResults')} /> }}
      columns={[
        { key: 'name', title: t('transport-document-groups.fields.name'), dataIndex: 'name' },
        {
          key: 'start',
          title: t('vehicle-documents.fields.start_date'),
          render: (_, cell) => cell.documents[0]?.start_date ?? '—',
        },
        {
          key: 'end',
          title: t('vehicle-documents.fields.end_date'),
          render: (_, cell) => {
            const end = cell.documents[0]?.end_date;
            return end ? (
              <span>
                {end} <ExpiryTag state={expiryStateOf(end, cell.warning_days)} />
              </span>
            ) : (
              '—'
            );
          },
        },
        { key: 'files', title: t('vehicle-documents.fields.files'), render: (_, cell) => cell.documents[0]?.files.length ?? 0 },
      ]}
    />
  );
}
