/**
 * The schema form drawn in place (in a card, under a table's row) instead of in the dialog: Save and Cancel
 * beside each other, the same validation and saving as the dialog's form. The form (RJSF, ajv) stays a
 * lazy chunk of its own, loaded when a form first opens. While it holds changes, leaving the page (a menu
 * link, Back, a reload) asks first, as the dialog does; Cancel beside Save is the member's own answer.
 * As the dialog does with the keyboard, too: the form opens with the focus in its first field, and once it closes
 * the focus goes back to what opened it (an "Add passport", an "Edit"), not to the page's start.
 */
import { Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useLeaveWarning } from '../forms/use-leave-warning';
import { useFocusBackToOpener } from './focus-back';
import type { FormModalProps } from './form-modal-props';

const CrudForm = lazy(() => import('./crud-form').then((module) => ({ default: module.CrudForm })));

export function FormInPlace(props: Omit<FormModalProps, 'open' | 'onCancel'> & { onCancel?: () => void }) {
  const [unsaved, setUnsaved] = useState(false);
  const leaveQuestion = useLeaveWarning(unsaved);
  useFocusBackToOpener();
  return (
    <Suspense fallback={<Spin />}>
      {leaveQuestion}
      <CrudForm {...props} open onCancel={props.onCancel ?? props.onClose} onDirtyChange={setUnsaved} autoFocus />
    </Suspense>
  );
}
