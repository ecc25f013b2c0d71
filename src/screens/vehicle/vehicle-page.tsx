/**
 * The page of a vehicle `/transport/:id` (SPEC §2, hand-written): a header (label, registration number,
 * mileage, delete saying what goes with it) and the tabs of vehicle-tabs.tsx. The vehicle comes through
 * the generic pages' `useCrudRecord` (Refine's `useOne`), so a save anywhere refreshes the page; a missing
 * id, or another tenant's, shows "Not found".
 */
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { resourceByName } from '../../../resources';
import { useCrudRecord } from '../../crud/load-record';
import { MissingRecord } from '../../crud/missing-record';
import { FullPageSpinner } from '../../pages/common/full-page-spinner';
import { PageHeading } from '../../pages/common/page-heading';
import { VehicleHeader } from './vehicle-header';
import { VehicleTabs } from './vehicle-tabs';

type Row = Record<string, unknown>;

export function VehiclePage() {
  const transport = resourceByName('transport');
  const id = useParams().id ?? '';
  // The list's row handed over by its show link: drawn at once while the record is asked for.
  const [known] = useState((useLocation().state as { record?: Row } | null)?.record);
  // While it is deleted the page reads it no more (crud-show.tsx says why).
  const [removing, setRemoving] = useState(false);
  const { status, record } = useCrudRecord(transport, id, { record: known, showsNotFound: true, enabled: !removing });

  if (status === 'loading') return <FullPageSpinner />;
  if (status !== 'ready' || !record) {
    return (
      <div data-testid="vehicle-missing">
        <PageHeading titleKey="pages.vehicle" parent={{ to: '/transport', titleKey: 'pages.transport' }} />
        <MissingRecord listRoute="/transport" failed={status !== 'notFound'} />
      </div>
    );
  }
  return (
    <div className="vehicle-page" data-testid="vehicle-page">
      <PageHeading titleKey="pages.vehicle" parent={{ to: '/transport', titleKey: 'pages.transport' }} />
      <VehicleHeader vehicle={record} id={id} onRemoving={setRemoving} />
      <VehicleTabs vehicle={record} id={id} />
    </div>
  );
}
