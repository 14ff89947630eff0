import {
  WEBHOOK_LIMITS,
  createWebhookBodySchema,
  type WebhookEndpoint,
  type WebhookSecretResponse,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form/form-dialog';
import { InputField } from '@/components/form/input-fields';
import { ApiError } from '@/lib/api-client';
import { useCreateWebhook } from '../api/create-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { webhooksTexts } from '../texts';
import { WebhookEventPicker } from './webhook-event-picker';

const text = webhooksTexts.form;
/** The server's code for a URL the SSRF guard refuses (internal or private address). */
const URL_NOT_ALLOWED = 'WEBHOOK_URL_NOT_ALLOWED';

interface WebhookFormDialogProps {
  /** The endpoint to edit; none to add one. */
  endpoint?: WebhookEndpoint;
  onClose: () => void;
  /** After adding: the answer holding the signing secret, shown once. */
  onCreated: (response: WebhookSecretResponse) => void;
}

/** "Adicionar endpoint" and "Editar": URL, description and the events it hears. */
export function WebhookFormDialog({ endpoint, onClose, onCreated }: WebhookFormDialogProps) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const pending = create.isPending || update.isPending;
  const form = useForm({
    resolver: zodResolver(createWebhookBodySchema),
    defaultValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: endpoint?.events ?? [],
    },
  });
  const { errors } = form.formState;

  // The toast reports it too; on the field it says what to change (the SSRF guard's refusal).
  const onError = (failure: Error) => {
    if (failure instanceof ApiError && failure.code === URL_NOT_ALLOWED) {
      form.setError('url', { message: failure.message }, { shouldFocus: true });
    }
  };

  const onSubmit = form.handleSubmit((body) => {
    if (endpoint) {
      update.mutate(
        { id: endpoint.id, body },
        {
          onSuccess: (response) => {
            toast.success(response.message);
            onClose();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: (response) => {
        // The cached answer holds the secret: the secret dialog keeps it once, nothing else.
        create.reset();
        toast.success(response.message);
        onCreated(response);
      },
      onError,
    });
  });

  return (
    <FormDialog
      onClose={onClose}
      title={endpoint ? text.editTitle : text.createTitle}
      description={endpoint ? text.editDescription : text.createDescription}
      onSubmit={onSubmit}
      pending={pending}
      cancelLabel={text.cancel}
      submitLabel={endpoint ? text.save : text.create}
      className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
    >
      <InputField
        id="webhook-url"
        label={text.url}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder={text.urlPlaceholder}
        maxLength={WEBHOOK_LIMITS.urlMax}
        error={errors.url?.message}
        {...form.register('url')}
      />
      <InputField
        id="webhook-description"
        label={text.description}
        autoComplete="off"
        placeholder={text.descriptionPlaceholder}
        maxLength={WEBHOOK_LIMITS.descriptionMax}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <Controller
        control={form.control}
        name="events"
        render={({ field }) => (
          <WebhookEventPicker
            value={field.value}
            onChange={field.onChange}
            error={errors.events?.message}
          />
        )}
      />
    </FormDialog>
  );
}
