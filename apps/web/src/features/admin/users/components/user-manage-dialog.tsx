import { messages, type UserListItem, labels } from '@chaveiro/contract';
import { ArrowLeft, Ban, Cpu, ExternalLink, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
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
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { SUB_VIEWS, type ManageConfirm, type ManageSubView } from './manage-actions';
import { UserAccountForm } from './user-account-form';
import { UserAddSubscriptionForm } from './user-add-subscription-form';
import { UserDaysForm } from './user-days-form';
import { UserStatusBadge } from './user-status-badge';
import { UserRemoveSubscription } from './user-remove-subscription';
import { useUsersContext } from './users-provider';

type SubView = ManageSubView;
type Confirm = ManageConfirm;

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
        {currentRow ? (
          <ManagePanel user={currentRow} onClose={() => setOpen(null)} detailsLink />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

interface UserManageDialogForProps {
  user: UserListItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where it opens: a form, or the confirmation of an action over the menu. */
  initial?: ManageSubView | ManageConfirm;
  /** After the user is deleted (the customer page leaves for the user list). */
  onDeleted?: () => void;
}

/** The same 'Gerenciar Usuário' for a given user, opened from the customer page's actions. */
export function UserManageDialogFor({
  user,
  open,
  onOpenChange,
  initial,
  onDeleted,
}: UserManageDialogForProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-md">
        {open ? (
          <ManagePanel
            user={user}
            onClose={() => onOpenChange(false)}
            initial={initial}
            onDeleted={onDeleted}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const CONFIRMS: readonly string[] = ['hwid', 'status', 'delete'] satisfies ManageConfirm[];

interface ManagePanelProps {
  user: UserListItem;
  onClose: () => void;
  initial?: ManageSubView | ManageConfirm | undefined;
  onDeleted?: (() => void) | undefined;
  /** A "Ver detalhes" link to the user's page (the user table's dialog). */
  detailsLink?: boolean;
}

function ManagePanel({ user, onClose, initial, onDeleted, detailsLink = false }: ManagePanelProps) {
  const initialConfirm = initial && CONFIRMS.includes(initial) ? (initial as Confirm) : null;
  const [view, setView] = useState<SubView | 'main'>(
    initial && !initialConfirm ? (initial as SubView) : 'main',
  );
  const [confirm, setConfirm] = useState<Confirm | null>(initialConfirm);
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
          <span className="truncate">{user.email ?? labels.noEmail}</span>
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
          {detailsLink ? (
            <>
              <Separator className="my-1" />
              <Button asChild variant="secondary" className="justify-start">
                <Link to={`/admin/users/${encodeURIComponent(user.id)}`}>
                  <ExternalLink aria-hidden />
                  Ver detalhes
                </Link>
              </Button>
            </>
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
          deleteUser.mutate(user.id, {
            onSuccess: (response) => {
              onDone(response.message);
              onDeleted?.();
            },
          })
        }
      />
    </>
  );
}
