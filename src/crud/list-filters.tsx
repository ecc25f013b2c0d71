/**
 * The filter bar of a generic list: one control per `x-filter` field (exact: a select for enumerations,
 * yes/no, references, countries and currencies, else a text box; range: two numbers or a date range;
 * search: a text box), plus the free-text search box when a field has `x-search`. On a phone the filters
 * fold under a "Filters" button that counts the ones set, so the list is not pushed below the screen.
 */
import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, DatePicker, Grid, Input, InputNumber, Select, Space, Typography } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../resources';
import { SEARCH_MAX_LENGTH, searchTextProblem } from '../../validation/search-limits';
import { dateFormat, useCalendarDay } from '../fields/date/calendar-day';
import { useDecimalInput } from '../fields/number/decimal-input';
import { fieldKindOf } from '../fields/registry';
import { useFieldLabel } from './field-value';
import { schemaOf } from './schemas';
import './crud.css';

const selectKinds = new Set(['enum', 'reference', 'country', 'currency', 'lookup']);
const noop = () => undefined;

export function filterFields(resource: ResourceDefinition): string[] {
  return Object.entries(schemaOf(resource).properties)
    .filter(([field, property]) => typeof property['x-filter'] === 'string' && field !== resource.parent?.field)
    .map(([field]) => field);
}

export function hasSearch(resource: ResourceDefinition): boolean {
  return Object.values(schemaOf(resource).properties).some((property) => property['x-search'] === true);
}

interface Props {
  resource: ResourceDefinition;
  filters: Record<string, unknown>;
  /** The current search text (shown in the box, e.g. when read back from the URL). */
  search?: string;
  /** Drawn as a search page's form: a wide search box on a line of its own, the filters under it. */
  prominent?: boolean;
  /** Filters not drawn (fixed by the list's `scope`). */
  without?: readonly string[];
  onFilters: (filters: Record<string, unknown>) => void;
  onSearch: (search: string) => void;
}

export function ListFilters({ resource, filters, search = '', prominent = false, without = [], onFilters, onSearch }: Props) {
  const { t } = useTranslation();
  const label = useFieldLabel(resource);
  // A search past its bounds (more words than the server takes) is said here, not sent.
  const [searchProblem, setSearchProblem] = useState<ReturnType<typeof searchTextProblem>>(null);
  const schema = schemaOf(resource);
  // The field of the list's tabs (`listTabs`) is chosen by the tabs, not here.
  const fields = filterFields(resource).filter((field) => field !== resource.listTabs?.field && !without.includes(field));
  const set = (field: string, value: unknown) => onFilters({ ...filters, [field]: value });
  const decimal = useDecimalInput();
  // antd's breakpoints: below `md` (768 px) is a phone or a narrow window.
  const narrow = Grid.useBreakpoint().md === false;
  const [unfolded, setUnfolded] = useState(false);
  const setCount = fields.filter((field) => isSet(filters[field])).length;

  const controls = fields.map((field) => {
    const property = schema.properties[field];
    const kind = fieldKindOf(property);
    const value = filters[field];
    const common = { 'aria-label': label(field), 'data-testid': `filter-${field}` };
    if (property['x-filter'] === 'range') {
      const range = (Array.isArray(value) ? value : [undefined, undefined]) as [unknown, unknown];
      // "From 3,000 to 1,000" (from 20.05. to 01.05.) finds nothing: said at the fields, not left to an empty table.
      const inverted = isInverted(range);
      const problemId = `filter-${field}-inverted`;
      const problem = inverted && (
        <Typography.Text type="danger" role="alert" id={problemId} data-testid={problemId}>
          {t(kind.name === 'date' ? 'crud.filters.dateRangeInverted' : 'crud.filters.rangeInverted')}
        </Typography.Text>
      );
      if (kind.name === 'date') {
        return (
          <div key={field} className="crud-filter-range">
            <DateRangeFilter
              common={{ ...common, ...(inverted ? { 'aria-invalid': 'true', 'aria-describedby': problemId } : {}) }}
              from={range[0]}
              to={range[1]}
              inverted={inverted}
              placeholder={[`${label(field)}: ${t('crud.filters.from')}`, t('crud.filters.to')]}
              onChange={(ends) => set(field, ends)}
            />
            {problem}
          </div>
        );
      }
      const ends = {
        ...decimal,
        // A price below 0 or a year before 1950 (the schema's bounds) finds what the bound itself finds: the end
        // typed past it is brought back to it when the field is left, as a form's number field does.
        min: typeof property.minimum === 'number' ? property.minimum : undefined,
        max: typeof property.maximum === 'number' ? property.maximum : undefined,
        // Whole numbers where the field holds them: "2020.5" typed as a year is 2021, not a request the server refuses.
        precision: property.type === 'integer' ? 0 : undefined,
        status: inverted ? ('error' as const) : undefined,
        'aria-invalid': inverted || undefined,
        'aria-describedby': inverted ? problemId : undefined,
      };
      return (
        <div key={field} className="crud-filter-range">
          <Space.Compact {...common}>
            <InputNumber
              {...ends}
              aria-label={`${label(field)}: ${t('crud.filters.from')}`}
              placeholder={`${label(field)}: ${t('crud.filters.from')}`}
              // As wide as the bar's other filters: the placeholder names the field ("Baujahr: von" was cut to "Baujahr…").
              style={{ width: 200 }}
              value={range[0] as number | null}
              onChange={(next) => set(field, [next ?? undefined, range[1]])}
            />
            <InputNumber
              {...ends}
              aria-label={`${label(field)}: ${t('crud.filters.to')}`}
              placeholder={t('crud.filters.to')}
              style={{ width: 110 }}
              value={range[1] as number | null}
              onChange={(next) => set(field, [range[0], next ?? undefined])}
            />
          </Space.Compact>
          {problem}
        </div>
      );
    }
    if (kind.name === 'boolean') {
      return (
        <Select
          key={field}
          {...common}
          allowClear
          style={{ minWidth: 160 }}
          placeholder={label(field)}
          value={value as boolean | undefined}
          options={[
            { value: true, label: t('fields.boolean.yes') },
            { value: false, label: t('fields.boolean.no') },
          ]}
          onChange={(next) => set(field, next)}
        />
      );
    }
    if (property['x-filter'] === 'exact' && selectKinds.has(kind.name) && kind.Widget) {
      const Widget = kind.Widget;
      const props = {
        id: `filter-${field}`,
        value,
        onChange: (next: unknown) => set(field, next),
        onBlur: noop,
        onFocus: noop,
        schema: property,
        options: {},
        placeholder: label(field),
        label: label(field),
      };
      return (
        <div key={field} className="crud-filter-select" {...common}>
          {/* The select's own input is what a screen reader lands on: named by its label, not only the box around it. */}
          <label className="fd-visually-hidden" htmlFor={`filter-${field}`}>
            {label(field)}
          </label>
          <Widget {...(props as unknown as WidgetProps)} />
        </div>
      );
    }
    return (
      <Input
        key={field}
        {...common}
        allowClear
        maxLength={SEARCH_MAX_LENGTH}
        style={{ width: 200 }}
        placeholder={label(field)}
        value={(value as string | undefined) ?? ''}
        onChange={(event) => set(field, event.target.value)}
      />
    );
  });

  if (controls.length === 0 && !hasSearch(resource)) return null;
  const submitSearch = (text: string) => {
    const problem = searchTextProblem(text);
    setSearchProblem(problem);
    if (!problem) onSearch(text.trim());
  };
  const searchBox = hasSearch(resource) && (
    // On a phone the search takes what the filters' button leaves of the line (crud-filters__bar).
    <div className="crud-search" style={{ width: prominent ? '100%' : narrow ? undefined : 260 }}>
      <Input.Search
        key={search}
        allowClear
        data-testid="crud-search"
        placeholder={t('crud.search.placeholder')}
        defaultValue={search}
        maxLength={SEARCH_MAX_LENGTH}
        status={searchProblem ? 'error' : undefined}
        enterButton={prominent}
        size={prominent ? 'large' : undefined}
        onSearch={submitSearch}
      />
      {searchProblem && (
        <Typography.Text type="danger" role="alert" data-testid="crud-search-problem">
          {t(searchProblem.key, searchProblem.params)}
        </Typography.Text>
      )}
    </div>
  );
  if (prominent) {
    return (
      <div data-testid="crud-filters" className="crud-filters crud-filters--prominent">
        {searchBox}
        {controls.length > 0 && (
          <Space wrap style={{ marginTop: 12 }}>
            {controls}
          </Space>
        )}
      </div>
    );
  }
  if (narrow && controls.length > 0) {
    return (
      <div data-testid="crud-filters" className="crud-filters crud-filters--folding">
        <div className="crud-filters__bar">
          {searchBox}
          <Badge count={setCount} size="small">
            <Button
              icon={<FilterOutlined />}
              aria-expanded={unfolded}
              aria-controls="crud-filter-controls"
              data-testid="crud-filters-toggle"
              onClick={() => setUnfolded((open) => !open)}
            >
              {t('crud.filters.toggle')}
            </Button>
          </Badge>
        </div>
        {unfolded && (
          <div id="crud-filter-controls" className="crud-filters__controls">
            {controls}
          </div>
        )}
      </div>
    );
  }
  return (
    <Space wrap style={{ marginBottom: 16 }} data-testid="crud-filters">
      {searchBox}
      {controls}
    </Space>
  );
}

/**
 * A date range filter. Its value is made anew only when its ends change: a new value at every redraw (another filter
 * typed, the list's page come) wiped a day half typed into it.
 */
function DateRangeFilter({
  common,
  from,
  to,
  inverted,
  placeholder,
  onChange,
}: {
  common: Record<string, string>;
  from: unknown;
  to: unknown;
  inverted: boolean;
  placeholder: [string, string];
  onChange: (ends: [string | undefined, string | undefined] | undefined) => void;
}) {
  const day = useCalendarDay();
  const value = useMemo(
    () =>
      [typeof from === 'string' && from ? dayjs(from, dateFormat) : null, typeof to === 'string' && to ? dayjs(to, dateFormat) : null] as [
        Dayjs | null,
        Dayjs | null,
      ],
    [from, to],
  );
  return (
    <DatePicker.RangePicker
      {...common}
      className="crud-filter-dates"
      // The start's placeholder names the field ("Entladedatum: von"): its input is as wide as that text
      // (crud.css), where antd sizes both ends for a day and cut it to "Entladedatum: …".
      style={{ '--crud-filter-dates-start': `${placeholder[0].length}ch` } as CSSProperties}
      placeholder={placeholder}
      format={day.picker}
      // "From 01.12.2026" alone is a filter too (every later day), as in the audit log's and the acts' filters.
      allowEmpty={[true, true]}
      // An end typed before the start is kept and said to match nothing, as a number range's is. antd's own ordering
      // refused the typed end and set it to the start without a word ("20.05.–01.05." became "20.05.–20.05.").
      order={false}
      status={inverted ? 'error' : undefined}
      value={value}
      onChange={(dates) => onChange(dates ? [dates[0]?.format(dateFormat), dates[1]?.format(dateFormat)] : undefined)}
    />
  );
}

/** A filter holds something: a value, or a range with at least one end. */
function isSet(value: unknown): boolean {
  if (Array.isArray(value)) return value.some((end) => end !== undefined && end !== null && end !== '');
  return value !== undefined && value !== null && value !== '';
}

/** A range whose start is past its end (numbers, or days as YYYY-MM-DD): no value can be in it. */
function isInverted([from, to]: [unknown, unknown]): boolean {
  if (typeof from === 'string' && typeof to === 'string') return from !== '' && to !== '' && from > to;
  return typeof from === 'number' && typeof to === 'number' && from > to;
}
