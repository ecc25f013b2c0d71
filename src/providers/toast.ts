/**
 * Toasts, bottom-right (SPEC §2). The antd notification code loads on the first toast (or earlier with
 * `preloadToasts()` when a form is submitted), so the light auth pages do not download antd up front.
 */
export type ToastType = 'success' | 'error' | 'info' | 'warning';

/** Toasts close by themselves after a few seconds (SPEC §9 gives 1.5 s or 5 s: 4 s is readable). */
export const toastDurationSeconds = 4;

let antdToasts: Promise<typeof import('./toast-antd')> | undefined;

export function preloadToasts(): Promise<typeof import('./toast-antd')> {
  antdToasts ??= import('./toast-antd');
  return antdToasts;
}

export interface ToastOptions {
  description?: string;
  /** A toast opened again with the same key replaces the one shown (Refine's countdowns). */
  key?: string;
  /** Seconds before it closes by itself (default `toastDurationSeconds`). */
  duration?: number;
  /** A button in the toast (Refine's "Undo" of an undoable mutation). */
  action?: { label: string; onClick: () => void };
}

export function toast(type: ToastType, message: string, options: ToastOptions = {}): void {
  void preloadToasts().then((module) => module.showToast(type, message, options));
}

export function closeToast(key: string): void {
  void preloadToasts().then((module) => module.closeToast(key));
}
