/** Refine's notifications go through the app's toasts: same place (bottom-right), same duration. */
import type { NotificationProvider } from '@refinedev/core';
import { closeToast, toast } from './toast';

export const notificationProvider: NotificationProvider = {
  open({ type, message, description, key }) {
    toast(type === 'progress' ? 'info' : type, message, { description, key });
  },
  close(key) {
    closeToast(key);
  },
};
