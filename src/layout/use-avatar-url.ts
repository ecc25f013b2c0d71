/**
 * The avatar path (`/api/files/12`) needs the bearer header, which an <img> cannot send: fetch it as a
 * blob through the API client and show it through an object URL (revoked when it changes or unmounts).
 */
import { useEffect, useState } from 'react';
import { api } from '../providers/api';

export const defaultAvatarUrl = '/images/default-avatar.svg';

export function useAvatarUrl(avatarPath: string | null | undefined): string {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!avatarPath) {
      setUrl(null);
      return;
    }
    let objectUrl: string | null = null;
    let current = true;
    api
      .blob(avatarPath)
      .then((blob) => {
        if (!current) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => current && setUrl(null)); // the default avatar stands in
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [avatarPath]);
  return url ?? defaultAvatarUrl;
}
