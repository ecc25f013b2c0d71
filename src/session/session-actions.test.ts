import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../i18n/test-i18n';
import { api } from '../providers/api';
import { ApiError } from '../providers/api-error';
import { toast } from '../providers/toast';
import { authProvider } from '../providers/auth-provider';
import { bootstrapSession, signIn, signInAgain, signOut, signUp } from './session-actions';
import { endSessionIfSignedIn } from './session-end';
import { sessionStore } from './session-store';
import { readToken, storeToken, tokenStorageKey } from './token-storage';
import type { User } from './user';

vi.mock('../providers/api', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn() },
  onSessionEnded: vi.fn(),
}));
vi.mock('../providers/toast', () => ({ toast: vi.fn(), preloadToasts: vi.fn(), closeToast: vi.fn() }));

const user: User = {
  id: 1,
  login: 'dispatcher',
  name: 'Anna Maria',
  last_name: 'Kowalska',
  email: 'anna@nordic-freight.example',
  phone: null,
  job_position: 'Dispatcher',
  avatar: null,
  is_owner: true,
  company: { id: 1, name: 'Nordic Freight' },
  administrator: true,
  active: true,
  permissions: ['orders.view'],
  departments: [],
};

beforeAll(initTestI18n);
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sessionStore.setState({ status: 'anonymous', user: null, loading: false, loginError: null, registerError: null });
});
afterEach(() => vi.clearAllMocks());

describe('sign-in', () => {
  it('stores the token in local storage with "remember me" and signs the user in with the server\'s toast', async () => {
    vi.mocked(api.post).mockResolvedValue({ message: 'Login User Successfully', data: { token: 't-1', user } });
    await signIn({ login: 'dispatcher', password: 'correct-horse', remember: true });
    expect(localStorage.getItem(tokenStorageKey)).toBe('t-1');
    expect(sessionStorage.getItem(tokenStorageKey)).toBeNull();
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', user, loading: false });
    expect(toast).toHaveBeenCalledWith('success', 'Login User Successfully');
    expect(api.post).toHaveBeenCalledWith('/login', { login: 'dispatcher', password: 'correct-horse' });
  });

  it('keeps the token for the browser session only without "remember me"', async () => {
    vi.mocked(api.post).mockResolvedValue({ data: { token: 't-2', user } });
    await signIn({ login: 'dispatcher', password: 'correct-horse', remember: false });
    expect(localStorage.getItem(tokenStorageKey)).toBeNull();
    expect(sessionStorage.getItem(tokenStorageKey)).toBe('t-2');
    expect(toast).toHaveBeenCalledWith('success', 'Login User Successfully');
  });

  it('fails with "No authorization received" when the answer carries no token', async () => {
    vi.mocked(api.post).mockResolvedValue({ data: { user } });
    await expect(signIn({ login: 'dispatcher', password: 'correct-horse', remember: true })).rejects.toThrow('No authorization received');
    expect(readToken()).toBeNull();
    expect(sessionStore.getState()).toMatchObject({ status: 'anonymous', loginError: 'No authorization received' });
    expect(toast).toHaveBeenCalledWith('error', 'No authorization received');
  });

  it('shows the server\'s message of a failed sign-in, else "Authorization error!"', async () => {
    vi.mocked(api.post).mockRejectedValueOnce(new ApiError({ status: 401, message: 'These credentials do not match our records', hasServerMessage: true }));
    await expect(signIn({ login: 'dispatcher', password: 'wrong', remember: true })).rejects.toBeInstanceOf(ApiError);
    expect(toast).toHaveBeenLastCalledWith('error', 'These credentials do not match our records');

    vi.mocked(api.post).mockRejectedValueOnce(new ApiError({ status: 0, message: 'Failed to fetch' }));
    await expect(signUp({ login: 'a', email: 'b', phone: 'c', company_name: 'd', password: 'e', password_confirmation: 'e' })).rejects.toBeTruthy();
    expect(toast).toHaveBeenLastCalledWith('error', 'Authorization error!');
    expect(sessionStore.getState().registerError).toBe('Authorization error!');
  });
});

describe('start-up', () => {
  it('fetches the current user for a stored token', async () => {
    storeToken('t-3', true);
    vi.mocked(api.get).mockResolvedValue({ data: user });
    await bootstrapSession();
    expect(api.get).toHaveBeenCalledWith('/profile/show');
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', user });
  });

  it('clears a token the server refuses and toasts "Get current user error!" when it gives no message', async () => {
    storeToken('t-4', false);
    vi.mocked(api.get).mockRejectedValue(new ApiError({ status: 500, message: 'Internal Server Error' }));
    await bootstrapSession();
    expect(readToken()).toBeNull();
    expect(sessionStore.getState()).toMatchObject({ status: 'anonymous', user: null });
    expect(toast).toHaveBeenCalledWith('error', 'Get current user error!');
  });

  it('stays anonymous without a token and asks nothing', async () => {
    await bootstrapSession();
    expect(api.get).not.toHaveBeenCalled();
    expect(sessionStore.getState().status).toBe('anonymous');
  });
});

describe('logout', () => {
  it('calls /api/logout, clears the token and the user', async () => {
    storeToken('t-5', true);
    sessionStore.setState({ status: 'authenticated', user });
    vi.mocked(api.post).mockResolvedValue({ message: 'Logged out successfully', data: null });
    const result = await authProvider.logout({});
    expect(api.post).toHaveBeenCalledWith('/logout');
    expect(result).toEqual({ success: true, redirectTo: '/login' });
    expect(readToken()).toBeNull();
    expect(sessionStore.getState()).toMatchObject({ status: 'anonymous', user: null });
  });

  it('signs out locally even when the server call fails, with "Logout error!"', async () => {
    storeToken('t-6', true);
    sessionStore.setState({ status: 'authenticated', user });
    vi.mocked(api.post).mockRejectedValue(new ApiError({ status: 0, message: 'Failed to fetch' }));
    await signOut();
    expect(readToken()).toBeNull();
    expect(toast).toHaveBeenCalledWith('error', 'Logout error!');
  });
});

describe('Refine auth provider', () => {
  it('checks the stored login marker', async () => {
    expect(await authProvider.check()).toEqual({ authenticated: false, logout: true, redirectTo: '/login' });
    storeToken('t-7', true);
    sessionStore.setState({ status: 'authenticated', user });
    expect(await authProvider.check()).toEqual({ authenticated: true });
  });

  it("never logs out on an error: a 401 is the API client's, which asks the member to sign in again over the page", async () => {
    const answer = await authProvider.onError(new ApiError({ status: 401, message: 'ended' }));
    expect(answer).not.toHaveProperty('logout');
    expect(answer).not.toHaveProperty('redirectTo');
    expect(await authProvider.onError(new ApiError({ status: 422, message: 'invalid' }))).toEqual({});
  });

  it('reports a failed login without an error (the toast is already shown), and a success with the redirect to /', async () => {
    vi.mocked(api.post).mockRejectedValueOnce(new ApiError({ status: 401, message: 'no', hasServerMessage: true }));
    const failed = await authProvider.login({ login: 'x', password: 'y' });
    expect(failed.success).toBe(false);
    expect(failed.error).toBeUndefined();
    vi.mocked(api.post).mockResolvedValueOnce({ data: { token: 't-8', user } });
    expect(await authProvider.login({ login: 'x', password: 'y' })).toEqual({ success: true, redirectTo: '/' });
    expect(await authProvider.getIdentity?.()).toEqual(user);
  });
});

describe('a session that ends under a member at work', () => {
  it('keeps the member and the page, asks to sign in again, and keeps the new token where the old one was', async () => {
    storeToken('t-old', false);
    sessionStore.setState({ status: 'authenticated', user });
    endSessionIfSignedIn();
    expect(sessionStore.getState()).toMatchObject({ status: 'expired', user, remember: false });
    expect(readToken()).toBeNull();
    // More 401s while asked change nothing.
    endSessionIfSignedIn();
    expect(sessionStore.getState().status).toBe('expired');

    vi.mocked(api.post).mockRejectedValueOnce(new ApiError({ status: 401, message: 'These credentials do not match our records', hasServerMessage: true }));
    await expect(signInAgain('wrong')).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.getState()).toMatchObject({ status: 'expired', loginError: 'These credentials do not match our records' });

    vi.mocked(api.post).mockResolvedValueOnce({ data: { token: 't-new', user } });
    await signInAgain('right password');
    expect(vi.mocked(api.post)).toHaveBeenLastCalledWith('/login', { login: 'dispatcher', password: 'right password' });
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', user });
    expect(sessionStorage.getItem(tokenStorageKey)).toBe('t-new');
    expect(localStorage.getItem(tokenStorageKey)).toBeNull();
  });

  it('ends the session outright while the member is not known yet (start-up)', () => {
    storeToken('t-old', true);
    sessionStore.setState({ status: 'checking', user: null });
    endSessionIfSignedIn();
    expect(sessionStore.getState().status).toBe('anonymous');
  });
});
