/**
 * A document cell as the list and the vehicle's tab show it: the end date (after the start date when the
 * column shows it) with SPEC §4's indicator at the column's threshold, and how many files it holds. A
 * button, reachable by keyboard, opening the cell's dialog; plain text for a member who may not edit.
 */
import { PaperClipOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCalendarDay } from '../../fields/date/calendar-day';
import { CellStateTag } from './cell-state-tag';
import type { DocumentCell } from './types';

export interface CellColumnSettings {
  name: string;
  show_document_start_date?: boolean;
  warning_days?: number;
}

export function CellSummary({ cell, column, testId }: { cell: DocumentCell; column: CellColumnSettings; testId: string }) {
  const { t } = useTranslation();
  const day = useCalendarDay();
  const anyDate = column.show_document_start_date ? cell.start_date || cell.end_date : cell.end_date;
  const dates = column.show_document_start_date
    ? `${cell.start_date ? day.show(cell.start_date) : '…'} – ${cell.end_date ? day.show(cell.end_date) : '…'}`
    : cell.end_date && day.show(cell.end_date);
  return (
    <Space size={4} wrap>
      {anyDate ? (
        <span data-testid={`${testId}-dates`} style={{ whiteSpace: 'nowrap' }}>
          {dates}
        </span>
      ) : (
        <Typography.Text type="secondary" data-testid={`${testId}-dates`}>
          {t('transportDocuments.cell.noDate')}
        </Typography.Text>
      )}
      <CellStateTag cell={cell} warningDays={column.warning_days} testId={`${testId}-state`} />
      {cell.files.length > 0 && (
        <span title={t('transportDocuments.cell.filesCount', { count: cell.files.length })} data-testid={`${testId}-files`} style={{ whiteSpace: 'nowrap' }}>
          <PaperClipOutlined /> {cell.files.length}
        </span>
      )}
    </Space>
  );
}

export function CellButton({
  cell,
  column,
  testId,
  onOpen,
}: {
  cell: DocumentCell;
  column: CellColumnSettings;
  testId: string;
  /** Without it the cell is shown, not offered for editing. */
  onOpen?: () => void;
}) {
  const { t } = useTranslation();
  if (!onOpen) return <CellSummary cell={cell} column={column} testId={testId} />;
  return (
    <Button type="text" className="transport-documents__cell" onClick={onOpen} data-testid={testId}>
      {/* Named by what it does and by what it shows (WCAG 2.5.3: the visible text is part of the name). */}
      <span className="fd-visually-hidden">{t('transportDocuments.cell.edit', { column: column.name })}: </span>
      <CellSummary cell={cell} column={column} testId={testId} />
    </Button>
  );
}
