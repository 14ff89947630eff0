import { useState } from 'react';
import { toast } from 'sonner';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDeleteAllUsers } from '../api/delete-all-users';
import { settingsTexts } from '../texts';
import { BulkActionDialog } from './bulk-action-dialog';

const t = settingsTexts.deleteDialog;

/**
 * Deleting every account cannot be undone, so the admin types the confirmation word first
 * (case does not matter: phones capitalise the first letter on their own).
 */
export function DeleteAllUsersDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteAllUsers();
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim().toUpperCase() === t.confirmWord;

  const changeOpen = (next: boolean) => {
    if (!next) setTyped('');
    onOpenChange(next);
  };

  return (
    <BulkActionDialog
      open={open}
      onOpenChange={changeOpen}
      title={t.title}
      description={
        <>
          <p>{t.description}</p>
          <p className="text-destructive font-medium">{t.irreversible}</p>
        </>
      }
      confirmLabel={t.confirm}
      pending={remove.isPending}
      canConfirm={confirmed}
      onConfirm={() =>
        remove.mutate(undefined, {
          onSuccess: (response) => {
            toast.success(response.message);
            changeOpen(false);
          },
        })
      }
    >
      <div className="grid gap-2">
        <Label htmlFor="delete-all-users-confirm">{t.typeToConfirm(t.confirmWord)}</Label>
        <Input
          id="delete-all-users-confirm"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={remove.isPending}
        />
      </div>
    </BulkActionDialog>
  );
}
