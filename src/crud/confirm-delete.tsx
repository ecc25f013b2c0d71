/**
 * A delete that asks first (SPEC §4: deletions are confirmed first and are permanent): a danger button
 * and antd's Popconfirm with the usual title, texts and a red OK. `description` says more where the delete
 * takes more with it; `children` replaces the button (a link, a tag …) where the place needs another one.
 */
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm, type PopconfirmProps } from 'antd';
import { useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { focusWhenShown } from './focus-when-shown';
import { useQuestionKeys } from './use-question-keys';

interface Props {
  onConfirm: () => unknown;
  /** Test id of the button. */
  testId: string;
  /** What else goes (default: "This cannot be undone"-style text of `crud.confirm.deleteDescription`). */
  description?: ReactNode;
  title?: ReactNode;
  size?: 'small' | 'middle' | 'large';
  /** Only the bin icon, named for screen readers (rows of a table). */
  iconOnly?: boolean;
  placement?: PopconfirmProps['placement'];
  /** Test id of the question's Delete button. */
  confirmTestId?: string;
  /** The question's Delete is offered but not usable (records stand in the delete's way: delete-impact.tsx). */
  confirmDisabled?: boolean;
  children?: ReactElement;
}

export function ConfirmDelete({ onConfirm, testId, description, title, size, iconOnly = false, placement, confirmTestId, confirmDisabled, children }: Props) {
  const { t } = useTranslation();
  const cancelId = useId();
  // What asked the question (the bin, focused by its click or Enter), for the focus to come back to once answered.
  const asker = useRef<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const changeOpen = (next: boolean, focusBack = true) => {
    setOpen(next);
    if (next) {
      asker.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      focusWhenShown(cancelId);
    } else if (focusBack && asker.current?.isConnected) asker.current.focus();
  };
  const keys = useQuestionKeys(open, (focusBack) => changeOpen(false, focusBack), cancelId);
  return (
    // Keys and focus of the question and its button, which bubble up here: the span itself takes no input.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <span className="crud-deferred" onKeyDown={keys.onKeyDown} onBlur={keys.onBlur} onMouseDown={keys.onMouseDown}>
      <Popconfirm
        open={open}
        title={title ?? t('crud.confirm.deleteTitle')}
        description={description ?? t('crud.confirm.deleteDescription')}
        okText={t('crud.buttons.delete')}
        cancelText={t('crud.buttons.cancel')}
        okButtonProps={{ danger: true, disabled: confirmDisabled, ...(confirmTestId ? { 'data-testid': confirmTestId } : {}) }}
        // The keyboard goes into the question at once, on the answer that keeps the record (Tab reaches Delete).
        cancelButtonProps={{ id: cancelId }}
        onOpenChange={(next) => changeOpen(next)}
        placement={placement}
        onConfirm={() => void onConfirm()}
      >
        {children ?? (
          <Button size={size} danger icon={<DeleteOutlined />} aria-label={iconOnly ? t('crud.buttons.delete') : undefined} data-testid={testId}>
            {iconOnly ? null : t('crud.buttons.delete')}
          </Button>
        )}
      </Popconfirm>
    </span>
  );
}
