/**
 * Toasts, bottom-right (SPEC §2). The antd notification code loads on the first toast (or earlier with
 * `preloadToasts()` when a form is submitted), so the light auth pages do not download antd up front.
 */
import type { ToastOptions, ToastType } from './toast-types';

export { toastDurationSeconds, type ToastOptions, type ToastType } from './toast-types';

let antdToasts: Promise<typeof import('./toast-antd')> | undefined;

export function preloadToasts(): Promise<typeof import('./toast-antd')> {
  antdToasts ??= import('./toast-antd');
  return antdToasts;
}

export function toast(type: ToastType, message: string, options: ToastOptions = {}): void {
  void preloadToasts().then((module) => module.showToast(type, message, options));
}

export function closeToast(key: string): void {
  void preloadToasts().then((module) => module.closeToast(key));
}

export function closeAllToasts(): void {
  void preloadToasts().then((module) => module.closeAllToasts());
}
