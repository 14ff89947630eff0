import { SUPPORT_LIMITS, ticketReplyBodySchema, type TicketReplyBody } from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { TextareaField } from '@/components/form/input-fields';
import { PendingButton } from '@/components/form/pending-button';
import { supportTexts as t } from './texts';

interface TicketReplyFormProps {
  id: string;
  label?: string;
  submitLabel?: string;
  pending: boolean;
  /** Sends the message; the box is cleared once it resolves (a failure is toasted elsewhere). */
  onSend: (message: string) => Promise<unknown>;
}

/** The reply box under a thread: 1–5000 characters, Ctrl+Enter sends. */
export function TicketReplyForm({
  id,
  label = t.replyLabel,
  submitLabel = t.send,
  pending,
  onSend,
}: TicketReplyFormProps) {
  const form = useForm<TicketReplyBody>({
    resolver: zodResolver(ticketReplyBodySchema),
    defaultValues: { message: '' },
  });
  const message = useWatch({ control: form.control, name: 'message' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onSend(values.message);
      form.reset({ message: '' });
    } catch {
      // The query client's error toast already reports it; the text stays for another try.
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-3">
      <TextareaField
        id={id}
        label={label}
        hint={t.replyHint}
        error={form.formState.errors.message?.message}
        {...form.register('message')}
        rows={4}
        maxLength={SUPPORT_LIMITS.messageMax}
        placeholder={t.replyPlaceholder}
        className="max-h-72 min-h-24"
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void onSubmit();
          }
        }}
      />
      <div className="flex items-center justify-between gap-3">
        <span className="text-muted-foreground text-xs tabular-nums" aria-hidden>
          {t.characters(message.length, SUPPORT_LIMITS.messageMax)}
        </span>
        <PendingButton type="submit" pending={pending}>
          {submitLabel}
        </PendingButton>
      </div>
    </form>
  );
}
