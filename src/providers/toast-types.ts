/**
 * What a toast is, apart from the code that shows one: toast.ts (light, loaded by the sign-in pages) and
 * toast-antd.tsx (antd's notifications, loaded on the first toast) both read these, so neither imports the
 * other for them.
 */
export type ToastType = 'success' | 'error' | 'info' | 'warning';

/** Toasts close by themselves after a few seconds (SPEC §9 gives 1.5 s or 5 s: 4 s is readable). */
export const toastDurationSeconds = 4;

export interface ToastOptions {
  description?: string;
  /** A toast opened again with the same key replaces the one shown (Refine's countdowns). */
  key?: string;
  /** Seconds before it closes by itself (default `toastDurationSeconds`). */
  duration?: number;
  /** A button in the toast (Refine's "Undo" of an undoable mutation). */
  action?: { label: string; onClick: () => void };
}
