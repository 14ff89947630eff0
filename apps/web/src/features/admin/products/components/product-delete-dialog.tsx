import type { Product } from '@chaveiro/contract';
import { useState } from 'react';
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
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDeleteProduct } from '../api/delete-product';

type Step = 'confirm' | { inUse: string } | 'confirm-cascade';

/**
 * Delete with confirmation. While the product has subscriptions or unused keys the server
 * answers 409: the dialog then offers "excluir tudo", which needs a second, explicit confirmation.
 */
export function ProductDeleteDialog({ row, onClose }: { row: Product; onClose: () => void }) {
  const remove = useDeleteProduct();
  const [step, setStep] = useState<Step>('confirm');
  const cascade = step !== 'confirm';

  const run = () => {
    remove.mutate(
      { id: row.id, cascade: step === 'confirm-cascade' },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          onClose();
        },
        onError: (error) => {
          if (step === 'confirm' && error instanceof ApiError && error.status === 409) {
            setStep({ inUse: error.message });
          } else {
            toast.error(errorMessage(error));
          }
        },
      },
    );
  };

  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {cascade ? 'Excluir o produto e tudo ligado a ele?' : 'Excluir o produto?'}
          </AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2">
              {step === 'confirm' ? (
                <p>
                  O produto <strong className="text-foreground">{row.name}</strong> será excluído
                  permanentemente.
                </p>
              ) : step === 'confirm-cascade' ? (
                <p>
                  Confirme de novo: <strong className="text-foreground">{row.name}</strong>, suas
                  assinaturas e suas chaves não utilizadas serão excluídos. Os clientes perdem o
                  acesso imediatamente. Esta ação não pode ser desfeita.
                </p>
              ) : (
                <p role="alert">{step.inUse}</p>
              )}
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancelar</AlertDialogCancel>
          {typeof step === 'object' ? (
            <PendingButton
              variant="destructive"
              pending={false}
              onClick={() => setStep('confirm-cascade')}
            >
              Excluir tudo
            </PendingButton>
          ) : (
            <PendingButton variant="destructive" pending={remove.isPending} onClick={run}>
              {step === 'confirm-cascade' ? 'Sim, excluir tudo' : 'Excluir produto'}
            </PendingButton>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
