/**
 * While something typed is not saved, the browser asks before the page goes: a reload, the tab closed, another
 * address typed (its own question, in its own words: browsers no longer show a page's text). Moving inside the app
 * (a menu link, Back) is not covered: the app's router has no way to hold a navigation (BrowserRouter).
 */
import { useEffect } from 'react';

export function useLeaveWarning(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a text is given back.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}
