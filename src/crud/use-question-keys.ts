/**
 * The keyboard around a delete's question (antd's Popconfirm): Escape closes it from anywhere inside, and it closes
 * when the focus moves on out of it, so no question is left open behind the member's back. antd listens for Escape
 * only on the button that asked, and leaves the question open when Tab leaves it: two could be open at once, and
 * Shift+Tab from one's Cancel landed on the other's Delete. React brings the popup's key and focus events (drawn
 * elsewhere in the document) up to the element around the button, which takes these handlers.
 */
import type { FocusEvent, KeyboardEvent } from 'react';

/** `close(focusBack)`: Escape gives the focus back to the button that asked; a focus gone elsewhere is left there. */
export function useQuestionKeys(open: boolean, close: (focusBack: boolean) => void, cancelId: string) {
  const insideQuestion = (node: Node | null, around: Element) => {
    if (!node) return true; // the window lost the focus (another program): the question stays
    if (around.contains(node)) return true;
    const popup = document.getElementById(cancelId)?.closest('.ant-popover');
    return Boolean(popup?.contains(node));
  };
  return {
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (open && event.key === 'Escape') {
        event.stopPropagation();
        close(true);
      }
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (open && !insideQuestion(event.relatedTarget, event.currentTarget)) close(false);
    },
  };
}
