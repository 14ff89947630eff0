import type { KeyListItem } from '@chaveiro/contract';
import { toast } from 'sonner';
import { PendingButton } from '@/components/form/pending-button';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { useDeleteKey } from '../api/delete-key';

/** Delete Key, after confirmation. */
export function KeyDeleteDialog({ row, onClose }: { row: KeyListItem; onClose: () => void }) {
  const remove = useDeleteKey();
  const confirm = () => {
    remove.mutate(row.id, {
      onSuccess: (response) => {
        toast.success(response.message);
        onClose();
      },
    });
  };
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Excluir a chave?</AlertDialogTitle>
          <AlertDialogDescription>
            A chave <span className="text-foreground font-mono">{row.key}</span> será excluída
            permanentemente. Esta ação não pode ser desfeita.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancelar</AlertDialogCancel>
          <PendingButton variant="destructive" pending={remove.isPending} onClick={confirm}>
            Excluir chave
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
