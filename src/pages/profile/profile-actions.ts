/**
 * Profile calls (SPEC §4, §7): the answer of each updates the session (the whole user, only the avatar,
 * or the token), with the spec's toasts: the server's message, else the spec's default.
 */
import { i18n } from '../../i18n/i18n';
import { api } from '../../providers/api';
import { messageOf } from '../../providers/api-error';
import { toast } from '../../providers/toast';
import { replaceAvatar, replaceToken, replaceUser, replaceVersion } from '../../session/session-actions';
import type { User } from '../../session/user';

export const maxAvatarBytes = 5_242_880;
export const avatarTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

export interface ProfileValues {
  login: string;
  name: string;
  last_name: string;
  email: string;
  phone?: string;
  job_position?: string;
  /** The version the form was loaded at (`user.version`). */
  version?: number;
}

export interface PasswordChangeValues {
  current_password: string;
  password: string;
  password_confirmation: string;
}

async function withToasts<T>(call: () => Promise<{ message?: string; data: T }>, successKey: string, errorKey: string): Promise<T> {
  try {
    const answer = await call();
    toast('success', answer.message || i18n.t(successKey));
    return answer.data;
  } catch (error) {
    toast('error', messageOf(error, i18n.t(errorKey)));
    throw error;
  }
}

export async function updateProfile(values: ProfileValues): Promise<User> {
  const user = await withToasts(() => api.post<User>('/profile/update', values), 'profile.updated', 'notifications.updateProfileError');
  replaceUser(user);
  return user;
}

export async function changePassword(values: PasswordChangeValues): Promise<void> {
  const data = await withToasts(
    () => api.put<{ token: string; version?: number }>('/profile/update/password', values),
    'profile.passwordChanged',
    'notifications.changePasswordError',
  );
  // Every other session was signed out; this one carries on with the fresh token.
  if (data?.token) replaceToken(data.token);
  replaceVersion(data?.version);
}

export async function uploadAvatar(file: File, onProgress: (percent: number) => void): Promise<string | null> {
  const body = new FormData();
  body.append('file', file);
  const data = await withToasts(
    () => api.post<{ avatar: string | null; version?: number }>('/profile/update/avatar', body, { onProgress }),
    'profile.avatarUpdated',
    'notifications.uploadAvatarError',
  );
  replaceAvatar(data.avatar, data.version);
  return data.avatar;
}

/** Checked before uploading (the server checks again, by content): images only, at most 5 MB. */
export function avatarFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!avatarTypes.includes(file.type)) return 'validation.file.imageOnly';
  if (file.size > maxAvatarBytes) return 'validation.file.tooLarge';
  return null;
}
