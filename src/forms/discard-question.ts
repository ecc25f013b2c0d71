/**
 * "Discard your changes?", asked wherever typed input would be lost: a dialog closed, the document columns' settings
 * closed, a move to another page (use-leave-warning.tsx). The answer that keeps the input has the focus, so Escape
 * then Enter does not throw it away.
 *
 *   const [modal, holder] = Modal.useModal();
 *   modal.confirm(discardQuestion(t, { testId: 'crud-form-discard', onDiscard: onClose }));
 */
import type { ModalFuncProps } from 'antd';
import type { TFunction } from 'i18next';

export function discardQuestion(
  t: TFunction,
  {
    testId,
    onDiscard,
    onKeep,
    keep,
  }: {
    testId: string;
    onDiscard: () => void;
    onKeep?: () => void;
    /** The keeping answer's id (to focus it again) and test id. */
    keep?: { id: string; testId: string };
  },
): ModalFuncProps {
  return {
    title: t('crud.confirm.discardTitle'),
    content: t('crud.confirm.discardDescription'),
    okText: t('crud.confirm.discard'),
    cancelText: t('crud.confirm.keepEditing'),
    okButtonProps: { danger: true, 'data-testid': testId },
    ...(keep ? { cancelButtonProps: { id: keep.id, 'data-testid': keep.testId } } : {}),
    autoFocusButton: 'cancel',
    onOk: onDiscard,
    onCancel: onKeep,
  };
}
