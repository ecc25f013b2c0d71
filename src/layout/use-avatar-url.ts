/**
 * The avatar path (`/api/files/12`) needs the bearer header, which an <img> cannot send: fetch it as a
 * blob through the API client and show it through an object URL (revoked when it changes or unmounts).
 */
import { useEffect, useState } from 'react';
import { api } from '../providers/api';

export const defaultAvatarUrl = '/images/default-avatar.svg';

export function useAvatarUrl(avatarPath: string | null | undefined): string {
  // The object URL with the path it shows: a URL of an earlier path is never shown for a new one.
  const [loaded, setLoaded] = useState<{ path: string; url: string | null } | null>(null);
  useEffect(() => {
    if (!avatarPath) return;
    let objectUrl: string | null = null;
    let current = true;
    api
      .blob(avatarPath)
      .then((blob) => {
        if (!current) return;
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ path: avatarPath, url: objectUrl });
      })
      .catch(() => current && setLoaded({ path: avatarPath, url: null })); // the default avatar stands in
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [avatarPath]);
  return (avatarPath && loaded?.path === avatarPath ? loaded.url : null) ?? defaultAvatarUrl;
}
