/**
 * The compliance page's filters: kind, subject type, company (a picker over the companies list, Refine's
 * useSelect: src/fields/reference/use-target-options.ts) and the date window (`within_days`: one
 * threshold for every item instead of each one's own). Only what the member may see is offered.
 */
import { Button, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../resources';
import { useAccess } from '../../access/use-access';
import { useTargetOptions } from '../../fields/reference/use-target-options';
import { kindSubject, obligationKinds, readsKind, subjectRights, subjectTypes } from './compliance-model';
import { isFiltered, windowChoices, type ComplianceView } from './compliance-view';

export function ComplianceFilters({ view, onChange }: { view: ComplianceView; onChange: (next: Partial<ComplianceView>) => void }) {
  const { t } = useTranslation();
  const access = useAccess();
  const visibleTypes = subjectTypes.filter((type) => access.holds(subjectRights[type]));
  const kinds = obligationKinds.filter(
    (kind) => readsKind(access.holds, kindSubject[kind], kind) && (!view.subjectType || kindSubject[kind] === view.subjectType),
  );
  // Companies are the employees' (vehicles, trailers and cards have none): offered with the employees.
  const companies = resourceByName('companies');
  const showsCompanies = access.holds(subjectRights.employee) && access.can(companies, 'list');
  const companyOptions = useTargetOptions(showsCompanies ? companies : undefined, view.companyId ? [String(view.companyId)] : []);

  return (
    <Space wrap className="compliance-filters" data-testid="compliance-filters">
      <Select
        className="compliance-filter"
        allowClear
        placeholder={t('compliance.filters.subjectType')}
        aria-label={t('compliance.filters.subjectType')}
        value={view.subjectType}
        options={visibleTypes.map((type) => ({ value: type, label: t(`compliance.subjects.${type}`) }))}
        // A kind of another subject type no longer applies.
        onChange={(subjectType) =>
          onChange({ subjectType, ...(subjectType && view.kind && kindSubject[view.kind] !== subjectType ? { kind: undefined } : {}) })
        }
        data-testid="compliance-filter-subject-type"
      />
      <Select
        className="compliance-filter"
        allowClear
        placeholder={t('compliance.filters.kind')}
        aria-label={t('compliance.filters.kind')}
        value={view.kind}
        options={kinds.map((kind) => ({ value: kind, label: t(`compliance.kinds.${kind}`) }))}
        onChange={(kind) => onChange({ kind })}
        data-testid="compliance-filter-kind"
      />
      {showsCompanies && (
        <Select
          className="compliance-filter compliance-filter--wide"
          allowClear
          showSearch
          filterOption={false}
          placeholder={t('compliance.filters.company')}
          aria-label={t('compliance.filters.company')}
          value={view.companyId ? String(view.companyId) : undefined}
          options={companyOptions.options}
          loading={companyOptions.loading}
          onSearch={companyOptions.search}
          onOpenChange={(open) => open && companyOptions.opened()}
          onChange={(company?: string) => onChange({ companyId: company ? Number(company) : undefined })}
          data-testid="compliance-filter-company"
        />
      )}
      <Select
        className="compliance-filter"
        allowClear
        placeholder={t('compliance.filters.withinDays')}
        aria-label={t('compliance.filters.withinDays')}
        value={view.withinDays}
        options={windowChoices.map((days) => ({ value: days, label: t('compliance.filters.withinDaysValue', { count: days }) }))}
        onChange={(withinDays) => onChange({ withinDays })}
        data-testid="compliance-filter-within-days"
      />
      {isFiltered(view) && (
        <Button
          type="link"
          onClick={() => onChange({ kind: undefined, subjectType: undefined, companyId: undefined, withinDays: undefined })}
          data-testid="compliance-filters-reset"
        >
          {t('compliance.filters.reset')}
        </Button>
      )}
    </Space>
  );
}
