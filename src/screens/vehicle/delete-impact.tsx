/**
 * What deleting a vehicle takes with it (`GET /api/transport/{id}/usage`), shown in the delete
 * confirmation: its documents with dates or files, handover acts and repair reports go with it; its
 * linked cards are detached and kept. Mounted when the confirmation opens, so it asks only then. The
 * transport list can hand it to CrudList's `deleteImpact`.
 */
import { keys, useCustom } from '@refinedev/core';
import { Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { readNotifications } from '../../providers/notifications';

export interface TransportUsage {
  documents: number;
  handover_acts: number;
  repairs: number;
  cards: number;
}

type Row = Record<string, unknown>;

/** The resources this impact tells of: the generic one (src/crud/delete-impact.tsx) adds the others (orders, trailers). */
export const TRANSPORT_IMPACT_TELLS = ['vehicle-documents', 'handover-acts', 'repairs', 'cards'] as const;

/** `transport`: the vehicle's record, or its id. */
export function TransportDeleteImpact({ transport }: { transport: Row | string | number }) {
  const { t } = useTranslation();
  const id = typeof transport === 'object' ? String(transport.id) : String(transport);
  const { query } = useCustom<TransportUsage>({
    url: `/api/transport/${encodeURIComponent(id)}/usage`,
    method: 'get',
    // Under the vehicle's resource key: a change to the vehicle asks again.
    queryOptions: { queryKey: keys().data('default').resource('transport').action('one').id(id).params({ usage: true }).get(), staleTime: 0 },
    ...readNotifications,
  });
  const usage = query.data?.data;
  if (query.isLoading) return <Spin size="small" />;
  if (!usage) return null;
  const removed = [
    ['documents', usage.documents],
    ['handoverActs', usage.handover_acts],
    ['repairs', usage.repairs],
  ] as const;
  const nothing = removed.every(([, count]) => count === 0) && usage.cards === 0;
  return (
    <div data-testid="transport-delete-impact" style={{ maxWidth: 360, marginBottom: 8 }}>
      {nothing ? (
        <Typography.Text>{t('vehicle.deleteImpact.nothing')}</Typography.Text>
      ) : (
        <>
          {removed.some(([, count]) => count > 0) && (
            <>
              <Typography.Text>{t('vehicle.deleteImpact.removes')}</Typography.Text>
              <ul style={{ margin: '4px 0', paddingInlineStart: 20 }}>
                {removed
                  .filter(([, count]) => count > 0)
                  .map(([key, count]) => (
                    <li key={key} data-testid={`transport-delete-impact-${key}`}>
                      {t(`vehicle.deleteImpact.${key}`, { count })}
                    </li>
                  ))}
              </ul>
            </>
          )}
          {usage.cards > 0 && (
            <Typography.Text data-testid="transport-delete-impact-cards">{t('vehicle.deleteImpact.cards', { count: usage.cards })}</Typography.Text>
          )}
        </>
      )}
    </div>
  );
}
