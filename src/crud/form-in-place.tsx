/**
 * The schema form drawn in place (in a card, under a table's row) instead of in the dialog: Save and Cancel
 * beside each other, the same validation and saving as the dialog's form. The form (RJSF, ajv) stays a
 * lazy chunk of its own, loaded when a form first opens. While it holds changes, leaving the page (a menu
 * link, Back, a reload) asks first, as the dialog does; Cancel beside Save is the member's own answer.
 * As the dialog does with the keyboard, too: the form opens with the focus in its first field, and once it closes
 * the focus goes back to what opened it (an "Add passport", an "Edit"), not to the page's start.
 */
import { Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLeaveWarning } from '../forms/use-leave-warning';
import type { FormModalProps } from './form-modal-props';

const CrudForm = lazy(() => import('./crud-form').then((module) => ({ default: module.CrudForm })));

export function FormInPlace(props: Omit<FormModalProps, 'open' | 'onCancel'> & { onCancel?: () => void }) {
  const [unsaved, setUnsaved] = useState(false);
  const leaveQuestion = useLeaveWarning(unsaved);
  useFocusBackOnClose();
  return (
    <Suspense fallback={<Spin />}>
      {leaveQuestion}
      <CrudForm {...props} open onCancel={props.onCancel ?? props.onClose} onDirtyChange={setUnsaved} autoFocus />
    </Suspense>
  );
}

/** What had the focus when the form opened gets it back when the form goes, if the focus was lost with the form. */
function useFocusBackOnClose() {
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null));
  useEffect(
    () => () => {
      // After React has taken the form out (and re-enabled the button that opened it).
      window.setTimeout(() => {
        const lost = document.activeElement === null || document.activeElement === document.body;
        if (lost && opener?.isConnected) opener.focus();
      });
    },
    [opener],
  );
}
