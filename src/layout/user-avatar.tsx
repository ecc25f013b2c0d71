import { Avatar } from 'antd';
import { useEffect, useState } from 'react';
import { defaultAvatarUrl, useAvatarUrl } from './use-avatar-url';

/** The user's avatar; the default image replaces one that cannot be loaded or shown. */
export function UserAvatar({ path, size, alt }: { path: string | null | undefined; size: number; alt: string }) {
  const url = useAvatarUrl(path);
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [url]);
  return (
    <Avatar
      size={size}
      src={failed ? defaultAvatarUrl : url}
      alt={alt}
      onError={() => {
        setFailed(true);
        return false;
      }}
      data-testid="user-avatar"
    />
  );
}
