import { messages, type UserListItem } from '@chaveiro/contract';
import {
  ArrowLeft,
  AtSign,
  Ban,
  CalendarClock,
  CalendarMinus,
  CalendarPlus,
  Cpu,
  KeyRound,
  ShieldCheck,
  Trash2,
  UserPen,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Separator } from '@/components/ui/separator';
import { useDeleteUser } from '../api/delete-user';
import { useResetUserHwid } from '../api/reset-user-hwid';
import { useUpdateUserStatus } from '../api/update-user-status';
import { playSound } from '@/lib/sounds';
import { ConfirmActionDialog } from './confirm-action-dialog';
import { UserAccountForm } from './user-account-form';
import { UserAddSubscriptionForm } from './user-add-subscription-form';
import { UserDaysForm } from './user-days-form';
import { UserStatusBadge } from './user-status-badge';
import { UserRemoveSubscription } from './user-remove-subscription';
import { useUsersContext } from './users-provider';

type SubView =
  'username' | 'password' | 'email' | 'add-subscription' | 'remove-subscription' | 'days';
type Confirm = 'hwid' | 'status' | 'delete';

const SUB_VIEWS: Record<SubView, { label: string; icon: LucideIcon }> = {
  username: { label: 'Alterar username', icon: UserPen },
  password: { label: 'Alterar senha', icon: KeyRound },
  email: { label: 'Alterar e-mail', icon: AtSign },
  'add-subscription': { label: 'Adicionar assinatura', icon: CalendarPlus },
  'remove-subscription': { label: 'Remover assinatura', icon: CalendarMinus },
  days: { label: 'Adicionar/remover dias', icon: CalendarClock },
};

/** 'Gerenciar Usuário' for the row held by the users context (spec §2, §4). */
export function UserManageDialog() {
  const { open, setOpen, currentRow } = useUsersContext();
  return (
    <Dialog
      open={open === 'manage' && currentRow !== null}
      onOpenChange={(next) => setOpen(next ? 'manage' : null)}
    >
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-md">
        {/* Mounted only while open, so every opening starts on the main menu with fresh forms. */}
        {currentRow ? <ManagePanel user={currentRow} onClose={() => setOpen(null)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ManagePanel({ user, onClose }: { user: UserListItem; onClose: () => void }) {
  const [view, setView] = useState<SubView | 'main'>('main');
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const resetHwid = useResetUserHwid();
  const updateStatus = useUpdateUserStatus();
  const deleteUser = useDeleteUser();
  const banned = user.status === 'banned';
  // The server refuses to ban or delete an admin; the buttons say so up front.
  const protectedAccount = user.role === 'admin';

  /** Spec §4: after any success, back to main, form cleared, dialog closed, data refreshed. */
  const onDone = (message: string) => {
    toast.success(message);
    setConfirm(null);
    setView('main');
    onClose();
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Gerenciar Usuário</DialogTitle>
        <DialogDescription className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
          <span className="text-foreground font-medium">{user.user}</span>
          <span className="truncate">{user.email}</span>
          <UserStatusBadge status={user.status} />
        </DialogDescription>
      </DialogHeader>

      <div className="bg-muted/50 flex items-start gap-2 rounded-md border px-3 py-2 text-sm">
        <Cpu className="text-muted-foreground mt-0.5 size-4 shrink-0" aria-hidden />
        <span className="text-muted-foreground shrink-0">HWID:</span>
        <span className="min-w-0 font-mono break-all">{user.hwid ?? 'Não definido'}</span>
      </div>

      {view === 'main' ? (
        <nav aria-label="Ações do usuário" className="grid gap-2">
          {(Object.keys(SUB_VIEWS) as SubView[]).map((key) => {
            const { label, icon: Icon } = SUB_VIEWS[key];
            return (
              <Button
                key={key}
                variant="outline"
                className="justify-start"
                onClick={() => setView(key)}
              >
                <Icon aria-hidden />
                {label}
              </Button>
            );
          })}
          <Separator className="my-1" />
          <Button variant="outline" className="justify-start" onClick={() => setConfirm('hwid')}>
            <Cpu aria-hidden />
            Resetar HWID
          </Button>
          <Button
            variant="outline"
            className={
              banned ? 'justify-start' : 'text-destructive hover:text-destructive justify-start'
            }
            disabled={protectedAccount}
            onClick={() => setConfirm('status')}
          >
            {banned ? <ShieldCheck aria-hidden /> : <Ban aria-hidden />}
            {banned ? 'Desbanir usuário' : 'Banir usuário'}
          </Button>
          <Button
            variant="destructive"
            className="justify-start"
            disabled={protectedAccount}
            onClick={() => setConfirm('delete')}
          >
            <Trash2 aria-hidden />
            Excluir usuário
          </Button>
          {protectedAccount ? (
            <p className="text-muted-foreground text-xs">{messages.admin.cannotTargetAdmin}</p>
          ) : null}
        </nav>
      ) : (
        <section aria-label={SUB_VIEWS[view].label} className="grid gap-4">
          <div className="flex items-center gap-2">
            <Button variant="ghost" size="sm" onClick={() => setView('main')}>
              <ArrowLeft aria-hidden />
              Voltar
            </Button>
            <h3 className="text-sm font-semibold">{SUB_VIEWS[view].label}</h3>
          </div>
          {view === 'username' || view === 'password' || view === 'email' ? (
            <UserAccountForm user={user} field={view} onDone={onDone} />
          ) : null}
          {view === 'add-subscription' ? (
            <UserAddSubscriptionForm user={user} onDone={onDone} />
          ) : null}
          {view === 'remove-subscription' ? (
            <UserRemoveSubscription user={user} onDone={onDone} />
          ) : null}
          {view === 'days' ? <UserDaysForm user={user} onDone={onDone} /> : null}
        </section>
      )}

      <ConfirmActionDialog
        open={confirm === 'hwid'}
        onOpenChange={(next) => !next && setConfirm(null)}
        title="Resetar HWID?"
        description={
          <>
            Os dispositivos vinculados a <strong>{user.user}</strong> serão liberados; o próximo a
            entrar será vinculado.
          </>
        }
        confirmLabel="Resetar HWID"
        pending={resetHwid.isPending}
        onConfirm={() =>
          resetHwid.mutate(user.id, { onSuccess: (response) => onDone(response.message) })
        }
      />
      <ConfirmActionDialog
        open={confirm === 'status'}
        onOpenChange={(next) => !next && setConfirm(null)}
        title={banned ? 'Desbanir usuário?' : 'Banir usuário?'}
        description={
          banned ? (
            <>
              <strong>{user.user}</strong> poderá entrar e usar suas assinaturas novamente.
            </>
          ) : (
            <>
              <strong>{user.user}</strong> será desconectado de todas as sessões e não poderá mais
              entrar.
            </>
          )
        }
        confirmLabel={banned ? 'Desbanir' : 'Banir'}
        destructive={!banned}
        pending={updateStatus.isPending}
        onConfirm={() =>
          updateStatus.mutate(
            { userId: user.id, status: banned ? 'active' : 'banned' },
            {
              onSuccess: (response) => {
                if (!banned) playSound('ban');
                onDone(response.message);
              },
            },
          )
        }
      />
      <ConfirmActionDialog
        open={confirm === 'delete'}
        onOpenChange={(next) => !next && setConfirm(null)}
        title="Excluir usuário?"
        description={
          <>
            <strong>{user.user}</strong> e todas as suas assinaturas serão excluídos. Esta ação não
            pode ser desfeita.
          </>
        }
        confirmLabel="Excluir"
        destructive
        pending={deleteUser.isPending}
        onConfirm={() =>
          deleteUser.mutate(user.id, { onSuccess: (response) => onDone(response.message) })
        }
      />
    </>
  );
}
