/**
 * The counts of a list's tabs (`listTabs`: `GET <list path>/counts?by=<field>`), kept until the table is written.
 *
 * The web app asks them beside every first page of a tabbed list (src/crud/use-tab-counts.ts), and they are the
 * dearer request of the two: the employees' list opens on a page read from an index (~5 ms), while its tab counts
 * group every one of the tenant's employees by category, a scan of the table (40–70 ms on PostgreSQL at 100,000
 * employees, every time the list was opened). The counts change only when the table is written, so they are kept
 * like a list's total (list-totals.ts, under the same rules: never for a derived field's condition, dropped at the
 * table's next write, here or in another process), keyed by the tab field and the list's conditions.
 */
import type { ListTotals, TabCounts } from './list-totals';
import type { EngineResource } from './model';
import type { EngineStore, Scope } from './store';
import { Sql } from '../db/sql';

export async function tabCounts(
  store: EngineStore,
  resource: EngineResource,
  scope: Scope,
  conditions: Sql[],
  tab: { field: string; fallback?: string },
  totals?: ListTotals,
): Promise<TabCounts> {
  const { text, values } = store.where(scope, conditions).render();
  const kept = totals?.lookupTabCounts(resource, { text: `tab counts by ${tab.field} (${tab.fallback ?? ''}): ${text}`, values });
  if (kept?.value) return kept.value;
  const counts = await store.countBy(resource, scope, conditions, tab.field, tab.fallback);
  kept?.keep(counts);
  return counts;
}
