/**
 * The keyboard around a delete's question (antd's Popconfirm): Escape closes it from anywhere inside, and it closes
 * when the focus moves on out of it, so no question is left open behind the member's back. antd listens for Escape
 * only on the button that asked, and leaves the question open when Tab leaves it: two could be open at once, and
 * Shift+Tab from one's Cancel landed on the other's Delete. React brings the popup's key and focus events (drawn
 * elsewhere in the document) up to the element around the button, which takes these handlers.
 */
import type { FocusEvent, KeyboardEvent } from 'react';

/** When a pointer last pressed inside a question or its button (one question is answered at a time). */
let pressedInside = 0;

/** `close(focusBack)`: Escape gives the focus back to the button that asked; a focus gone elsewhere is left there. */
export function useQuestionKeys(open: boolean, close: (focusBack: boolean) => void, cancelId: string) {
  const insideQuestion = (node: Node | null, around: Element) => {
    if (!node) return false;
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
      if (!open) return;
      if (event.relatedTarget) {
        if (!insideQuestion(event.relatedTarget, event.currentTarget)) close(false);
        return;
      }
      // Tab past the question (drawn at the end of the page) leaves the focus on the page itself, with nothing named as
      // where it went: closed then too, unless the window lost the focus (another program), where the question stays.
      // A click on the question's own text leaves the focus named nowhere too: that stays open.
      if (Date.now() - pressedInside < 500) return;
      const around = event.currentTarget;
      window.setTimeout(() => {
        if (document.hasFocus() && !insideQuestion(document.activeElement, around)) close(false);
      }, 0);
    },
    onMouseDown: () => {
      pressedInside = Date.now();
    },
  };
}
