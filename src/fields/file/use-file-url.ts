/**
 * A stored file (`/api/files/12`) as an object URL for an <img> or <iframe> (a preview, the avatar): the
 * path needs the bearer header, which they cannot send, so it is fetched as a blob through the API client
 * and revoked when the path changes or the view goes.
 */
import { useEffect, useState } from 'react';
import { api } from '../../providers/api';

export function useFileUrl(path: string | null): { url: string | null; failed: boolean } {
  const [loaded, setLoaded] = useState<{ path: string; url: string | null } | null>(null);
  useEffect(() => {
    if (!path) return;
    let objectUrl: string | null = null;
    let current = true;
    api
      .blob(path)
      .then((blob) => {
        if (!current) return;
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ path, url: objectUrl });
      })
      .catch(() => current && setLoaded({ path, url: null }));
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  const mine = path !== null && loaded?.path === path;
  return { url: mine ? loaded.url : null, failed: mine && loaded.url === null };
}

/** Saves a stored file under its name (fetched with the bearer header, then handed to the browser). */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const blob = await api.blob(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
