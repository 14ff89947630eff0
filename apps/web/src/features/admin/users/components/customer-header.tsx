import { ROLE_LABELS, type CustomerProfile, labels } from '@chaveiro/contract';
import { ArrowLeft, Ban, ChevronDown, Cpu, ShieldCheck, Trash2, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { UserInitial } from '@/components/layout/user-initial';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { formatBRL } from '@/lib/format';
import { SUB_VIEWS, type ManageConfirm, type ManageSubView } from './manage-actions';
import { UserStatusBadge } from './user-status-badge';

interface CustomerHeaderProps {
  profile: CustomerProfile;
  /** Opens 'Gerenciar Usuário' on that form or confirmation. */
  onAction: (action: ManageSubView | ManageConfirm) => void;
}

/** Back to the user list (the page's head; alone while the page loads or fails). */
export function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" className="justify-self-start">
      <Link to="/admin/users">
        <ArrowLeft aria-hidden />
        Gerenciar Usuários
      </Link>
    </Button>
  );
}

/**
 * The customer page's head: back to the list, who the customer is, the balance (kept visible on
 * a phone) and every action of 'Gerenciar Usuário'.
 */
export function CustomerHeader({ profile, onAction }: CustomerHeaderProps) {
  const banned = profile.status === 'banned';
  // The server refuses to ban or delete an admin; the menu says so up front.
  const protectedAccount = profile.role === 'admin';
  return (
    <header className="grid gap-4">
      <BackLink />
      <div className="flex flex-wrap items-center gap-4">
        <Avatar className="size-14">
          {profile.avatar_url ? (
            <AvatarImage src={profile.avatar_url} alt="" className="object-cover" />
          ) : null}
          <AvatarFallback className="bg-transparent">
            <UserInitial username={profile.username} className="size-full text-xl" />
          </AvatarFallback>
        </Avatar>
        <div className="grid min-w-0 flex-1 gap-1">
          <h1 className="text-2xl font-semibold tracking-tight break-all">{profile.username}</h1>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">{ROLE_LABELS[profile.role]}</Badge>
            <UserStatusBadge status={profile.status} />
            <span className="text-muted-foreground truncate text-sm">
              {profile.email ?? labels.noEmail}
            </span>
          </div>
        </div>
        <div className="flex w-full flex-wrap items-center justify-between gap-3 sm:w-auto sm:justify-end">
          <p className="bg-muted/50 flex items-center gap-2 rounded-md border px-3 py-1.5">
            <Wallet className="text-muted-foreground size-4" aria-hidden />
            <span className="text-muted-foreground text-sm">Saldo</span>
            <span className="font-semibold tabular-nums">{formatBRL(profile.balance)}</span>
          </p>
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button>
                Ações
                <ChevronDown aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="w-56">
              {(Object.keys(SUB_VIEWS) as ManageSubView[]).map((key) => {
                const { label, icon: Icon } = SUB_VIEWS[key];
                return (
                  <DropdownMenuItem key={key} onSelect={() => onAction(key)}>
                    <Icon aria-hidden />
                    {label}
                  </DropdownMenuItem>
                );
              })}
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => onAction('hwid')}>
                <Cpu aria-hidden />
                Resetar HWID
              </DropdownMenuItem>
              <DropdownMenuItem
                disabled={protectedAccount}
                variant={banned ? 'default' : 'destructive'}
                onSelect={() => onAction('status')}
              >
                {banned ? <ShieldCheck aria-hidden /> : <Ban aria-hidden />}
                {banned ? 'Desbanir usuário' : 'Banir usuário'}
              </DropdownMenuItem>
              <DropdownMenuItem
                disabled={protectedAccount}
                variant="destructive"
                onSelect={() => onAction('delete')}
              >
                <Trash2 aria-hidden />
                Excluir usuário
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
    </header>
  );
}
