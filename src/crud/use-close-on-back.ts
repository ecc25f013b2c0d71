/**
 * Browser Back or Forward moved the page under an open dialog: the dialog goes with the page it was opened on,
 * instead of staying over a list that now shows something else. The list's own address changing (a filter written
 * back, a page) is no Back and keeps it. `keepOpen` says at that moment whether it must stay (a form holding
 * changes: nothing typed is lost to a key); each move is judged once, as it happens, so a dialog kept for its
 * changes does not close later when they are undone.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

export function useCloseOnBack(open: boolean, onClose: () => void, keepOpen?: RefObject<boolean>) {
  const { key: locationKey } = useLocation();
  const navigationType = useNavigationType();
  const seenAt = useRef(locationKey);
  useEffect(() => {
    if (locationKey === seenAt.current) return;
    seenAt.current = locationKey;
    if (open && navigationType === NavigationType.Pop && !keepOpen?.current) onClose();
  }, [locationKey, navigationType, open, onClose, keepOpen]);
}
