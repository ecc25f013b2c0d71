/**
 * A list row's action buttons with their tooltip and their delete confirmation mounted on first use: a
 * page of rows would otherwise mount some forty antd popups (each a trigger with its hooks and a resize
 * observer) before the rows first show. The button is drawn at once; its popup mounts at the first
 * pointer over it or focus on it (tooltip), or at the first click (confirmation), and opens right away.
 */
import { Popconfirm, Tooltip, type PopconfirmProps } from 'antd';
import { useLayoutEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';

type Armed = false | 'pointer' | 'focus' | 'click';

function useArmed() {
  const [armed, setArmed] = useState<Armed>(false);
  const box = useRef<HTMLSpanElement>(null);
  const hadFocus = useRef(false);
  useLayoutEffect(() => {
    // Mounting the popup draws the button anew: the keyboard focus stays on it.
    if (armed && hadFocus.current) box.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [armed]);
  const arm = (how: Armed) => {
    if (armed) return;
    hadFocus.current = Boolean(box.current?.contains(document.activeElement));
    setArmed(how);
  };
  return { armed, arm, box };
}

export function DeferredTooltip({ title, children }: { title: ReactNode; children: ReactElement }) {
  const { armed, arm, box } = useArmed();
  return (
    <span ref={box} className="crud-deferred" onPointerEnter={() => arm('pointer')} onFocus={() => arm('focus')}>
      {armed ? (
        <Tooltip title={title} defaultOpen={armed === 'pointer'}>
          {children}
        </Tooltip>
      ) : (
        children
      )}
    </span>
  );
}

export function DeferredPopconfirm({ children, ...props }: Omit<PopconfirmProps, 'children' | 'open' | 'defaultOpen'> & { children: ReactElement }) {
  const { armed, arm, box } = useArmed();
  return (
    <span ref={box} className="crud-deferred" onClickCapture={() => arm('click')}>
      {armed ? (
        <Popconfirm {...props} defaultOpen>
          {children}
        </Popconfirm>
      ) : (
        children
      )}
    </span>
  );
}
