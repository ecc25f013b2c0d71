/**
 * The layout settings as a tiny external store (no React context needed), so the shell, the auth pages
 * and the toasts outside React all read the same values. Every change is saved to local storage.
 */
import { useCallback, useSyncExternalStore } from 'react';
import {
  layoutReducer,
  layoutStorageKey,
  mobileBreakpoint,
  parseLayoutSettings,
  serializeLayoutSettings,
  type LayoutAction,
  type LayoutSettings,
} from './settings-model';

type Listener = () => void;

export interface SettingsStore {
  getState: () => LayoutSettings;
  dispatch: (action: LayoutAction) => void;
  subscribe: (listener: Listener) => () => void;
}

export function createSettingsStore(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, windowWidth?: number): SettingsStore {
  let state = parseLayoutSettings(safely(() => storage?.getItem(layoutStorageKey)));
  if (windowWidth !== undefined) state = layoutReducer(state, { type: 'setMobile', isMobile: windowWidth <= mobileBreakpoint });
  const listeners = new Set<Listener>();
  return {
    getState: () => state,
    dispatch(action) {
      const next = layoutReducer(state, action);
      if (next === state) return;
      state = next;
      safely(() => storage?.setItem(layoutStorageKey, serializeLayoutSettings(state)));
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function safely<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    return undefined; // storage full or blocked: settings still work for this page load
  }
}

function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export const settingsStore = createSettingsStore(browserStorage(), typeof window === 'undefined' ? undefined : window.innerWidth);

/** Mirrors the colour mode on <html data-theme> so the light pages outside antd follow it too. */
function applyModeToDocument(): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = settingsStore.getState().mode;
}
applyModeToDocument();
settingsStore.subscribe(applyModeToDocument);

export function useLayoutSettings(): [LayoutSettings, (action: LayoutAction) => void] {
  const state = useSyncExternalStore(settingsStore.subscribe, settingsStore.getState, settingsStore.getState);
  const dispatch = useCallback((action: LayoutAction) => settingsStore.dispatch(action), []);
  return [state, dispatch];
}
