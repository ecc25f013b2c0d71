/**
 * The Handover acts tab of a vehicle's page (issue 13): this vehicle's acts, newest first, in the same
 * table as the fleet's list, and "New act" for this vehicle. The vehicle page (another screen) imports
 * exactly this component by this name from this path.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccess } from '../../access/use-access';
import { ActsTable } from './acts-table';
import { newActPath } from './paths';
import { useActList } from './use-act-list';

export function VehicleActsTab({ transportId }: { transportId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useAccess();
  const [paging, setPaging] = useState({ page: 1, perPage: 10 });
  const list = useActList({ ...paging, transport_id: transportId });
  return (
    <div data-testid="vehicle-acts-tab">
      {access.can('handover-acts', 'create') && (
        <Flex justify="end" style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(newActPath(transportId))} data-testid="vehicle-act-new">
            {t('handover-acts.list.new')}
          </Button>
        </Flex>
      )}
      <ActsTable
        acts={list.acts}
        total={list.total}
        loading={list.loading}
        page={paging.page}
        perPage={paging.perPage}
        showVehicle={false}
        onPage={(page, perPage) => setPaging({ page: perPage === paging.perPage ? page : 1, perPage })}
      />
    </div>
  );
}
