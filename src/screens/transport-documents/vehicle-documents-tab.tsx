/**
 * One vehicle's document cells (the Documents tab of `/transport/:id`): a row per document column with
 * its start and end date, the indicator at the column's threshold, the files (download) and the same
 * dialog as the transport list's cells to edit them. The vehicle page imports exactly this component.
 */
import { EditOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/use-access';
import { useCalendarDay } from '../../fields/date/calendar-day';
import { Blank } from '../../fields/shared';
import { CellModal } from './cell-modal';
import { CellStateTag } from './cell-state-tag';
import { StoredFiles } from './stored-files';
import type { VehicleColumn } from './types';
import { useDocumentCells } from './use-document-cells';

export function VehicleDocumentsTab({ transportId }: { transportId: string }) {
  const { t } = useTranslation();
  const day = useCalendarDay();
  const access = useAccess();
  const transportIds = [transportId];
  const { vehicles, loading, failed } = useDocumentCells(transportIds);
  const [editing, setEditing] = useState<VehicleColumn | null>(null);
  const vehicle = vehicles?.find((candidate) => String(candidate.id) === transportId);
  const canEdit = access.can('transport', 'edit');

  const columns: ColumnsType<VehicleColumn> = [
    { key: 'name', title: t('transportDocuments.tab.document'), render: (_, column) => column.name },
    {
      key: 'start',
      title: t('vehicle-documents.fields.start_date'),
      render: (_, column) => {
        const start = column.documents[0]?.start_date;
        return start ? day.show(start) : <Blank />;
      },
    },
    {
      key: 'end',
      title: t('vehicle-documents.fields.end_date'),
      render: (_, column) => {
        const cell = column.documents[0];
        return cell?.end_date ? (
          <Space size={4} style={{ whiteSpace: 'nowrap' }}>
            {day.show(cell.end_date)}
            <CellStateTag cell={cell} warningDays={column.warning_days} testId={`vehicle-document-state-${column.id}`} />
          </Space>
        ) : cell?.state === 'missing' ? (
          <CellStateTag cell={cell} testId={`vehicle-document-state-${column.id}`} />
        ) : (
          <Blank />
        );
      },
    },
    {
      key: 'files',
      title: t('vehicle-documents.fields.files'),
      render: (_, column) => {
        const files = column.documents[0]?.files ?? [];
        return files.length > 0 ? <StoredFiles files={files} testId={`vehicle-document-files-${column.id}`} /> : <Blank />;
      },
    },
  ];
  if (canEdit)
    columns.push({
      key: 'actions',
      title: t('crud.columns.actions'),
      width: 80,
      render: (_, column) => (
        <Tooltip title={t('transportDocuments.cell.edit', { column: column.name })}>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('transportDocuments.cell.edit', { column: column.name })}
            onClick={() => setEditing(column)}
            data-testid={`vehicle-document-edit-${column.id}`}
          />
        </Tooltip>
      ),
    });

  return (
    <div data-testid="vehicle-documents-tab">
      <Table<VehicleColumn>
        rowKey="id"
        columns={columns}
        dataSource={vehicle?.groups ?? []}
        loading={loading}
        pagination={false}
        className="crud-table"
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={failed ? t('crud.loadFailed') : t('transport-document-groups.empty')} />,
        }}
      />
      {editing && (
        <CellModal target={{ transportId, columnId: editing.id }} transportIds={transportIds} columnName={editing.name} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}
