/**
 * The create/edit dialog around the schema form. The form itself (RJSF and ajv) is a lazy chunk of its
 * own, loaded when a dialog first opens, so lists and show pages stay light. Closing it (Cancel, the ×, Esc,
 * a click beside it) after the member changed something asks first: a half-filled order is not lost to a key.
 */
import { Modal, Spin } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { discardQuestion } from '../forms/discard-question';
import { useLeaveWarning } from '../forms/use-leave-warning';
import { useResourceTitles } from './field-value';

import type { FormModalProps } from './form-modal-props';

export type { FormModalProps } from './form-modal-props';

const CrudForm = lazy(() => import('./crud-form').then((module) => ({ default: module.CrudForm })));

/**
 * The keyboard's place comes back to what opened the dialog (Create, a row's Edit) when it goes. antd does so for a
 * dialog that closes, but the lists unmount theirs at once, and the focus then fell to the page: 24 Tab stops from
 * the content.
 */
function useFocusBackToOpener(): void {
  // Read as the dialog mounts (every caller mounts it to open it): by the time effects run, it has taken the focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null));
  useEffect(
    () => () => {
      // After the dialog's own clean-up, and only if nothing else took the focus meanwhile.
      window.setTimeout(() => {
        if (opener?.isConnected && (document.activeElement === document.body || document.activeElement === null)) opener.focus();
      }, 0);
    },
    [opener],
  );
}

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
