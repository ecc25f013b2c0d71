/**
 * The keyboard's place comes back to what opened a dialog or a form in place (Create, a row's Edit, "Change category",
 * a document cell) when it goes. antd does so for a dialog that closes, but most callers unmount theirs at once, and the
 * focus then fell to the page's start: 24 Tab stops from the content.
 */
import { useEffect, useState } from 'react';

function focusPageTitle(): void {
  const title = document.querySelector<HTMLElement>('[data-testid="page-title"]');
  if (!title) return;
  if (!title.hasAttribute('tabindex')) title.tabIndex = -1;
  title.focus();
}

export function useFocusBackToOpener(): void {
  // Read as the dialog mounts (every caller mounts it to open it): by the time effects run, it has taken the focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null));
  useEffect(
    () => () => {
      // After React has taken the dialog out (and re-enabled the button that opened it), and only if nothing else took
      // the focus meanwhile.
      window.setTimeout(() => {
        if (document.activeElement !== document.body && document.activeElement !== null) return;
        if (opener?.isConnected) opener.focus();
        // The opener went with what the dialog changed (an empty list's Create, gone once the first record is there):
        // the page's title, so that Tab goes on from the top of the content rather than the page's start.
        else if (opener) focusPageTitle();
      }, 0);
    },
    [opener],
  );
}
