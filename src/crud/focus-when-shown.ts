/**
 * Keyboard focus for popups that take a moment to appear: antd's Popconfirm draws its buttons while it fades in,
 * when they cannot take the focus yet (`autoFocus` does nothing there). A delete's question is answered from the
 * keyboard only if the focus goes into it.
 */

/** The page these timers wait on is gone (a test's document torn down while one was pending): nothing to focus. */
const pageGone = () => typeof document === 'undefined';

/**
 * Focuses the element of this id as soon as it can take the focus, trying for up to a second. With `settle`, it goes on
 * until the element has kept the focus for one more try: for a popup over another dialog, which takes the focus back
 * a moment after.
 */
export function focusWhenShown(id: string, options: { settle?: boolean } = {}, triesLeft = 20, focusedBefore = false): void {
  window.setTimeout(() => {
    if (pageGone()) return;
    const element = document.getElementById(id);
    // Settling: it took the focus at the last try and still has it now. Elsewhere meanwhile: taken back, try again.
    if (focusedBefore && element !== null && document.activeElement === element) return;
    element?.focus();
    const took = element !== null && document.activeElement === element;
    if (took && !options.settle) return;
    if (triesLeft > 0) focusWhenShown(id, options, triesLeft - 1, took);
  }, 50);
}

/**
 * After a row's delete was confirmed: once the row is gone (the list read again), the keyboard's place goes to the
 * same button of the row that took its place (or of the last row), else to the list's table, instead of falling back
 * to the start of the page. Gives up after `waitMs`, and leaves the focus alone if the member has moved it.
 */
export function keepFocusNearRow(button: HTMLElement, waitMs = 10_000): void {
  const row = button.closest('tr');
  const body = row?.parentElement;
  const wrapper = button.closest<HTMLElement>('.ant-table-wrapper');
  if (!row || !body || !wrapper) return;
  const index = Array.from(body.children).indexOf(row);
  const testId = button.dataset.testid ?? '';
  const prefix = testId.slice(0, testId.lastIndexOf('-') + 1);
  const started = Date.now();
  const check = () => {
    if (pageGone()) return;
    const lost = document.activeElement === document.body || document.activeElement === null;
    if (button.isConnected && Date.now() - started < waitMs) return void window.setTimeout(check, 100);
    if (button.isConnected || !lost || !wrapper.isConnected) return;
    const rows = Array.from(wrapper.querySelectorAll<HTMLElement>('tbody tr[data-row-key]'));
    const next = rows[Math.min(index, rows.length - 1)]?.querySelector<HTMLElement>(prefix ? `[data-testid^="${prefix}"]` : 'button');
    if (next) return next.focus();
    wrapper.tabIndex = -1;
    wrapper.focus();
  };
  window.setTimeout(check, 100);
}
