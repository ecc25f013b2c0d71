/**
 * The create/edit dialog around the schema form. The form itself (RJSF and ajv) is a lazy chunk of its
 * own, loaded when a dialog first opens, so lists and show pages stay light. Closing it (Cancel, the ×, Esc,
 * a click beside it) after the member changed something asks first: a half-filled order is not lost to a key.
 * Browser Back closes one without changes, with the page it was opened on.
 */
import { Modal, Spin } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { discardQuestion } from '../forms/discard-question';
import { useLeaveWarning } from '../forms/use-leave-warning';
import { useResourceTitles } from './field-value';
import { useFocusBackToOpener } from './focus-back';

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
  const { onClose } = props;
  // Back or Forward moved the page under a dialog without changes: it goes with the page it was opened on, instead
  // of staying over a list that now shows something else. One with changes stays (nothing typed is lost to a key);
  // the list's own address changing (a filter written back, a page) is no Back and keeps it too.
  const { key: locationKey } = useLocation();
  const navigationType = useNavigationType();
  // Each move is judged once, as it happens: a dialog kept for its changes does not close later when they are undone.
  const seenAt = useRef(locationKey);
  useEffect(() => {
    if (locationKey === seenAt.current) return;
    seenAt.current = locationKey;
    if (props.open && navigationType === NavigationType.Pop && !dirty.current) onClose();
  }, [locationKey, navigationType, props.open, onClose]);
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
