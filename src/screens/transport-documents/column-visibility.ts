/**
 * Which document columns the transport list shows: the hidden ones are remembered in this browser, per
 * company and member (two people sharing a computer keep their own choice). Hidden ids are kept rather
 * than shown ones, so a column added later shows by default.
 */
import { useCallback, useState } from 'react';
import { useSession } from '../../session/session-store';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function visibilityKey(companyId: number | string | undefined, userId: number | string | undefined): string {
  return `fleetdesk.transportDocuments.hiddenColumns.${companyId ?? '-'}.${userId ?? '-'}`;
}

export function readHiddenColumns(storage: KeyValueStorage | undefined, key: string): number[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return []; // a broken entry shows every column rather than failing the page
  }
}

export function writeHiddenColumns(storage: KeyValueStorage | undefined, key: string, hidden: number[]): void {
  try {
    storage?.setItem(key, JSON.stringify(hidden));
  } catch {
    // storage full or blocked: the choice holds for this page load only
  }
}

export function visibleColumns<Column extends { id: number }>(columns: Column[], hidden: number[]): Column[] {
  return columns.filter((column) => !hidden.includes(column.id));
}

function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function useHiddenColumns(): [number[], (hidden: number[]) => void] {
  const { user } = useSession();
  const key = visibilityKey(user?.company?.id, user?.id);
  const [state, setState] = useState(() => ({ key, hidden: readHiddenColumns(browserStorage(), key) }));
  // Another member signed in on the same page: their own choice.
  const hidden = state.key === key ? state.hidden : readHiddenColumns(browserStorage(), key);
  const setHidden = useCallback(
    (next: number[]) => {
      writeHiddenColumns(browserStorage(), key, next);
      setState({ key, hidden: next });
    },
    [key],
  );
  return [hidden, setHidden];
}
