import { ADMIN_LIMITS, messages, type KeyListItem } from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormField } from '@/components/form/form-field';
import { PendingButton } from '@/components/form/pending-button';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useUpdateKey } from '../api/update-key';

const daysMessage = messages.admin.daysPositive;
const resetSchema = z.object({
  days: z
    .number({ error: daysMessage })
    .int(daysMessage)
    .min(1, daysMessage)
    .max(ADMIN_LIMITS.daysMax, daysMessage),
});

/** Reset Duration: a new validity in days for an unused key (`PATCH /api/keys/{id}`). */
export function KeyResetDialog({ row, onClose }: { row: KeyListItem; onClose: () => void }) {
  const update = useUpdateKey();
  const form = useForm({
    resolver: zodResolver(resetSchema),
    defaultValues: { days: row.validity },
  });
  const onSubmit = form.handleSubmit(({ days }) => {
    update.mutate(
      { id: row.id, body: { days } },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          onClose();
        },
      },
    );
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>Redefinir validade</DialogTitle>
          <DialogDescription>
            Nova validade da chave <span className="font-mono">{row.key}</span>, em dias.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <FormField id="key-reset-days" label="Dias" error={form.formState.errors.days?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register('days', { valueAsNumber: true })}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
              />
            )}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancelar
            </Button>
            <PendingButton type="submit" pending={update.isPending}>
              Salvar
            </PendingButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
