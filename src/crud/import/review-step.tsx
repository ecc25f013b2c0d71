/**
 * What a dry run found: the rows read and the valid ones, the mapping of columns to fields (to correct and
 * check again), the errors per row, the rows already there (skipped unless the member asks for them), and the
 * choice between all rows or nothing and only the valid rows.
 */
import { Alert, Button, Checkbox, Flex, Radio, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorTable } from './error-table';
import type { ImportAnswer, ImportMapping, ImportMode } from './import-types';
import { MappingTable } from './mapping-table';

interface Props {
  fileName: string;
  answer: ImportAnswer;
  mapping: ImportMapping;
  onMapping: (mapping: ImportMapping) => void;
  /** The mapping differs from the one the answer was checked with. */
  changed: boolean;
  onCheckAgain: () => void;
  mode: ImportMode;
  onMode: (mode: ImportMode) => void;
  skipExisting: boolean;
  onSkipExisting: (skip: boolean) => void;
}

/** "2, 5, 9, …": the first rows of a list, enough to find them in the file. */
function someRows(rows: number[], total: number): string {
  const shown = rows.slice(0, 10).join(', ');
  return total > 10 ? `${shown}, …` : shown;
}

export function ReviewStep({ fileName, answer, mapping, onMapping, changed, onCheckAgain, mode, onMode, skipExisting, onSkipExisting }: Props) {
  const { t } = useTranslation();
  const mapped = new Set(Object.values(mapping));
  const missing = answer.fields.filter(({ field, required }) => required && !mapped.has(field)).map(({ label }) => label);
  const invalid = answer.rows - answer.valid;
  return (
    <Flex vertical gap={16} data-testid="import-review">
      <Typography.Text type="secondary" ellipsis>
        {fileName}
      </Typography.Text>
      <Flex gap={24} wrap>
        <Statistic title={t('importExport.import.rowsRead')} value={answer.rows} data-testid="import-rows" />
        <Statistic title={t('importExport.import.validRows')} value={answer.valid} data-testid="import-valid" />
        <Statistic title={t('importExport.import.invalidRows')} value={invalid} valueStyle={invalid > 0 ? { color: '#cf1322' } : undefined} />
      </Flex>
      {/* Headings and nothing under them: why Import stays off. */}
      {answer.rows === 0 && <Alert type="info" showIcon message={t('importExport.import.noRows')} data-testid="import-no-rows" />}
      <section>
        <Typography.Title level={5}>{t('importExport.import.mappingTitle')}</Typography.Title>
        <MappingTable answer={answer} mapping={mapping} onChange={onMapping} />
        {missing.length > 0 && (
          <Alert type="warning" showIcon style={{ marginTop: 8 }} message={t('importExport.import.requiredMissing', { fields: missing.join(', ') })} />
        )}
        <Flex justify="end" style={{ marginTop: 8 }}>
          <Button onClick={onCheckAgain} type={changed ? 'primary' : 'default'} data-testid="import-recheck">
            {t('importExport.import.checkAgain')}
          </Button>
        </Flex>
        {changed && <Typography.Text type="secondary">{t('importExport.import.mappingChanged')}</Typography.Text>}
      </section>
      {(answer.existing ?? 0) > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="import-existing"
          message={t('importExport.import.existing', {
            count: answer.existing,
            field: answer.fields.find(({ field }) => field === answer.match_field)?.label ?? answer.match_field,
            rows: someRows(answer.existing_rows ?? [], answer.existing ?? 0),
          })}
          description={
            <>
              {/* Said before the run, not found out after it: an edited export brought back changes nothing already there. */}
              <Typography.Paragraph style={{ marginBottom: 8 }} data-testid="import-existing-not-changed">
                {t('importExport.import.existingNotChanged')}
              </Typography.Paragraph>
              <Checkbox checked={skipExisting} onChange={(event) => onSkipExisting(event.target.checked)} data-testid="import-skip-existing">
                {t('importExport.import.skipExisting')}
              </Checkbox>
            </>
          }
        />
      )}
      {answer.errors.length > 0 && (
        <section>
          <Typography.Title level={5}>{t('importExport.import.errorsTitle')}</Typography.Title>
          <ErrorTable answer={answer} />
        </section>
      )}
      <section>
        <Typography.Title level={5}>{t('importExport.import.modeTitle')}</Typography.Title>
        <Radio.Group value={mode} onChange={(event) => onMode(event.target.value as ImportMode)}>
          <Flex vertical gap={4}>
            <Radio value="all" data-testid="import-mode-all">
              {t('importExport.import.modeAll')}
            </Radio>
            <Radio value="valid" data-testid="import-mode-valid">
              {t('importExport.import.modeValid')}
            </Radio>
          </Flex>
        </Radio.Group>
      </section>
    </Flex>
  );
}
