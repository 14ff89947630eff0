import { SUPPORT_LIMITS, createTicketBodySchema, type CreateTicketBody } from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { InputField, TextareaField } from '@/components/form/input-fields';
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
import { useCreateTicket } from '../api/create-ticket';
import { texts } from '../texts';

const t = texts.create;

/** "Novo ticket": subject and first message; on success the new thread opens. */
export function NewTicketDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (id: string) => void;
}) {
  const create = useCreateTicket();
  const form = useForm<CreateTicketBody>({
    resolver: zodResolver(createTicketBodySchema),
    defaultValues: { subject: '', message: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        form.reset();
        onCreated(answer.id);
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription>{t.description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <InputField
            id="ticket-subject"
            label={t.subject}
            error={errors.subject?.message}
            {...form.register('subject')}
            maxLength={SUPPORT_LIMITS.subjectMax}
            placeholder={t.subjectPlaceholder}
          />
          <TextareaField
            id="ticket-message"
            label={t.message}
            error={errors.message?.message}
            {...form.register('message')}
            rows={6}
            maxLength={SUPPORT_LIMITS.messageMax}
            placeholder={t.messagePlaceholder}
            className="max-h-80 min-h-32"
          />
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={create.isPending}
              onClick={() => onOpenChange(false)}
            >
              {t.cancel}
            </Button>
            <PendingButton type="submit" pending={create.isPending}>
              {t.submit}
            </PendingButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
