/**
 * Refine's notifications go through the app's toasts: same place (bottom-right), same duration.
 * `progress` is Refine's countdown of an undoable mutation: opened again every second under the same key
 * (the toast is replaced in place), with an "Undo" button that cancels the mutation, and closed by
 * Refine when the time is up; should the next second not come, it closes by itself a moment later.
 */
import type { NotificationProvider } from '@refinedev/core';
import { i18n } from '../i18n/i18n';
import { WARNINGS_NOTIFICATION_PREFIX } from './notifications';
import { closeToast, toast } from './toast';

/** A save's warnings (notifications.ts) stay until read: several lines take longer than a success. */
const WARNINGS_SECONDS = 12;

export const notificationProvider: NotificationProvider = {
  open({ type, message, description, key, cancelMutation, undoableTimeout }) {
    if (type === 'success' && key?.startsWith(WARNINGS_NOTIFICATION_PREFIX)) {
      toast('warning', message, { description, key, duration: WARNINGS_SECONDS });
      return;
    }
    if (type !== 'progress') {
      toast(type, message, { description, key });
      return;
    }
    toast('info', message, {
      description,
      key,
      duration: (undoableTimeout ?? 0) + 2,
      action: cancelMutation && { label: i18n.t('buttons.undo'), onClick: cancelMutation },
    });
  },
  close(key) {
    closeToast(key);
  },
};
