/**
 * The question to sign in again when the session ended under a member at work (`expired`: the token expired or was
 * revoked, a request answered 401). The page stays behind it as it was, with an open dialog's input or a
 * half-filled act, blurred, so the member's password brings them back to where they were: Save again and it is
 * saved. Everything read meanwhile is asked again once signed in. "Another account" goes to the sign-in page (which
 * shows while a session has ended), and, as any move away, asks first if something typed would be lost.
 */
import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { focusWhenShown } from '../crud/focus-when-shown';
import { closeAllToasts } from '../providers/toast';
import { signInAgain } from '../session/session-actions';
import { useSession } from '../session/session-store';

export function SignInAgain() {
  const { status, user, loading, loginError } = useSession();
  if (status !== 'expired' || !user) return null;
  return <SignInAgainDialog login={user.login} loading={loading} error={loginError} />;
}

function SignInAgainDialog({ login, loading, error }: { login: string; loading: boolean; error: string | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  // Where the keyboard was (a dialog's field, its Save): it goes back there once signed in again.
  const [focusedBefore] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  // The password field takes the keyboard once the dialog is shown: its own focus on its frame comes after `autoFocus`.
  useEffect(() => focusWhenShown('sign-in-again-password', { settle: true }), []);
  // The page behind is out of reach (no focus, no clicks, hidden from assistive technology) until signed in again. The
  // dialogs over it are portalled to the body, outside the app's root, so an open form keeps its input as it was.
  useEffect(() => {
    const page = document.getElementById('root');
    if (!page) return;
    page.inert = true;
    return () => {
      page.inert = false;
    };
  }, []);
  const submit = async () => {
    if (!password) return;
    try {
      await signInAgain(password);
      // The refusals of the ended session ("Your session has ended" on each request) no longer hold.
      closeAllToasts();
      // What failed while signed out (or may have changed meanwhile) is read again.
      void queryClient.invalidateQueries();
      window.setTimeout(() => {
        if (focusedBefore?.isConnected) focusedBefore.focus();
      }, 0);
    } catch {
      // The session action shows why (a wrong password, too many attempts) under the field and as a toast.
    }
  };
  return (
    <Modal
      open
      title={t('login.again.title')}
      closable={false}
      keyboard={false}
      maskClosable={false}
      footer={null}
      zIndex={2000}
      // The page behind stays as it was but unreadable: it is not this member's until they have signed in again.
      styles={{ mask: { backdropFilter: 'blur(8px)' } }}
    >
      <Typography.Paragraph>{t('login.again.text')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary" data-testid="sign-in-again-login">
        {t('login.again.account', { login })}
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()} requiredMark={false}>
        {/* For the browser's password manager: whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={login} readOnly hidden />
        <Form.Item label={t('login.fields.password')} htmlFor="sign-in-again-password" validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          <Input.Password
            id="sign-in-again-password"
            prefix={<LockOutlined />}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete="current-password"
            autoFocus
            data-testid="sign-in-again-password"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading} disabled={!password} data-testid="sign-in-again-submit">
          {t('login.submit')}
        </Button>
        {/* To the sign-in page as a move of the app's own: unsaved input asks "Discard your changes?" first (over this). */}
        <Button type="link" block onClick={() => void navigate('/login')} style={{ marginTop: 8 }} data-testid="sign-in-again-other">
          {t('login.again.otherAccount')}
        </Button>
      </Form>
    </Modal>
  );
}
