/**
 * What SPEC §4 and §8 say happens on start, login, registration and logout, in one place: the auth pages
 * call these directly (they must stay light, without Refine), and Refine's auth provider delegates here.
 * Each action shows the spec's toast (the server's message, else the spec's default) and rethrows the
 * error so a form can put the server's field errors under its fields.
 *
 * The API client (axios, ~22 KB gzip) loads on the first action, not with this module: /login's
 * JavaScript budget. The sign-in form asks for it early with `preloadApi()` when the user starts typing.
 */
import { i18n } from '../i18n/i18n';
import { ApiError, messageOf } from '../providers/api-error';
import { toast } from '../providers/toast';
import { endSession } from './session-end';
import { sessionStore } from './session-store';
import { isTokenRemembered, readToken, storeToken } from './token-storage';
import type { AuthAnswer, User } from './user';

const t = (key: string) => i18n.t(key);

export interface LoginValues {
  login: string;
  password: string;
  remember: boolean;
}

export interface RegisterValues {
  login: string;
  email: string;
  phone: string;
  company_name: string;
  password: string;
  password_confirmation: string;
}

let apiModule: Promise<typeof import('../providers/api')> | undefined;

/** Starts loading the API client; every action awaits the same import. */
export function preloadApi(): Promise<typeof import('../providers/api')> {
  apiModule ??= import('../providers/api');
  return apiModule;
}

async function loadApi() {
  return (await preloadApi()).api;
}

/**
 * On start: a stored token fetches the current user; a failure clears it (the guard then shows /login).
 * `translationsReady`: started before the translations arrived, the failure's toast waits for them.
 */
export async function bootstrapSession(translationsReady?: Promise<unknown>): Promise<void> {
  if (!readToken()) {
    sessionStore.setState({ status: 'anonymous', user: null });
    return;
  }
  sessionStore.setState({ status: 'checking', loading: true });
  try {
    const api = await loadApi();
    const answer = await api.get<User>('/profile/show');
    sessionStore.setState({ status: 'authenticated', user: answer.data, loading: false });
  } catch (error) {
    await translationsReady?.catch(() => undefined);
    endSession();
    toast('error', messageOf(error, t('notifications.getCurrentUserError')));
  }
}

async function authenticate(
  path: '/login' | '/register',
  body: object,
  remember: boolean,
  errorField: 'loginError' | 'registerError',
  successDefaultKey: string,
  // Signing in again over a page: the question's closing says it, a toast would only cover the page (a phone's Save).
  announce = true,
): Promise<User | null> {
  sessionStore.setState({ loading: true, [errorField]: null });
  try {
    const api = await loadApi();
    const answer = await api.post<AuthAnswer | null>(path, body);
    const token = answer.data?.token;
    // Success only with a token in the answer (SPEC §4); without one, the server's message or the default.
    if (!token) throw new ApiError({ status: 200, message: answer.message || t('notifications.noAuthorization'), hasServerMessage: true });
    storeToken(token, remember);
    const user = answer.data?.user ?? null;
    sessionStore.setState({ status: 'authenticated', user, loading: false });
    if (announce) toast('success', answer.message || t(successDefaultKey));
    if (!user) void refreshCurrentUser();
    return user;
  } catch (error) {
    const message = messageOf(error, t('notifications.authorizationError'));
    sessionStore.setState({ loading: false, [errorField]: message });
    toast('error', message);
    throw error;
  }
}

export function signIn(values: LoginValues): Promise<User | null> {
  return authenticate('/login', { login: values.login, password: values.password }, values.remember, 'loginError', 'auth.loginSuccess');
}

export function signUp(values: RegisterValues): Promise<User | null> {
  return authenticate('/register', values, true, 'registerError', 'auth.registerSuccess');
}

/**
 * The same member signs in again after their session ended under them (`expired`): the page and its input stay.
 * The new token is kept where the old one was.
 */
export function signInAgain(password: string): Promise<User | null> {
  const { user, remember } = sessionStore.getState();
  return authenticate('/login', { login: user?.login ?? '', password }, remember ?? true, 'loginError', 'auth.loginSuccess', false);
}

/** Logout revokes the token on the server; locally the session ends whatever the answer. */
export async function signOut(): Promise<void> {
  sessionStore.setState({ loading: true });
  try {
    const api = await loadApi();
    const answer = await api.post<null>('/logout');
    toast('success', answer.message || t('auth.logoutSuccess'));
  } catch (error) {
    // 401: the token was already revoked, so the user is signed out anyway.
    if (!(error instanceof ApiError && error.status === 401)) toast('error', messageOf(error, t('notifications.logoutError')));
  } finally {
    endSession({ signedOut: true });
  }
}

/** `quiet`: a reading the member did not ask for (rights a minute old) says nothing when it fails; the next one tries again. */
export async function refreshCurrentUser({ quiet = false }: { quiet?: boolean } = {}): Promise<void> {
  try {
    const api = await loadApi();
    const answer = await api.get<User>('/profile/show');
    sessionStore.setState({ user: answer.data });
  } catch (error) {
    if (!quiet) toast('error', messageOf(error, t('notifications.getCurrentUserError')));
  }
}

export async function requestPasswordReset(email: string): Promise<void> {
  try {
    const api = await loadApi();
    const answer = await api.post<null>('/forget-password', { email });
    toast('success', answer.message || t('auth.resetLinkSent'));
  } catch (error) {
    toast('error', messageOf(error, t('notifications.authorizationError')));
    throw error;
  }
}

export interface ResetPasswordValues {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export async function resetPassword(values: ResetPasswordValues): Promise<void> {
  try {
    const api = await loadApi();
    const answer = await api.post<null>('/update-password', values);
    toast('success', answer.message || t('auth.passwordReset'));
  } catch (error) {
    toast('error', messageOf(error, t('notifications.resetPasswordError')));
    throw error;
  }
}

/** Profile update replaces the user with the returned data (SPEC §4). */
export function replaceUser(user: User): void {
  sessionStore.setState({ user });
}

/** Avatar update replaces only the avatar (SPEC §4). */
/** After an avatar upload or a password change: what changed, and the record's new version (for the profile form). */
export function replaceAvatar(avatar: string | null, version?: number): void {
  const user = sessionStore.getState().user;
  if (user) sessionStore.setState({ user: { ...user, avatar, ...(version === undefined ? {} : { version }) } });
}

export function replaceVersion(version: number | undefined): void {
  const user = sessionStore.getState().user;
  if (user && version !== undefined) sessionStore.setState({ user: { ...user, version } });
}

/** After a password change the server revokes every token and answers a fresh one for this session. */
export function replaceToken(token: string): void {
  storeToken(token, isTokenRemembered());
}
