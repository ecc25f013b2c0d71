/**
 * A table of handover acts, the same on the fleet's page and a vehicle's tab (issue 13): date, vehicle,
 * transferred by, received by, km, fuel and the damages new since the vehicle's previous act; the date
 * links to the act's page (keyboard), and a click anywhere on the row opens it too.
 */
import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCalendarDay } from '../../fields/date/calendar-day';
import { actPath } from './paths';
import type { ListedAct } from './use-act-list';
import { useAmount } from './use-amount';

interface ActsTableProps {
  acts: ListedAct[];
  total: number;
  loading: boolean;
  page: number;
  perPage: number;
  onPage: (page: number, perPage: number) => void;
  /** The vehicle's own tab leaves its name out. */
  showVehicle?: boolean;
}

export function ActsTable({ acts, total, loading, page, perPage, onPage, showVehicle = true }: ActsTableProps) {
  const { t } = useTranslation();
  const day = useCalendarDay();
  const navigate = useNavigate();
  const amount = useAmount();
  const field = (name: string) => t(`handover-acts.fields.${name}`);
  const columns: ColumnsType<ListedAct> = [
    {
      key: 'date',
      title: field('date'),
      render: (_, act) => (
        <Link to={actPath(act.transport_id, act.id)} onClick={(event) => event.stopPropagation()} data-testid={`act-link-${act.id}`}>
          {day.show(act.date)}
        </Link>
      ),
    },
    ...(showVehicle ? [{ key: 'vehicle', title: t('handover-acts.list.vehicle'), render: (_: unknown, act: ListedAct) => act.vehicle_label ?? '—' }] : []),
    { key: 'transferred', title: field('transferred_by_id'), render: (_, act) => act.transferred_by_name ?? '—' },
    { key: 'received', title: field('received_by_id'), render: (_, act) => act.received_by_name ?? '—' },
    { key: 'mileage', title: field('mileage'), align: 'right', render: (_, act) => (act.mileage === undefined ? '—' : amount(act.mileage, 'km')) },
    {
      key: 'fuel',
      title: field('fuel_remaining'),
      align: 'right',
      render: (_, act) => (act.fuel_remaining === undefined ? '—' : amount(act.fuel_remaining, 'l')),
    },
    {
      key: 'damages',
      title: t('handover-acts.changes.newDamages'),
      align: 'right',
      render: (_, act) =>
        act.new_damages === null ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <Tag color={act.new_damages > 0 ? 'red' : 'green'} data-testid={`act-new-damages-${act.id}`}>
            {act.new_damages}
          </Tag>
        ),
    },
  ];
  return (
    <Table<ListedAct>
      rowKey="id"
      size="middle"
      scroll={{ x: 'max-content' }}
      columns={columns}
      dataSource={acts}
      loading={loading}
      locale={{ emptyText: t('handover-acts.empty') }}
      onRow={(act) => ({ onClick: () => void navigate(actPath(act.transport_id, act.id)), style: { cursor: 'pointer' } })}
      pagination={{
        current: page,
        pageSize: perPage,
        total,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 30, 40],
        showTotal: (count) => t('crud.total', { count }),
        onChange: onPage,
      }}
      data-testid="acts-table"
    />
  );
}
