/**
 * The open tab of a page in the URL (`?tab=<key>`), as the show page, the employee card and the vehicle's
 * page keep it: bookmarkable and kept on reload. The first tab is the default and leaves the parameter
 * out; a key the page does not offer (a right the member lacks, a misspelt link) opens the first tab.
 * Other query parameters stay (`?companyId=` finds the record again); the entry is replaced, so Back
 * leaves the page rather than stepping through its tabs.
 */
import { useSearchParams } from 'react-router';
import { tabParameter } from './list-state';

export function useUrlTab(keys: readonly string[]): [active: string, open: (key: string) => void] {
  const [query, setQuery] = useSearchParams();
  const first = keys[0] ?? '';
  const asked = query.get(tabParameter);
  const active = asked !== null && keys.includes(asked) ? asked : first;
  const open = (key: string) =>
    setQuery(
      (current) => {
        const next = new URLSearchParams(current);
        if (key === first) next.delete(tabParameter);
        else next.set(tabParameter, key);
        return next;
      },
      { replace: true },
    );
  return [active, open];
}
