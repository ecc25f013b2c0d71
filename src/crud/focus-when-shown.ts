/**
 * Keyboard focus for popups that take a moment to appear: antd's Popconfirm draws its buttons while it fades in,
 * when they cannot take the focus yet (`autoFocus` does nothing there). A delete's question is answered from the
 * keyboard only if the focus goes into it.
 */

/** Focuses the element of this id as soon as it can take the focus, trying for up to a second. */
export function focusWhenShown(id: string, triesLeft = 20): void {
  window.setTimeout(() => {
    const element = document.getElementById(id);
    element?.focus();
    if (document.activeElement !== element && triesLeft > 0) focusWhenShown(id, triesLeft - 1);
  }, 50);
}
