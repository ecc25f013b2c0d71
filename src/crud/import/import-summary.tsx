/** The end of an import: how many records were created of the rows read, and the errors of the rest. */
import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorTable } from './error-table';
import type { ImportAnswer } from './import-types';

export function ImportSummary({ answer }: { answer: ImportAnswer }) {
  const { t } = useTranslation();
  const errors = answer.errors.length + answer.more_errors;
  const skippedExisting = answer.skipped ?? 0;
  return (
    <div data-testid="import-summary">
      <Result
        // Nothing created and nothing wrong: every row was there already (a file brought in twice).
        status={answer.created > 0 ? (errors > 0 ? 'warning' : 'success') : errors > 0 || skippedExisting === 0 ? 'error' : 'info'}
        title={t('importExport.import.created', { created: answer.created, rows: answer.rows })}
        subTitle={
          errors > 0
            ? answer.created > 0
              ? // Rows and errors both: one row can hold several errors.
                t('importExport.import.skipped', { skipped: answer.rows - answer.created - skippedExisting, errors })
              : t('importExport.import.nothingCreated', { errors })
            : undefined
        }
        extra={
          skippedExisting > 0 ? (
            <Typography.Text type="secondary" data-testid="import-skipped-existing">
              {t('importExport.import.skippedExisting', { count: skippedExisting })}
            </Typography.Text>
          ) : undefined
        }
        style={{ padding: '16px 0' }}
      />
      <ErrorTable answer={answer} />
    </div>
  );
}
