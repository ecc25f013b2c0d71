/**
 * What a new act starts from (issue 13): the tenant's default equipment list, and for the chosen vehicle
 * its documents on board (the columns of the transport documents table, `GET /transport/documents?
 * transport_id=`) and the cards linked to it (`cards` filtered by `transport_id`). Equipment and cards start present;
 * a document starts present only when the vehicle has one on file in its column: one not on file is unlikely to be
 * in the cab, and ticking it present by default would let an act say so unchecked.
 */
import { keys, useCustom, useList } from '@refinedev/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { readNotifications, silentNotifications } from '../../providers/notifications';
import type { PresenceItem } from './act-draft';

interface DocumentsRow {
  id: number;
  groups: Array<{ id: number; name: string; documents?: Array<{ state?: string }> }>;
}

/** A document on file in its column: the cell of a vehicle without one is a row in the state "missing" (no dates, no files). */
const onFile = (document: { state?: string }) => document.state !== 'missing';

export function useDefaultEquipment(): { items: PresenceItem[] | null } {
  const { result, query } = useList<{ id: number; name: string }>({
    resource: 'handover-equipment',
    pagination: { currentPage: 1, pageSize: 100, mode: 'server' },
    sorters: [{ field: 'name', order: 'asc' }],
    ...readNotifications,
  });
  const items = useMemo(() => (query.isSuccess ? result.data.map((item) => ({ name: item.name, present: true })) : null), [query.isSuccess, result.data]);
  return { items: query.isError ? [] : items };
}

export function useOnBoard(transportId: number | undefined): { items: PresenceItem[] | null } {
  const { t } = useTranslation();
  const enabled = transportId !== undefined;
  const { query: documents } = useCustom<DocumentsRow[]>({
    url: '/transport/documents',
    method: 'get',
    config: { query: { transport_id: transportId, page: 1, perPage: 1 } },
    queryOptions: { enabled, queryKey: keys().data('default').resource('vehicle-documents').action('list').params({ onBoard: transportId }).get() },
    ...silentNotifications,
  });
  const { result: cards, query: cardsQuery } = useList<{ card_id: number; serial_number?: string; type?: string }>({
    resource: 'cards',
    filters: [{ field: 'transport_id', operator: 'eq', value: transportId }],
    pagination: { currentPage: 1, pageSize: 100, mode: 'server' },
    queryOptions: { enabled },
    ...silentNotifications,
  });
  const items = useMemo(() => {
    if (!enabled || documents.isLoading || cardsQuery.isLoading) return null;
    const rows = (documents.data as { data?: DocumentsRow[] } | undefined)?.data ?? [];
    const columns = rows[0]?.groups.map((group) => ({ name: group.name, present: (group.documents ?? []).some(onFile), key: `column:${group.id}` })) ?? [];
    const linked = cards.data.map((card) => ({
      // "Card SHELL-1515-0001 · Combined (fuel and toll)": the type after the number, as it is written on its own.
      name: card.type
        ? t('handover-acts.steps.card', { type: t(`enums.cardType.${card.type}`, card.type), number: card.serial_number ?? card.card_id })
        : t('handover-acts.steps.cardWithoutType', { number: card.serial_number ?? card.card_id }),
      present: true,
      // The name is in the author's language; the next act may be written in another.
      key: `card:${card.card_id}`,
    }));
    return [...columns, ...linked];
  }, [enabled, documents.isLoading, documents.data, cardsQuery.isLoading, cards.data, t]);
  return { items };
}
