/**
 * After an "Add" of a row (an item, a damage, a tyre), the keyboard's place goes to the new row's first field, and on a
 * phone its keyboard opens there: what is done next is typing that row's name, not finding it below.
 */
import { useEffect, useRef } from 'react';

/** Call the returned function with the add; `fieldOf(index)` is the test id of a row's first field. */
export function useFocusOnAdded(length: number, fieldOf: (index: number) => string): () => void {
  const added = useRef(false);
  useEffect(() => {
    if (!added.current) return;
    added.current = false;
    document.querySelector<HTMLElement>(`[data-testid="${fieldOf(length - 1)}"]`)?.focus();
  }, [length, fieldOf]);
  return () => {
    added.current = true;
  };
}
