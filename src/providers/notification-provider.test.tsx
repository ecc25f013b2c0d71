/** Refine's notifications as toasts, the undoable countdown ('progress') among them. */
import { fireEvent, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../i18n/test-i18n';
import { notificationProvider } from './notification-provider';
import { closeToast, toast } from './toast';
import { closeAllToasts, showToast } from './toast-antd';

vi.mock('./toast', async (importOriginal) => ({ ...(await importOriginal<typeof import('./toast')>()), toast: vi.fn(), closeToast: vi.fn() }));

beforeAll(initTestI18n);
afterEach(() => vi.clearAllMocks());

describe('the notification provider', () => {
  it('shows a success or an error with its key, and closes by key', () => {
    notificationProvider.open({ type: 'success', message: 'Vehicle updated', key: 'k1' });
    notificationProvider.open({ type: 'error', message: 'The VIN is taken', description: 'VIN' });
    notificationProvider.close('k1');
    expect(vi.mocked(toast).mock.calls).toEqual([
      ['success', 'Vehicle updated', { description: undefined, key: 'k1' }],
      ['error', 'The VIN is taken', { description: 'VIN', key: undefined }],
    ]);
    expect(closeToast).toHaveBeenCalledWith('k1');
  });

  it("shows Refine's undoable countdown under its key, outliving the next second, with an Undo that cancels", () => {
    const cancelMutation = vi.fn();
    notificationProvider.open({ type: 'progress', message: 'You have 5 seconds to undo', key: '1-orders-notification', cancelMutation, undoableTimeout: 5 });
    const [type, message, options] = vi.mocked(toast).mock.calls[0];
    expect([type, message, options?.key, options?.duration]).toEqual(['info', 'You have 5 seconds to undo', '1-orders-notification', 7]);
    expect(options?.action?.label).toBe('Undo');
    options?.action?.onClick();
    expect(cancelMutation).toHaveBeenCalledTimes(1);
  });
});

describe('a toast with an action', () => {
  it('draws its button, which runs the action', async () => {
    // Without motion, a closed toast leaves at once (jsdom ends no CSS transition): nothing of it outlives the test.
    ConfigProvider.config({ holderRender: (children) => <ConfigProvider theme={{ token: { motion: false } }}>{children}</ConfigProvider> });
    const onClick = vi.fn();
    showToast('info', 'You have 3 seconds to undo', { key: 'undo-1', duration: 0, action: { label: 'Undo', onClick } });
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    // Gone before the file ends: React's work on a toast left open would outlive the test's DOM.
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull(), { timeout: 5_000 });
  });

  it('names its close button with the app’s words in the member’s language, not antd’s English "Close"', async () => {
    ConfigProvider.config({ holderRender: (children) => <ConfigProvider theme={{ token: { motion: false } }}>{children}</ConfigProvider> });
    showToast('error', 'Not found', { key: 'closing-1', duration: 0 });
    // rc-notification draws the × as a focusable link-like element, not a button.
    const close = await vi.waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-notification-notice-close');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(close.getAttribute('aria-label')).toBe('Close message');
    expect(close.querySelector('.anticon-close')).not.toBeNull();
    fireEvent.click(close);
    await vi.waitFor(() => expect(document.querySelector('.ant-notification-notice-close')).toBeNull(), { timeout: 5_000 });
  });

  it('shows the same message sent twice at once as one toast', async () => {
    ConfigProvider.config({ holderRender: (children) => <ConfigProvider theme={{ token: { motion: false } }}>{children}</ConfigProvider> });
    showToast('error', 'Your session has ended. Please sign in again', { duration: 0 });
    showToast('error', 'Your session has ended. Please sign in again', { duration: 0 });
    showToast('error', 'Not found', { duration: 0 });
    await vi.waitFor(() => expect(document.querySelectorAll('.ant-notification-notice')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([...document.querySelectorAll('.ant-notification-notice-message')].map((notice) => notice.textContent).sort()).toEqual([
      'Not found',
      'Your session has ended. Please sign in again',
    ]);
    closeAllToasts();
    await vi.waitFor(() => expect(document.querySelectorAll('.ant-notification-notice')).toHaveLength(0), { timeout: 5_000 });
  });
});
