import '../antd-setup';
import { CloseOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, notification, theme } from 'antd';
import type { ReactNode } from 'react';
import { i18n } from '../i18n/i18n';
import { settingsStore } from '../layout/settings-store';
import { toastDurationSeconds, type ToastOptions, type ToastType } from './toast-types';

notification.config({ placement: 'bottomRight', duration: toastDurationSeconds, maxCount: 4 });

// Static antd methods render outside the app's ConfigProvider: give them the current colour mode.
ConfigProvider.config({
  holderRender: (children: ReactNode) => (
    <ConfigProvider theme={{ algorithm: settingsStore.getState().mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm }}>{children}</ConfigProvider>
  ),
});

/**
 * Where a toast shows: bottom right, out of the way of a page's heading; on a phone's width at the top, since at the
 * bottom it covered the sticky Back and Save buttons of the act form for seconds.
 */
function placement(): 'bottomRight' | 'top' {
  return typeof window !== 'undefined' && window.matchMedia?.('(max-width: 575px)').matches ? 'top' : 'bottomRight';
}

export function showToast(type: ToastType, message: string, options: ToastOptions): void {
  const { action, key } = options;
  notification[type]({
    message,
    // Several lines (a save's warnings, one a line) keep their breaks.
    description: options.description && <span style={{ whiteSpace: 'pre-line' }}>{options.description}</span>,
    // The same message at once is shown once (two requests refused by one ended session gave two "Your session has
    // ended" toasts): without a key of its own, a toast is keyed by what it says.
    key: key ?? `${type}:${message}`,
    placement: placement(),
    duration: options.duration ?? toastDurationSeconds,
    pauseOnHover: true,
    showProgress: true,
    // antd names the × "Close" in English whatever the language. (An object replaces antd's icon too: given again.)
    closable: { 'aria-label': i18n.t('notifications.close'), closeIcon: <CloseOutlined className="ant-notification-notice-close-icon" /> },
    actions: action && (
      <Button
        size="small"
        type="primary"
        onClick={() => {
          action.onClick();
          if (key) notification.destroy(key);
        }}
      >
        {action.label}
      </Button>
    ),
    props: { 'data-testid': `toast-${type}` },
  });
}

export function closeToast(key: string): void {
  notification.destroy(key);
}

/** Every toast shown (the session's refusals, once the member has signed in again). */
export function closeAllToasts(): void {
  notification.destroy();
}
