/**
 * The problems the server found, a row of the table each: the row of the file (the heading is row 1),
 * the column (or the field, or the whole row) and the message in the member's language. The server
 * lists at most 1,000; how many more there were is said below.
 */
import { Table, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportAnswer, ImportError } from './import-types';

export function ErrorTable({ answer }: { answer: ImportAnswer }) {
  const { t } = useTranslation();
  const labels = new Map(answer.fields.map(({ field, label }) => [field, label]));
  const where = (error: ImportError) => error.column ?? (error.field ? (labels.get(error.field) ?? error.field) : t('importExport.import.wholeRow'));
  if (answer.errors.length === 0) return null;
  return (
    <>
      <Table<ImportError & { key: number }>
        size="small"
        data-testid="import-errors"
        dataSource={answer.errors.map((error, key) => ({ ...error, key }))}
        pagination={answer.errors.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
        onRow={(error) => ({ 'data-testid': `import-error-${error.row}-${error.field}` }) as HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'row', title: t('importExport.import.row'), dataIndex: 'row', width: 64 },
          { key: 'column', title: t('importExport.import.column'), render: (_value, error) => where(error), width: '30%' },
          { key: 'message', title: t('importExport.import.message'), dataIndex: 'message' },
        ]}
      />
      {answer.more_errors > 0 && <Typography.Text type="secondary">{t('importExport.import.moreErrors', { more: answer.more_errors })}</Typography.Text>}
    </>
  );
}
