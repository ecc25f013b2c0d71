/** The end of an import: how many records were created of the rows read, and the errors of the rest. */
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorTable } from './error-table';
import type { ImportAnswer } from './import-types';

export function ImportSummary({ answer }: { answer: ImportAnswer }) {
  const { t } = useTranslation();
  const errors = answer.errors.length + answer.more_errors;
  return (
    <div data-testid="import-summary">
      <Result
        status={answer.created > 0 ? (errors > 0 ? 'warning' : 'success') : 'error'}
        title={t('importExport.import.created', { created: answer.created, rows: answer.rows })}
        subTitle={
          errors > 0
            ? answer.created > 0
              ? // Rows and errors both: one row can hold several errors.
                t('importExport.import.skipped', { skipped: answer.rows - answer.created, errors })
              : t('importExport.import.nothingCreated', { errors })
            : undefined
        }
        style={{ padding: '16px 0' }}
      />
      <ErrorTable answer={answer} />
    </div>
  );
}
