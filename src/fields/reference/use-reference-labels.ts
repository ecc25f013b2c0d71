/**
 * The labels of some records of a reference's target, on Refine's `useMany` (the data provider's
 * `getMany`: the target's list endpoint with `ids=`). Refine's query cache holds them: a record renamed
 * through Refine's mutations (which invalidate the target's `many` queries) shows its new label in every
 * mounted display at once. Many labels drawn together (a table's cells, each with its own `useMany`) cost
 * one request per target: the data provider coalesces the `getMany` calls made in the same tick.
 * Silent on failure: a label that cannot be had shows the id. An id the target's answer lacks is a record deleted
 * since (an audit entry's column, a history's driver): said so, not shown as a bare number that looks like data.
 */
import { useMany, type BaseRecord } from '@refinedev/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { silentNotifications } from '../../providers/notifications';
import { idOfRecord, isListable, labelOfRecord, type ReferenceTarget } from './target';

/** How long a label counts as fresh: remounts within it (paging back, opening a record) ask nothing. */
const labelsFreshForMs = 60_000;

export interface ReferenceLabels {
  /** The label of an id: the record's label, "Deleted (#7)" for one the answer lacks, else the id (not loaded, not readable). */
  labelOf: (id: string | number) => string;
  /** True for an id the target's answer lacks: the record is gone (no page of it to link to). */
  isGone: (id: string | number) => boolean;
  loading: boolean;
}

export function useReferenceLabels(target: ReferenceTarget | undefined, ids: string[]): ReferenceLabels {
  const enabled = isListable(target) && ids.length > 0;
  const { query, result } = useMany<BaseRecord>({
    resource: target?.name ?? '',
    ids,
    // Labels only: the records' other fields (an employee's date of birth) are not the cell's to read.
    meta: { labels: true },
    queryOptions: { enabled, staleTime: labelsFreshForMs },
    ...silentNotifications,
  });
  const { t } = useTranslation();
  const records = result.data;
  const loading = enabled && query.isLoading;
  const answered = enabled && query.isSuccess;
  return useMemo(() => {
    const found = new Map<string, string>();
    if (target) for (const record of records) found.set(idOfRecord(target, record), labelOfRecord(target, record));
    const isGone = (id: string | number) => answered && !found.has(String(id));
    return {
      labelOf: (id: string | number) => found.get(String(id)) ?? (isGone(id) ? t('fields.reference.deleted', { id: String(id) }) : String(id)),
      isGone,
      loading,
    };
  }, [target, records, loading, answered, t]);
}
