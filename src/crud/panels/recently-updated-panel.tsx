/**
 * "Last updated": the five records of the resource changed last (`sort=updated_at&order=desc`), each
 * linking to its page, with when and by whom (the member's name, when the member may see members;
 * `updated_by_name` when the server sends it). On Refine's `useList`, so a save anywhere refreshes it.
 */
import { useList, type BaseRecord } from '@refinedev/core';
import { Card, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resourceByName } from '../../../resources';
import { useAccess } from '../../access/use-access';
import { useReferenceLabels } from '../../fields/reference/use-reference-labels';
import { readNotifications } from '../../providers/notifications';
import { routeFor } from '../field-value';
import { idOf, pathQueryOf } from '../schemas';
import type { ListPanelProps } from './panel-props';
import { useLabelOf } from '../use-label-of';

const shown = 5;

export function RecentlyUpdatedPanel({ resource }: ListPanelProps) {
  const { t, i18n } = useTranslation();
  const access = useAccess();
  const { result, query } = useList<BaseRecord>({
    resource: resource.name,
    pagination: { currentPage: 1, pageSize: shown, mode: 'server' },
    sorters: [{ field: 'updated_at', order: 'desc' }],
    ...readNotifications,
  });
  const records = result.data as Array<Record<string, unknown>>;
  const members = resourceByName('users');
  const memberIds = [
    ...new Set(
      records
        .map((record) => record.updated_by)
        .filter((id) => id !== null && id !== undefined)
        .map(String),
    ),
  ];
  const names = useReferenceLabels(access.can(members, 'list') ? members : undefined, memberIds);
  const labelInWords = useLabelOf();
  const showRoute = access.can(resource, 'show') ? resource.routes?.show : undefined;
  const when = (at: unknown) =>
    typeof at === 'string' ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)) : '';
  const who = (record: Record<string, unknown>) => {
    if (typeof record.updated_by_name === 'string') return record.updated_by_name;
    const memberId = record.updated_by;
    if ((typeof memberId !== 'number' && typeof memberId !== 'string') || !access.can(members, 'list')) return undefined;
    // A member whose name could not be had (no longer listed, or still loading) is left unnamed, not shown as an id.
    const name = names.labelOf(memberId);
    return name === String(memberId) ? undefined : name;
  };

  return (
    <Card size="small" title={t('crud.panels.recentlyUpdated')} data-testid="panel-recently-updated">
      <List
        size="small"
        loading={query.isLoading}
        dataSource={records}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${resource.name}.empty`, { defaultValue: t('crud.noResults') })} /> }}
        renderItem={(record) => {
          const id = idOf(resource, record) ?? '';
          const label = labelInWords(resource, record);
          const by = who(record);
          return (
            <List.Item key={id} data-testid={`recently-updated-${id}`}>
              <List.Item.Meta
                title={showRoute ? <Link to={routeFor(showRoute, id) + pathQueryOf(resource, record)}>{label}</Link> : label}
                description={
                  <Typography.Text type="secondary">
                    {by ? t('crud.panels.updatedAtBy', { at: when(record.updated_at), by }) : t('crud.panels.updatedAt', { at: when(record.updated_at) })}
                  </Typography.Text>
                }
              />
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
