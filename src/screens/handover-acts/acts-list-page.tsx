/**
 * `/maintenance-acceptance-certificate` (issue 13, hand-written): every handover act of the fleet, newest
 * first, filtered by vehicle, employee (either party) and date range, paged; the filters and page live in
 * the URL query (`?transport_id=&employee_id=&date_from=&date_to=&page=&perPage=`), so a reload, a link or
 * Back keeps them. "New act" opens the step form; "Default equipment" edits the tenant's list that a new
 * act's equipment step starts from.
 */
import { PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAccess } from '../../access/use-access';
import { dateFormat, useCalendarDay } from '../../fields/date/calendar-day';
import { PageHeading } from '../../pages/common/page-heading';
import { ActsTable } from './acts-table';
import { EquipmentModal } from './equipment-modal';
import { newActPath } from './paths';
import { RecordPicker } from './record-picker';
import { useActList } from './use-act-list';
import './handover-acts.css';

const PAGE_SIZES = [10, 20, 30, 40];

/** A positive whole number of the query, else the fallback. */
const wholeOf = (text: string | null, fallback: number) => (text && /^[1-9]\d{0,5}$/.test(text) ? Number(text) : fallback);
const idOf = (text: string | null) => (text && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : undefined);
const dateOf = (text: string | null) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined);

export function ActsListPage() {
  const { t } = useTranslation();
  const day = useCalendarDay();
  const navigate = useNavigate();
  const access = useAccess();
  const [search, setSearch] = useSearchParams();
  const [editingEquipment, setEditingEquipment] = useState(false);
  const perPage = PAGE_SIZES.includes(wholeOf(search.get('perPage'), 10)) ? wholeOf(search.get('perPage'), 10) : 10;
  const filters = {
    transport_id: idOf(search.get('transport_id')),
    employee_id: idOf(search.get('employee_id')),
    date_from: dateOf(search.get('date_from')),
    date_to: dateOf(search.get('date_to')),
  };
  const page = wholeOf(search.get('page'), 1);
  const list = useActList({
    page,
    perPage,
    transport_id: filters.transport_id?.toString(),
    employee_id: filters.employee_id?.toString(),
    date_from: filters.date_from,
    date_to: filters.date_to,
  });

  /** Changes some of the query; a filter change goes back to the first page. */
  const update = (changes: Record<string, string | number | undefined>, keepPage = false) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(name);
      else next.set(name, String(value));
    }
    if (!keepPage) next.delete('page');
    setSearch(next, { replace: true });
  };

  return (
    <div className="handover-acts" data-testid="acts-list-page">
      <PageHeading titleKey="pages.acceptanceCertificate" />
      <Flex wrap gap={8} className="handover-acts__toolbar">
        {access.can('handover-acts', 'create') && (
          <Button type="primary" size="large" icon={<PlusOutlined />} onClick={() => void navigate(newActPath())} data-testid="act-new">
            {t('handover-acts.list.new')}
          </Button>
        )}
        {access.can('handover-equipment', 'list') && (
          <Button size="large" icon={<UnorderedListOutlined />} onClick={() => setEditingEquipment(true)} data-testid="act-equipment-defaults">
            {t('handover-acts.list.defaultEquipment')}
          </Button>
        )}
      </Flex>
      <Space wrap className="handover-acts__filters" data-testid="act-filters">
        <div className="handover-acts__filter">
          <RecordPicker
            resource="transport"
            size="middle"
            value={filters.transport_id}
            placeholder={t('handover-acts.list.vehicle')}
            onChange={(value) => update({ transport_id: value })}
            testId="act-filter-vehicle"
          />
        </div>
        <div className="handover-acts__filter">
          <RecordPicker
            resource="employees"
            size="middle"
            value={filters.employee_id}
            placeholder={t('handover-acts.list.employee')}
            onChange={(value) => update({ employee_id: value })}
            testId="act-filter-employee"
          />
        </div>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          placeholder={[t('handover-acts.list.dateFrom'), t('handover-acts.list.dateTo')]}
          format={day.picker}
          value={[filters.date_from ? dayjs(filters.date_from) : null, filters.date_to ? dayjs(filters.date_to) : null]}
          onChange={(range) => update({ date_from: range?.[0]?.format(dateFormat), date_to: range?.[1]?.format(dateFormat) })}
          data-testid="act-filter-dates"
        />
      </Space>
      <ActsTable
        acts={list.acts}
        total={list.total}
        loading={list.loading}
        page={page}
        perPage={perPage}
        onPage={(nextPage, nextSize) => update({ page: nextSize === perPage ? nextPage : undefined, perPage: nextSize === 10 ? undefined : nextSize }, true)}
      />
      {editingEquipment && <EquipmentModal onClose={() => setEditingEquipment(false)} />}
    </div>
  );
}
