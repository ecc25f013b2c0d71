/**
 * The employee card `/personal-main/employee/:id` (SPEC §2, hand-written): a header (name, initials,
 * category, company, age, the worst document state) and the tabs Personal info, Passports, Documents and
 * statuses, Addresses, Bank accounts, Attached documents and History, the open one in the URL (`?tab=`,
 * named by resource, as the expiring panel links to them). Loading the employee shows the full-page
 * spinner; a missing id, or another tenant's, shows "Not found".
 *
 * The employee comes through the generic pages' `useCrudRecord` (Refine's `useOne`, or a look-up by id
 * through the list when the URL lacks `?companyId=`), so every save anywhere refreshes the card.
 */
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { resourceByName } from '../../../resources';
import { pathParamsFromQuery, useCrudRecord } from '../../crud/load-record';
import { MissingRecord } from '../../crud/missing-record';
import { FullPageSpinner } from '../../pages/common/full-page-spinner';
import { PageHeading } from '../../pages/common/page-heading';
import { CardHeader } from './card-header';
import { CardTabs } from './card-tabs';
import './employee-card.css';

type Row = Record<string, unknown>;

export function EmployeeCardPage() {
  const employees = resourceByName('employees');
  // SPEC §2 names the parameter `:userId`; the resource's show route (`:id`) has the same shape.
  const { userId, id: idParam } = useParams();
  const id = userId ?? idParam ?? '';
  const location = useLocation();
  const params = pathParamsFromQuery(employees, location.search);
  // The list's row handed over by its show link: fills the company of the show endpoint at once.
  const [known] = useState((location.state as { record?: Row } | null)?.record);
  // While the employee is deleted the card reads them no more (crud-show.tsx says why).
  const [removing, setRemoving] = useState(false);
  const { status, record } = useCrudRecord(employees, id, { params, record: known, showsNotFound: true, enabled: !removing });

  if (status === 'loading') return <FullPageSpinner />;
  if (status !== 'ready' || !record) {
    return (
      <div data-testid="employee-card-missing">
        <PageHeading titleKey="pages.employee" parent={{ to: '/personal-main', titleKey: 'pages.personalMain' }} />
        <MissingRecord listRoute="/personal-main" failed={status !== 'notFound'} />
      </div>
    );
  }
  const company = record.company_id;
  const companyParams = typeof company === 'number' || typeof company === 'string' ? { companyId: String(company) } : params;
  return (
    <div className="employee-card" data-testid="employee-card">
      <PageHeading titleKey="pages.employee" parent={{ to: '/personal-main', titleKey: 'pages.personalMain' }} />
      <CardHeader employee={record} params={companyParams} onRemoving={setRemoving} />
      <CardTabs employee={record} id={id} params={companyParams} />
    </div>
  );
}
