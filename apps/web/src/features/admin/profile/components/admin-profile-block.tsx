import { ROLE_LABELS } from '@chaveiro/contract';
import { useState } from 'react';
import { useAdminProfile } from '../api/get-admin-profile';
import { AdminAvatar } from './admin-avatar';
import { AdminProfileDialog } from './admin-profile-dialog';

/**
 * The sidebar's avatar, username and 'Admin' label (spec §2); a click opens 'Personalizar
 * Perfil'. Until the profile arrives it shows the username from the session token.
 */
export function AdminProfileBlock({ fallbackUsername }: { fallbackUsername: string }) {
  const [open, setOpen] = useState(false);
  const profile = useAdminProfile();
  const username = profile.data?.username ?? fallbackUsername;
  const avatarUrl = profile.data?.avatar_url;

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Personalizar perfil de ${username}`}
        className="hover:bg-sidebar-accent focus-visible:ring-ring/50 flex min-w-0 flex-1 items-center gap-3 rounded-md px-2 py-1.5 text-left outline-none focus-visible:ring-[3px]"
      >
        <AdminAvatar username={username} src={avatarUrl} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{username}</span>
          <span className="text-muted-foreground block text-xs">{ROLE_LABELS.admin}</span>
        </span>
      </button>
      <AdminProfileDialog
        open={open}
        onOpenChange={setOpen}
        username={username}
        avatarUrl={avatarUrl}
      />
    </>
  );
}
