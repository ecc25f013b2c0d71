/**
 * A list row's delete button with its confirmation mounted on first use: a page of rows would otherwise
 * mount a popup trigger (hooks, a resize observer) per row before the rows first show. The button is
 * drawn at once; at its first click the confirmation mounts around it, open. (Tooltips cannot be put off
 * alike: mounting one on hover draws the button anew between the press and the release of a click.)
 */
import { Popconfirm, type PopconfirmProps } from 'antd';
import { useId, useLayoutEffect, useRef, useState, type ReactElement } from 'react';
import { focusWhenShown, keepFocusNearRow } from './focus-when-shown';
import { useQuestionKeys } from './use-question-keys';

type Armed = false | 'click';

function useArmed(cancelId: string) {
  const [armed, setArmed] = useState<Armed>(false);
  const box = useRef<HTMLSpanElement>(null);
  const hadFocus = useRef(false);
  useLayoutEffect(() => {
    // Mounting the popup draws the button anew: the keyboard focus goes on into the question, on Cancel.
    if (armed && hadFocus.current) focusWhenShown(cancelId);
  }, [armed, cancelId]);
  const arm = (how: Armed) => {
    if (armed) return;
    hadFocus.current = Boolean(box.current?.contains(document.activeElement));
    setArmed(how);
  };
  return { armed, arm, box };
}

export function DeferredPopconfirm({ children, onConfirm, ...props }: Omit<PopconfirmProps, 'children' | 'open' | 'defaultOpen'> & { children: ReactElement }) {
  const cancelId = useId();
  const { armed, arm, box } = useArmed(cancelId);
  const confirm: PopconfirmProps['onConfirm'] = (event) => {
    // A deleted row takes its button with it: the focus then goes to the row that took its place.
    const button = box.current?.querySelector<HTMLElement>('a, button');
    if (button) keepFocusNearRow(button);
    return onConfirm?.(event);
  };
  // Mounted open (its first click); then opened and closed by antd, or by the keys below.
  const [open, setOpen] = useState(true);
  // Opened again: into the question; closed (answered, Escape): back on the button that asked it.
  const onOpenChange = (next: boolean, focusBack = true) => {
    setOpen(next);
    if (next) focusWhenShown(cancelId);
    else if (focusBack) box.current?.querySelector<HTMLElement>('a, button')?.focus();
  };
  const keys = useQuestionKeys(armed !== false && open, (focusBack) => onOpenChange(false, focusBack), cancelId);
  return (
    // Keys and focus of the question and its button, which bubble up here: the span itself takes no input.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <span
      ref={box}
      className="crud-deferred"
      onClickCapture={() => arm('click')}
      onKeyDown={keys.onKeyDown}
      onBlur={keys.onBlur}
      onMouseDown={keys.onMouseDown}
    >
      {armed ? (
        <Popconfirm
          {...props}
          onConfirm={confirm}
          cancelButtonProps={{ ...props.cancelButtonProps, id: cancelId }}
          onOpenChange={(next) => onOpenChange(next)}
          open={open}
        >
          {children}
        </Popconfirm>
      ) : (
        children
      )}
    </span>
  );
}
