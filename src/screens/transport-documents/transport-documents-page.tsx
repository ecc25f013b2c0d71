/**
 * `/transport` (SPEC §2, issue 13): the generic transport list (CrudList, its state in the URL) with a
 * column per document column the member chose to show, after the vehicle's own columns. The cells of the
 * rows on screen come from one request (use-document-cells.ts); a cell opens its dialog (cell-modal.tsx);
 * "Table settings" chooses, adds, renames and deletes columns (table-settings-modal.tsx).
 */
import { SettingOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../resources';
import { useAccess } from '../../access/use-access';
import { CrudList } from '../../crud/crud-list';
import { ListPanels } from '../../crud/panels/list-panels';
import { idOf, labelOf } from '../../crud/schemas';
import { Blank } from '../../fields/shared';
import { PageHeading } from '../../pages/common/page-heading';
import { TRANSPORT_IMPACT_TELLS, TransportDeleteImpact } from '../vehicle/delete-impact';
import { CellButton } from './cell-button';
import { CellModal } from './cell-modal';
import { useHiddenColumns, visibleColumns } from './column-visibility';
import { TableSettingsModal } from './table-settings-modal';
import type { DocumentColumn } from './types';
import { useDocumentCells } from './use-document-cells';
import { useDocumentColumns } from './use-document-columns';
import './transport-documents.css';

type Row = Record<string, unknown>;

interface Editing {
  transportIds: string[];
  transportId: string;
  column: DocumentColumn;
  vehicleLabel: string;
}

function ListCell({ transportIds, transportId, column, onOpen }: { transportIds: string[]; transportId: string; column: DocumentColumn; onOpen?: () => void }) {
  const { vehicles, loading } = useDocumentCells(transportIds);
  const vehicleColumn = vehicles?.find((vehicle) => String(vehicle.id) === transportId)?.groups.find((group) => group.id === column.id);
  const cell = vehicleColumn?.documents[0];
  if (!vehicleColumn || !cell) return loading ? <Spin size="small" /> : <Blank />;
  return <CellButton cell={cell} column={vehicleColumn} testId={`cell-${transportId}-${column.id}`} onOpen={onOpen} />;
}

export function TransportDocumentsPage() {
  const { t } = useTranslation();
  const transport = resourceByName('transport');
  const access = useAccess();
  const canEditCells = access.can(transport, 'edit');
  const { columns } = useDocumentColumns();
  const [hidden, setHidden] = useHiddenColumns();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const shown = visibleColumns(columns, hidden);

  const documentColumns = (rows: Row[]): ColumnsType<Row> => {
    const transportIds = rows.map((row) => idOf(transport, row) ?? '').filter(Boolean);
    return shown.map((column) => ({
      key: `document-${column.id}`,
      title: column.name,
      render: (_value: unknown, row: Row) => {
        const transportId = idOf(transport, row) ?? '';
        const open = () => setEditing({ transportIds, transportId, column, vehicleLabel: labelOf(transport, row) });
        return <ListCell transportIds={transportIds} transportId={transportId} column={column} onOpen={canEditCells ? open : undefined} />;
      },
    }));
  };

  return (
    <>
      <PageHeading titleKey="pages.transport" />
      <ListPanels resource={transport} />
      <CrudList
        resource={transport}
        syncWithLocation
        extraColumns={documentColumns}
        deleteImpact={(record) => <TransportDeleteImpact transport={record} />}
        deleteImpactTells={TRANSPORT_IMPACT_TELLS}
        extraActions={
          <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)} data-testid="documents-settings-open">
            {t('transportDocuments.settings.open')}
          </Button>
        }
      />
      {settingsOpen && <TableSettingsModal columns={columns} hidden={hidden} onHiddenChange={setHidden} onClose={() => setSettingsOpen(false)} />}
      {editing && (
        <CellModal
          target={{ transportId: editing.transportId, columnId: editing.column.id }}
          transportIds={editing.transportIds}
          columnName={editing.column.name}
          vehicleLabel={editing.vehicleLabel}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
