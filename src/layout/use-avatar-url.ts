/** The signed-in member's avatar as an image URL (fetched with the bearer header); the default one meanwhile or without. */
import { useFileUrl } from '../fields/file/use-file-url';

export const defaultAvatarUrl = '/images/default-avatar.svg';

export function useAvatarUrl(avatarPath: string | null | undefined): string {
  return useFileUrl(avatarPath || null).url ?? defaultAvatarUrl;
}
