import { AVATAR_DEFAULT_STYLE, avatarUrl } from '@chaveiro/contract';
import { useState } from 'react';
import { UserInitial } from '@/components/layout/user-initial';
import { cn } from '@/lib/utils';

/**
 * The chosen avatar, or the server's initials avatar seeded by the username; the first letter
 * when the image cannot load (spec §2).
 */
export function UserAvatar({
  username,
  src,
  className,
}: {
  username: string;
  src?: string | null;
  className?: string;
}) {
  const url = src ?? avatarUrl(AVATAR_DEFAULT_STYLE, username);
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === url) return <UserInitial username={username} className={className} />;
  return (
    <img
      src={url}
      alt=""
      aria-hidden
      className={cn('bg-muted size-8 shrink-0 rounded-full object-cover', className)}
      onError={() => setFailed(url)}
    />
  );
}
