/**
 * While something typed is not saved, leaving asks first. A reload, a closed tab or another address typed is the
 * browser's own question (in its own words: browsers no longer show a page's text). A move inside the app to another
 * page (a menu link, a breadcrumb, Back to the list) is held by the router and asks "Discard your changes?" here; a
 * move within the same page (the handover act's `?step=`, a list's filters) goes through, since nothing is lost by it.
 *
 *   const leaveQuestion = useLeaveWarning(unsaved);
 *   return <>{leaveQuestion}…</>;
 */
import { Modal } from 'antd';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type BlockerFunction } from 'react-router';
import { focusWhenShown } from '../crud/focus-when-shown';
import { discardQuestion } from './discard-question';

export function useLeaveWarning(unsaved: boolean): ReactNode {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a text is given back.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  return <LeaveQuestion unsaved={unsaved} />;
}

/** Only a move to another page is held: the same page at another step or filter keeps what was typed. */
export const leavesThePage =
  (unsaved: boolean): BlockerFunction =>
  ({ currentLocation, nextLocation }) =>
    unsaved && currentLocation.pathname !== nextLocation.pathname;

function LeaveQuestion({ unsaved }: { unsaved: boolean }) {
  const { t } = useTranslation();
  const [modal, questionHolder] = Modal.useModal();
  const blocker = useBlocker(leavesThePage(unsaved));
  // The answer goes to the move held last (a second Back while asked holds a new one): one question, not one a move.
  const held = useRef(blocker);
  useEffect(() => {
    held.current = blocker;
  });
  const asking = blocker.state === 'blocked';
  const keepEditingId = useId();
  useEffect(() => {
    if (!asking) return;
    const question = modal.confirm({
      ...discardQuestion(t, {
        testId: 'leave-discard',
        keep: { id: keepEditingId, testId: 'leave-keep-editing' },
        onDiscard: () => held.current.proceed?.(),
        onKeep: () => held.current.reset?.(),
      }),
      // Above every dialog, the question to sign in again included (its "another account" leaves the page too).
      zIndex: 2100,
    });
    // The dialog whose changes are guarded takes the focus back a moment after the question opens (seen in
    // Chromium); the answer that keeps them gets it again.
    focusWhenShown(keepEditingId, { settle: true });
    return () => question.destroy();
  }, [asking, modal, t, keepEditingId]);
  return questionHolder;
}
