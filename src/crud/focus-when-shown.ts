/**
 * Keyboard focus for popups that take a moment to appear: antd's Popconfirm draws its buttons while it fades in,
 * when they cannot take the focus yet (`autoFocus` does nothing there). A delete's question is answered from the
 * keyboard only if the focus goes into it.
 */

/**
 * Focuses the element of this id as soon as it can take the focus, trying for up to a second. With `settle`, it goes on
 * until the element has kept the focus for one more try: for a popup over another dialog, which takes the focus back
 * a moment after.
 */
export function focusWhenShown(id: string, options: { settle?: boolean } = {}, triesLeft = 20, heldBefore = false): void {
  window.setTimeout(() => {
    const element = document.getElementById(id);
    const held = element !== null && document.activeElement === element;
    if (held && (heldBefore || !options.settle)) return;
    element?.focus();
    if (triesLeft > 0) focusWhenShown(id, options, triesLeft - 1, held);
  }, 50);
}
