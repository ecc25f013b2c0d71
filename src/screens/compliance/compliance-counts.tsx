/**
 * The counts at the top of the compliance page (expired, expiring, missing, under the other filters),
 * which also choose the state shown: a segmented control whose options are the counts (with "all" first).
 */
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { complianceStates, type ComplianceState } from './compliance-model';

export type ComplianceCounts = Record<ComplianceState, number>;

export function ComplianceCountsBar({
  counts,
  state,
  onChange,
}: {
  counts: ComplianceCounts | undefined;
  state: ComplianceState | undefined;
  onChange: (state: ComplianceState | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const number = (value: number | undefined) => (value === undefined ? '–' : new Intl.NumberFormat(i18n.language).format(value));
  const total = counts ? complianceStates.reduce((sum, key) => sum + counts[key], 0) : undefined;
  const option = (key: ComplianceState | 'all', value: number | undefined) => ({
    value: key,
    label: (
      <div className={`compliance-count compliance-count--${key}`} data-testid={`compliance-count-${key}`}>
        <span className="compliance-count__value">{number(value)}</span>
        <span className="compliance-count__label">{t(key === 'all' ? 'compliance.states.all' : `compliance.states.${key}`)}</span>
      </div>
    ),
  });
  return (
    <Segmented
      block
      className="compliance-counts"
      aria-label={t('compliance.filters.state')}
      value={state ?? 'all'}
      options={[option('all', total), ...complianceStates.map((key) => option(key, counts?.[key]))]}
      onChange={(value) => onChange(value === 'all' ? undefined : (value as ComplianceState))}
      data-testid="compliance-counts"
    />
  );
}
