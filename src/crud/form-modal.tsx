/**
 * The create/edit dialog around the schema form. The form itself (RJSF and ajv) is a lazy chunk of its
 * own, loaded when a dialog first opens, so lists and show pages stay light. Closing it (Cancel, the ×, Esc,
 * a click beside it) after the member changed something asks first: a half-filled order is not lost to a key.
 * Browser Back closes one without changes, with the page it was opened on.
 */
import { Modal, Spin } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { discardQuestion } from '../forms/discard-question';
import { useLeaveWarning } from '../forms/use-leave-warning';
import { useResourceTitles } from './field-value';
import { useFocusBackToOpener } from './focus-back';
import { startTypeAhead, stopTypeAhead } from './type-ahead';
import { useCloseOnBack } from './use-close-on-back';

import type { FormModalProps } from './form-modal-props';

export type { FormModalProps } from './form-modal-props';

const CrudForm = lazy(() => import('./crud-form').then((module) => ({ default: module.CrudForm })));

export function FormModal(props: FormModalProps) {
  const { t } = useTranslation();
  const { singular } = useResourceTitles(props.resource);
  const [modal, confirmHolder] = Modal.useModal();
  const dirty = useRef(false);
  const [unsaved, setUnsaved] = useState(false);
  const onDirtyChange = useCallback((changed: boolean) => {
    dirty.current = changed;
    setUnsaved(changed);
  }, []);
  // Leaving the page (a menu link, Back, a reload, a closed tab) asks too, while the dialog holds changes.
  const leaveQuestion = useLeaveWarning(Boolean(props.open) && unsaved);
  useFocusBackToOpener();
  // Keys typed before the form's first field has the focus are typed into it then (type-ahead.ts).
  const { open } = props;
  useEffect(() => {
    if (!open) return;
    startTypeAhead();
    return stopTypeAhead;
  }, [open]);
  const { onClose } = props;
  // Back closes a dialog without changes; one with changes stays.
  useCloseOnBack(Boolean(props.open), onClose, dirty);
  const requestClose = () => {
    if (!dirty.current) return onClose();
    void modal.confirm(
      discardQuestion(t, {
        testId: 'crud-form-discard',
        onDiscard: () => {
          dirty.current = false;
          onClose();
        },
      }),
    );
  };
  return (
    <Modal
      open={props.open}
      title={t(props.mode === 'create' ? 'crud.titles.create' : 'crud.titles.edit', { resource: singular })}
      onCancel={requestClose}
      footer={null}
      destroyOnHidden
      width={720}
    >
      {confirmHolder}
      {leaveQuestion}
      {props.open && (
        <Suspense fallback={<Spin />}>
          <CrudForm {...props} onCancel={requestClose} onDirtyChange={onDirtyChange} autoFocus />
        </Suspense>
      )}
    </Modal>
  );
}
