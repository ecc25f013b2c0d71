/**
 * Keys typed while a dialog is still opening (its form's chunk loading, its first field not yet there) are kept and
 * typed into the first field once it takes the focus, instead of being lost: "Operating account" typed at once
 * after Enter on Create was saved as "ting account". Only printable keys, only while no field has the focus.
 */

let typed = '';
let listening = false;

const editable = (element: Element | null) =>
  element instanceof HTMLInputElement ||
  element instanceof HTMLTextAreaElement ||
  element instanceof HTMLSelectElement ||
  (element instanceof HTMLElement && element.isContentEditable);

function keep(event: KeyboardEvent) {
  if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey || editable(document.activeElement)) return;
  typed += event.key;
  event.preventDefault();
  event.stopPropagation();
}

/** From now until `typeAheadInto`: printable keys typed outside a field are kept. */
export function startTypeAhead(): void {
  typed = '';
  if (listening) return;
  listening = true;
  document.addEventListener('keydown', keep, true);
}

export function stopTypeAhead(): void {
  typed = '';
  if (!listening) return;
  listening = false;
  document.removeEventListener('keydown', keep, true);
}

/**
 * The field that has just taken the focus gets what was typed meanwhile (an empty text field only), as though typed
 * there: through the value's own setter and an `input` event, so React's form hears it.
 */
export function typeAheadInto(element: Element | null | undefined): void {
  const text = typed;
  stopTypeAhead();
  if (!text || !(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) || element.value !== '') return;
  if (element instanceof HTMLInputElement && !['text', 'search', 'email', 'tel', 'url', ''].includes(element.type)) return;
  // The prototype's setter, not `element.value =`: React watches the element's own setter and would take the event
  // that follows for no change.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called on the element just below
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, 'value')?.set;
  setter?.call(element, text);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}
