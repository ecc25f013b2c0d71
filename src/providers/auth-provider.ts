/**
 * Refine's auth provider. It delegates to the session actions (src/session/), which also serve the light
 * auth pages, so both paths behave the same: the spec's toasts, the token storage, the current user.
 * Failures return `success: false` without `error`: the session action has already shown the toast,
 * and Refine would show a second one. The ApiError rides along as `apiError` for callers that need it.
 */
import type { AuthProvider } from '@refinedev/core';
import { sessionStore } from '../session/session-store';
import {
  refreshCurrentUser,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
  signUp,
  type LoginValues,
  type RegisterValues,
  type ResetPasswordValues,
} from '../session/session-actions';
import { readToken } from '../session/token-storage';
import { isApiError } from './api-error';

async function attempt(action: () => Promise<unknown>, redirectTo?: string) {
  try {
    await action();
    return { success: true, ...(redirectTo ? { redirectTo } : {}) };
  } catch (error) {
    return { success: false, apiError: error };
  }
}

export const authProvider: AuthProvider = {
  login: (values: LoginValues) => attempt(() => signIn({ ...values, remember: values.remember ?? true }), '/'),
  register: (values: RegisterValues) => attempt(() => signUp(values), '/'),
  forgotPassword: ({ email }: { email: string }) => attempt(() => requestPasswordReset(email)),
  updatePassword: (values: ResetPasswordValues) => attempt(() => resetPassword(values), '/login'),
  async logout() {
    await signOut();
    return { success: true, redirectTo: '/login' };
  },
  check() {
    const { status } = sessionStore.getState();
    if (status === 'expired' || (status !== 'anonymous' && readToken())) return Promise.resolve({ authenticated: true });
    return Promise.resolve({ authenticated: false, logout: true, redirectTo: '/login' });
  },
  async getIdentity() {
    if (!readToken()) return null;
    if (!sessionStore.getState().user) await refreshCurrentUser();
    return sessionStore.getState().user;
  },
  onError(error: unknown) {
    const status = isApiError(error) ? error.status : (error as { statusCode?: number; status?: number } | null)?.statusCode;
    // A 401 is the API client's to handle (session-end.ts): the member signs in again over the page, which a logout
    // here would take away.
    if (status === 401) return Promise.resolve({ error: error as Error });
    return Promise.resolve({});
  },
};
