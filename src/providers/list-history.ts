/**
 * A list's page, page size, sort, filters and search are in the address (Refine's `syncWithLocation`), and a change
 * the member makes is a new history entry, so the browser's Back goes to the list as it was (page 2 before page 3,
 * the filter before the next). Refine writes every change of the table's state by replacing the entry; the router
 * binding (router-provider.ts) makes a write a new entry when the member asked for the change just
 * before it, and only then: the list's own corrections (a page past the end, a bad filter value, the defaults written
 * into a bare address) keep replacing, or Back would lead into them again.
 */

/** How long a member's change waits for the list to write it: the next render's effect, well within this. */
const pendingForMs = 1_000;
let changedAt = 0;

/** The member changed the list (a page, the page size, a sort, a filter, the search). */
export function markListChangeByMember(now = Date.now()): void {
  changedAt = now;
}

/** Whether the list's next address write is the member's change (once: the write after it is not). */
export function takeListChangeByMember(now = Date.now()): boolean {
  const pending = changedAt !== 0 && now - changedAt <= pendingForMs;
  changedAt = 0;
  return pending;
}
