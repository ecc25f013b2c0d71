/**
 * The schema form drawn in place (in a card, under a table's row) instead of in the dialog: Save and Cancel
 * beside each other, the same validation and saving as the dialog's form. The form (RJSF, ajv) stays a
 * lazy chunk of its own, loaded when a form first opens.
 */
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { FormModalProps } from './form-modal-props';

const CrudForm = lazy(() => import('./crud-form').then((module) => ({ default: module.CrudForm })));

export function FormInPlace(props: Omit<FormModalProps, 'open' | 'onCancel'> & { onCancel?: () => void }) {
  return (
    <Suspense fallback={<Spin />}>
      <CrudForm {...props} open onCancel={props.onCancel ?? props.onClose} />
    </Suspense>
  );
}
