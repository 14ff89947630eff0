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
import { useUpdateProductStatus } from '../api/update-product-status';

type Step = 'confirm' | { inUse: string } | 'confirm-cascade';

const inUseExplanation = (name: string, active: boolean) =>
  `${name} tem assinaturas ou chaves não utilizadas e não pode ser excluído sozinho.${
    active ? ' Desligue-o para tirá-lo de venda, ou exclua' : ' Exclua'
  } o produto junto com tudo ligado a ele.`;

/**
 * Delete with confirmation. A product in use (the list says so) cannot be deleted on its own:
 * the dialog explains it up front and offers Desligar or "excluir tudo", which needs a second,
 * explicit confirmation. A 409 (it came into use meanwhile) leads to the same choice.
 */
export function ProductDeleteDialog({ row, onClose }: { row: Product; onClose: () => void }) {
  const remove = useDeleteProduct();
  const switchOff = useUpdateProductStatus();
  const active = row.status === 'active';
  const [step, setStep] = useState<Step>(() =>
    row.inUse ? { inUse: inUseExplanation(row.name, active) } : 'confirm',
  );
  const cascade = step !== 'confirm';
  const pending = remove.isPending || switchOff.isPending;

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
            {typeof step === 'object'
              ? 'Este produto está em uso'
              : cascade
                ? 'Excluir o produto e tudo ligado a ele?'
                : 'Excluir o produto?'}
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
          <AlertDialogCancel disabled={pending}>Cancelar</AlertDialogCancel>
          {typeof step === 'object' ? (
            <>
              {active ? (
                <PendingButton
                  variant="outline"
                  pending={switchOff.isPending}
                  onClick={() =>
                    switchOff.mutate(
                      { id: row.id, status: 'disabled' },
                      {
                        onSuccess: (response) => {
                          toast.success(response.message);
                          onClose();
                        },
                      },
                    )
                  }
                >
                  Desligar
                </PendingButton>
              ) : null}
              <PendingButton
                variant="destructive"
                pending={false}
                disabled={pending}
                onClick={() => setStep('confirm-cascade')}
              >
                Excluir tudo
              </PendingButton>
            </>
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
