import { labels, ROLE_LABELS } from '@chaveiro/contract';
import { LogOut, ReceiptText, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { UserAvatar } from '@/components/layout/user-avatar';
import { useProfile } from '@/hooks/use-profile';
import type { SessionClaims } from '@/lib/session';
import { headerTexts as t } from './texts';

const nav = labels.customerNav;

export function AccountMenu({ claims, onLogout }: { claims: SessionClaims; onLogout: () => void }) {
  const profile = useProfile();
  const username = profile.data?.username ?? claims.username;
  const roleLabel = claims.role === 'reseller' ? ROLE_LABELS.reseller : ROLE_LABELS.client;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label={t.accountMenu}>
          <UserAvatar username={username} src={profile.data?.avatar_url} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="flex items-center gap-3">
          <UserAvatar username={username} src={profile.data?.avatar_url} className="size-9" />
          <span className="flex min-w-0 flex-col gap-0.5">
            <span className="truncate">{username}</span>
            <span className="text-muted-foreground text-xs font-normal">{roleLabel}</span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/dashboard/profile">
            <UserRound />
            {nav.profile}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/dashboard/orders">
            <ReceiptText />
            {nav.orders}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onLogout}>
          <LogOut />
          {nav.logout}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
