import { Avatar } from 'antd';
import { useState } from 'react';
import { defaultAvatarUrl, useAvatarUrl } from './use-avatar-url';

/** The user's avatar; the default image replaces one that cannot be loaded or shown. */
export function UserAvatar({ path, size, alt }: { path: string | null | undefined; size: number; alt: string }) {
  const url = useAvatarUrl(path);
  // The URL that failed to show: a new URL gets its own chance.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  return (
    <Avatar
      size={size}
      src={failedUrl === url ? defaultAvatarUrl : url}
      alt={alt}
      onError={() => {
        setFailedUrl(url);
        return false;
      }}
      data-testid="user-avatar"
    />
  );
}
