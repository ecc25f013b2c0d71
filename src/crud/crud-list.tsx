/**
 * The generic list of a resource: an antd Table on Refine's `useTable` (use-crud-list.ts), paginated on
 * the server (10/20/30/40 a page), columns from `views.list` or the `x-list` fields, sortable where
 * `x-sort`, the filter bar, the resource's empty-list message (`<name>.empty`), row actions (show, edit,
 * delete through Refine's `useDelete` after a confirmation), Export (export/) and, for an `importable`
 * resource, Import (import/) beside a Create button; with `listTabs`, tabs by
 * an enum field with their counts above it (list-tabs-bar.tsx). Create and edit open the form's dialog, or
 * with `editInPlace` the form in the table itself (form-in-place.tsx). Used as a page and, scoped to a parent
 * through `params`, as a tab of the parent's show page.
 *
 * Saving or deleting needs no reload here: Refine invalidates the resource's lists, records and labels,
 * and this list (like every other mounted view of the resource) asks again.
 */
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Grid, Space, Table, theme, Tooltip } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { useDelete } from '@refinedev/core';
import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ResourceDefinition } from '../../resources';
import { useAccess } from '../access/use-access';
import { useSession } from '../session/session-store';
import { mutationNotifications } from '../providers/notifications';
import { DeferredPopconfirm } from './deferred-popups';
import { DeleteDescription } from './delete-impact';
import { ListExport } from './export/list-export';
import { ImportButton } from './import/import-button';
import { FieldValue, routeFor, useFieldLabel, useResourceTitles } from './field-value';
import { keepFocusNearRow } from './focus-when-shown';
import { FormInPlace } from './form-in-place';
import { FormModal } from './form-modal';
import { ListFilters } from './list-filters';
import { ListTabsBar } from './list-tabs-bar';
import { MoveToTabModal } from './move-to-tab-modal';
import { RecordDetailsModal } from './record-details';
import { toCrudFilters } from './list-state';
import { idOf, pathQueryOf, propertyOf, viewFields } from './schemas';
import { pageSizes, useCrudList } from './use-crud-list';
import { useTabCounts } from './use-tab-counts';
import { useDeleteQuestion } from './use-label-of';

type Row = Record<string, unknown>;

export interface CrudListProps {
  resource: ResourceDefinition;
  /** Path parameters of a sub-resource list (the parent's id). */
  params?: Record<string, string>;
  /** A search page (`/order-search`): the search box and every filter first, in a card of their own, the results below. */
  searchFirst?: boolean;
  /**
   * The page, page size, sort, filters and search in the URL query (bookmarkable, kept on reload and on
   * Back). Only for the page's main list: a list in a tab of a show page keeps its state to itself, or
   * the two would read each other's state from the one URL.
   */
  syncWithLocation?: boolean;
  /** What a row shows when expanded (a hand-written screen's sub-records, e.g. a document type's statuses). */
  expandedRow?: (record: Row) => ReactNode;
  /**
   * More to say in a row's delete confirmation (what else the delete removes); mounted when the confirmation opens.
   * It replaces the generic impact of delete-impact.tsx, but for the resources not named in `deleteImpactTells`.
   */
  deleteImpact?: (record: Row) => ReactNode;
  deleteImpactTells?: readonly string[];
  /**
   * Create and edit in the table instead of the dialog: a new record's form opens above the rows, a row's
   * form right under it (an employee's addresses and bank accounts on the card).
   */
  editInPlace?: boolean;
  /**
   * Columns a hand-written screen adds after the resource's own (before the actions), worked out from the
   * rows on screen: e.g. the transport list's document columns, whose cells come from one request for
   * exactly these rows. Called on every render with the page's records.
   */
  extraColumns?: (rows: Row[]) => ColumnsType<Row>;
  /**
   * Only the records with these field values (filters always sent, e.g. a vehicle's repairs:
   * `{ transport_id: 7 }`): their filters and columns are not drawn, and a new record starts with them.
   */
  scope?: Record<string, string | number>;
  /** More buttons beside Create (the transport list's table settings, a vehicle's "Link a card"). */
  extraActions?: ReactNode;
  /** More buttons in each row, before the generic ones (a card's "Detach"). */
  rowActions?: (record: Row) => ReactNode;
}

/** A filter that holds a value (a range holds one if either end does). */
const given = (value: unknown) =>
  Array.isArray(value) ? value.some((part) => part !== undefined && part !== null && part !== '') : value !== undefined && value !== null && value !== '';

export function CrudList({
  resource,
  params,
  searchFirst = false,
  syncWithLocation = false,
  expandedRow,
  deleteImpact,
  deleteImpactTells,
  editInPlace = false,
  extraColumns,
  scope,
  extraActions,
  rowActions,
}: CrudListProps) {
  const { t, i18n } = useTranslation();
  const label = useFieldLabel(resource);
  const list = useCrudList(resource, params, { syncWithLocation, scope });
  const scoped = Object.keys(scope ?? {});
  const { mutate: deleteOne } = useDelete();
  const [form, setForm] = useState<{ mode: 'create' | 'edit'; record?: Row } | null>(null);
  const [moving, setMoving] = useState<Row | null>(null);
  const [reading, setReading] = useState<Row | null>(null);
  // Rows whose delete records stand in the way of (delete-impact.tsx): their question offers no Delete that would fail.
  const [deleteBlocked, setDeleteBlocked] = useState<Record<string, boolean>>({});
  const hearBlocked = (id: string) => (blocked: boolean) => setDeleteBlocked((known) => (known[id] === blocked ? known : { ...known, [id]: blocked }));
  // A row moved to another tab leaves this one: the keyboard's place goes to the row that takes its place.
  const moveButton = useRef<HTMLElement | null>(null);
  const fields = viewFields(resource, 'list').filter((field) => !scoped.includes(field));
  const access = useAccess();
  const session = useSession();
  const narrow = Grid.useBreakpoint().md === false;
  // What the resource offers and the member may use (src/access/): the rest is not drawn at all.
  const showRoute = access.can(resource, 'show') ? resource.routes?.show : undefined;
  // A multipart resource (a repair report with files) creates and edits through its own paths.
  const canCreate = Boolean(resource.api.create ?? resource.multipart?.create) && access.can(resource, 'create');
  const canEdit = Boolean(resource.api.update ?? resource.multipart?.update) && access.can(resource, 'edit');
  const canDelete = Boolean(resource.api.delete) && access.can(resource, 'delete');
  // No page of its own and no form to read it in: the record's fields in a dialog, so nothing it holds is out of sight.
  const canOnlyRead = !showRoute && !canEdit && access.can(resource, 'show');
  const deleteQuestion = useDeleteQuestion();
  const { token } = theme.useToken();
  const deleteTitle = (record: Row) => deleteQuestion(resource, record);
  const tabField = resource.listTabs?.field;
  // What "Clear filters" keeps: the tab the list is on and the fields the page itself fixes.
  const kept = [...scoped, ...(tabField ? [tabField] : [])];
  const { [tabField ?? '']: activeTab, ...otherFilters } = list.filters;
  const tabCounts = useTabCounts(resource, toCrudFilters(tabField ? otherFilters : {}, list.search), params);
  const { singular } = useResourceTitles(resource);
  // The row whose form is open under it (editInPlace).
  const editingInPlace = editInPlace && form?.mode === 'edit' ? form.record : undefined;

  function remove(record: Row) {
    const lastOnPage = list.records.length === 1 && list.page > 1;
    deleteOne(
      { resource: resource.name, id: idOf(resource, record) ?? '', meta: { params, record }, ...mutationNotifications },
      // The page's last row gone: the page before (Refine refreshes the list itself).
      { onSuccess: () => lastOnPage && list.setPage(list.page - 1) },
    );
  }

  const columns: ColumnsType<Row> = fields.map((field) => ({
    key: field,
    dataIndex: field,
    title: label(field),
    sorter: propertyOf(resource, field)?.['x-sort'] === true,
    sortOrder: list.sorter?.field === field ? (list.sorter.order === 'asc' ? 'ascend' : 'descend') : null,
    render: (_value: unknown, record: Row) => (
      <div className="crud-table__value">
        <FieldValue resource={resource} field={field} record={record} view="list" />
      </div>
    ),
  }));
  if (extraColumns) columns.push(...extraColumns(list.records));

  if (showRoute || canOnlyRead || canEdit || canDelete || rowActions) {
    columns.push({
      key: 'actions',
      // Pinned to the table's right edge (crud.css): a table wider than its box scrolls under it, never the buttons away.
      className: 'crud-table__actions',
      title: t('crud.columns.actions'),
      // As wide as its buttons (32 px each, and the cell's padding), no wider: a pinned column covers what scrolls under it.
      width: rowActions
        ? tabField
          ? 172
          : 140
        : Math.max(104, 32 + 32 * [showRoute || canOnlyRead, canEdit, canEdit && tabField, canDelete].filter(Boolean).length),
      render: (_value: unknown, record: Row) => {
        const id = idOf(resource, record) ?? '';
        // Among the account's members, the server refuses the delete of one's own row and of the owner's: why, if so.
        const undeletable = !resource.signedInMembers
          ? undefined
          : String(session.user?.id) === id
            ? 'members.cannotDeleteSelf'
            : record.is_owner === true
              ? 'members.ownerCannotBeDeleted'
              : undefined;
        return (
          <Space size="small">
            {rowActions?.(record)}
            {showRoute && (
              <Tooltip title={t('crud.buttons.show')}>
                <Link
                  to={routeFor(showRoute, id) + pathQueryOf(resource, record)}
                  state={{ record }}
                  aria-label={t('crud.buttons.show')}
                  data-testid={`show-${id}`}
                >
                  {/* The link is the one stop for the keyboard and the screen reader: the button inside only draws it. */}
                  <Button size="small" icon={<EyeOutlined />} tabIndex={-1} aria-hidden />
                </Link>
              </Tooltip>
            )}
            {canOnlyRead && (
              <Tooltip title={t('crud.buttons.show')}>
                <Button size="small" icon={<EyeOutlined />} aria-label={t('crud.buttons.show')} data-testid={`read-${id}`} onClick={() => setReading(record)} />
              </Tooltip>
            )}
            {canEdit && (
              <Tooltip title={t('crud.buttons.edit')}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('crud.buttons.edit')}
                  data-testid={`edit-${id}`}
                  onClick={() => setForm({ mode: 'edit', record })}
                />
              </Tooltip>
            )}
            {canEdit && tabField && (
              <Tooltip title={t('crud.moveTab.button')}>
                <Button
                  size="small"
                  icon={<SwapOutlined />}
                  aria-label={t('crud.moveTab.button')}
                  data-testid={`move-${id}`}
                  onClick={(event) => {
                    moveButton.current = event.currentTarget;
                    setMoving(record);
                  }}
                />
              </Tooltip>
            )}
            {canDelete && undeletable && (
              // The bin is off and says why.
              <Tooltip title={t(undeletable)}>
                <Button size="small" danger disabled icon={<DeleteOutlined />} aria-label={t(undeletable)} data-testid={`delete-${id}`} />
              </Tooltip>
            )}
            {canDelete && !undeletable && (
              <DeferredPopconfirm
                // Named, so the member sees which record goes (a row of a long list, the bin clicked by mistake).
                title={deleteTitle(record)}
                // A screen's own impact where it has one (a vehicle's usage), else the generic one of delete-impact.tsx.
                description={
                  <DeleteDescription
                    resource={resource}
                    id={deleteImpact && !deleteImpactTells ? undefined : id}
                    extra={deleteImpact?.(record)}
                    toldAlready={deleteImpactTells}
                    onBlocked={hearBlocked(id)}
                  />
                }
                okText={t('crud.buttons.delete')}
                cancelText={t('crud.buttons.cancel')}
                okButtonProps={{ danger: true, disabled: deleteBlocked[id] === true }}
                onConfirm={() => remove(record)}
              >
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('crud.buttons.delete')} data-testid={`delete-${id}`} />
              </DeferredPopconfirm>
            )}
          </Space>
        );
      },
    });
  }

  return (
    <div data-testid={`crud-list-${resource.name}`}>
      {tabField && (
        <ListTabsBar
          resource={resource}
          active={typeof activeTab === 'string' ? activeTab : undefined}
          counts={tabCounts}
          onChange={(value) => list.setFilters({ ...list.filters, [tabField]: value })}
        />
      )}
      {searchFirst && (
        <Card title={t('crud.search.cardTitle')} size="small" style={{ marginBottom: 16 }} data-testid="crud-search-card">
          <ListFilters resource={resource} prominent filters={list.filters} search={list.search} onFilters={list.setFilters} onSearch={list.setSearch} />
        </Card>
      )}
      <Space wrap style={{ width: '100%', justifyContent: searchFirst ? 'flex-end' : 'space-between', alignItems: 'flex-start' }}>
        {!searchFirst && (
          <ListFilters resource={resource} without={scoped} filters={list.filters} search={list.search} onFilters={list.setFilters} onSearch={list.setSearch} />
        )}
        <Space wrap style={{ marginBottom: 16 }}>
          {extraActions}
          <ListExport resource={resource} params={params} state={{ filters: list.filters, search: list.search, sorter: list.sorter, scope }} />
          {/* A scoped list (a vehicle's cards) would import records without its scope: importing is the full list's. */}
          {!scope && <ImportButton resource={resource} params={params} />}
          {canCreate && (
            <Button type="primary" icon={<PlusOutlined />} data-testid="crud-create" onClick={() => setForm({ mode: 'create' })}>
              {t('crud.buttons.create')}
            </Button>
          )}
        </Space>
      </Space>
      {editInPlace && form?.mode === 'create' && (
        <Card
          size="small"
          title={t('crud.titles.create', { resource: singular })}
          style={{ marginBottom: 16 }}
          data-testid={`crud-in-place-create-${resource.name}`}
        >
          <FormInPlace resource={resource} mode="create" params={params} defaults={scope} onClose={() => setForm(null)} />
        </Card>
      )}
      <Table<Row>
        rowKey={(record) => idOf(resource, record) ?? JSON.stringify(record)}
        columns={columns}
        dataSource={list.records}
        loading={list.loading}
        className="crud-table"
        style={{ '--crud-table-bg': token.colorBgContainer, '--crud-table-hover-bg': token.colorFillAlter } as CSSProperties}
        expandable={
          editingInPlace
            ? {
                expandedRowKeys: [idOf(resource, editingInPlace) ?? ''],
                showExpandColumn: false,
                expandedRowRender: (record) => (
                  <div data-testid={`crud-in-place-edit-${resource.name}`}>
                    <FormInPlace resource={resource} mode="edit" record={record} params={params} onClose={() => setForm(null)} />
                  </div>
                ),
              }
            : expandedRow
              ? {
                  // Held in view on a phone (crud.css): as wide as the table, a document type's statuses ran off the screen.
                  expandedRowRender: (record) => <div className="crud-table__expanded">{expandedRow(record)}</div>,
                  rowExpandable: () => true,
                }
              : undefined
        }
        locale={{
          // While a page loads the spinner speaks: "No orders yet" under it, beside "300 in total", told the wrong story.
          emptyText: list.loading ? (
            <div className="crud-loading-placeholder" data-testid="crud-list-loading" />
          ) : (
            <Empty
              className="crud-empty"
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                list.failed
                  ? t('crud.loadFailed')
                  : list.search || Object.values(list.filters).some(given)
                    ? t('crud.noResults')
                    : t(`${resource.name}.empty`, { defaultValue: t('crud.noResults') })
              }
            >
              {/* Filtered to nothing (a price range from 5,000 to 1,000): one click back to the whole list, tab and scope kept. */}
              {!list.failed && (list.search || Object.entries(list.filters).some(([field, value]) => !kept.includes(field) && given(value))) && (
                <Button onClick={() => list.clearFilters(kept)} data-testid="crud-clear-filters">
                  {t('crud.clearFilters')}
                </Button>
              )}
            </Empty>
          ),
        }}
        pagination={{
          current: list.page,
          pageSize: list.pageSize,
          total: list.total,
          showSizeChanger: true,
          pageSizeOptions: pageSizes,
          // A phone: the pages on one line, fewer of them, smaller; a wider screen: a box to type the page to go to.
          size: narrow ? 'small' : undefined,
          showLessItems: narrow,
          showQuickJumper: !narrow && list.total > list.pageSize * 7,
          showTotal: (total) =>
            list.totalCapped ? t('crud.totalMore', { total: new Intl.NumberFormat(i18n.language).format(total) }) : t('crud.total', { count: total }),
        }}
        onChange={(pagination, _filters, sorter, extra) => {
          const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
          const field = single?.order ? String(single.columnKey ?? single.field) : undefined;
          list.change({
            page: pagination.current ?? 1,
            pageSize: pagination.pageSize ?? list.pageSize,
            // A page turned keeps the order: a default sort no column shows (employees by last name under "Full name")
            // came back from antd as "no sort", which read as a new order and went back to page 1.
            sorter: extra.action === 'paginate' ? list.sorter : field ? { field, order: single?.order === 'ascend' ? 'asc' : 'desc' } : undefined,
          });
        }}
      />
      {moving && (
        <MoveToTabModal
          resource={resource}
          record={moving}
          params={params}
          onClose={() => {
            setMoving(null);
            if (moveButton.current) keepFocusNearRow(moveButton.current);
          }}
        />
      )}
      {reading && <RecordDetailsModal resource={resource} record={reading} onClose={() => setReading(null)} />}
      {form && !editInPlace && (
        <FormModal resource={resource} mode={form.mode} open record={form.record} params={params} defaults={scope} onClose={() => setForm(null)} />
      )}
    </div>
  );
}
