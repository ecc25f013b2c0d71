/**
 * The options of a picker of a reference's target, on Refine's `useSelect`: the target's list endpoint
 * (first 20 records, `search=` with what the user types, 250 ms after the last keystroke), labelled by
 * the target's `label` fields. The list is asked for only once the picker is opened (a form with ten
 * pickers asks nothing until one is used). The chosen records' labels come from `useReferenceLabels`
 * (Refine's `many` cache, shared with every display of them), so a value not among the options still shows
 * its label. Shared by the one-record and the many-records pickers. Silent on failure.
 */
import { useSelect, type BaseRecord, type CrudFilter } from '@refinedev/core';
import { useCallback, useMemo, useState } from 'react';
import { silentNotifications } from '../../providers/notifications';
import { distinguishSameLabels } from './same-labels';
import { useReferenceLabels } from './use-reference-labels';
import { idOfRecord, isListable, labelOfRecord, type ReferenceTarget } from './target';

export const pickerPageSize = 20;
export const searchDebounceMs = 250;

export interface TargetOption {
  value: string;
  label: string;
}

/** Free text goes to the data provider as the `search` filter (sent as `search=`). */
function searchFilters(text: string): CrudFilter[] {
  const trimmed = text.trim();
  return trimmed ? [{ field: 'search', operator: 'contains', value: trimmed }] : [];
}

export function useTargetOptions(target: ReferenceTarget | undefined, selected: string[]) {
  const [wanted, setWanted] = useState(false);
  const [searching, setSearching] = useState(false);
  const optionLabel = useCallback((record: BaseRecord) => (target ? labelOfRecord(target, record) : ''), [target]);
  const optionValue = useCallback((record: BaseRecord) => (target ? idOfRecord(target, record) : ''), [target]);
  const { options, onSearch, query } = useSelect<BaseRecord>({
    resource: target?.name ?? '',
    optionLabel,
    optionValue,
    onSearch: searchFilters,
    pagination: { currentPage: 1, pageSize: pickerPageSize, mode: 'server' },
    // Labels only (and what tells alike ones apart): opening a driver picker is no read of 20 employees' records.
    meta: { labels: true },
    debounce: searchDebounceMs,
    queryOptions: { enabled: wanted && isListable(target) },
    ...silentNotifications,
  });
  const labels = useReferenceLabels(target, selected);

  // The chosen records first when the page of options does not hold them, with their own labels; while a search is
  // typed, last: the first option is the one Enter picks, and it must be the first match, not the value held before.
  // Options that read alike told apart (same-labels.ts).
  const records = query.data?.data;
  const shown = useMemo<TargetOption[]>(() => {
    const listed = options.map((option) => ({ value: String(option.value), label: String(option.label) }));
    const known = new Set(listed.map((option) => option.value));
    const missing = selected.filter((id) => !known.has(id)).map((id) => ({ value: id, label: labels.labelOf(id) }));
    const all = searching ? [...listed, ...missing] : [...missing, ...listed];
    if (!target) return all;
    const byId = new Map((records ?? []).map((record) => [idOfRecord(target, record), record]));
    return distinguishSameLabels(target, all, (value) => byId.get(value));
  }, [options, selected, labels, records, target, searching]);

  return {
    options: shown,
    loading: query.isFetching,
    search: (text: string) => {
      setWanted(true);
      setSearching(text.trim() !== '');
      onSearch(text);
    },
    /** The picker opened: its options are wanted, unfiltered (a search typed before was cleared on close). */
    opened: () => {
      setWanted(true);
      setSearching(false);
      onSearch('');
    },
  };
}
