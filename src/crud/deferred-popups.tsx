/**
 * A list row's delete button with its confirmation mounted on first use: a page of rows would otherwise
 * mount a popup trigger (hooks, a resize observer) per row before the rows first show. The button is
 * drawn at once; at its first click the confirmation mounts around it, open. (Tooltips cannot be put off
 * alike: mounting one on hover draws the button anew between the press and the release of a click.)
 */
import { Popconfirm, type PopconfirmProps } from 'antd';
import { useId, useLayoutEffect, useRef, useState, type ReactElement } from 'react';
import { focusWhenShown, keepFocusNearRow } from './focus-when-shown';

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
  // Opened again: into the question; closed (answered, Escape): back on the button that asked it.
  const onOpenChange = (open: boolean) => {
    if (open) focusWhenShown(cancelId);
    else box.current?.querySelector<HTMLElement>('a, button')?.focus();
  };
  return (
    <span ref={box} className="crud-deferred" onClickCapture={() => arm('click')}>
      {armed ? (
        <Popconfirm {...props} onConfirm={confirm} cancelButtonProps={{ ...props.cancelButtonProps, id: cancelId }} onOpenChange={onOpenChange} defaultOpen>
          {children}
        </Popconfirm>
      ) : (
        children
      )}
    </span>
  );
}
