import {
  BYPASS_LIMITS,
  createBypassApiKeyBodySchema,
  type CreateBypassApiKeyResponse,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { InputField } from '@/components/form/input-fields';
import { PendingButton } from '@/components/form/pending-button';
import { useCreateBypassApiKey } from '../api/create-bypass-api-key';
import { bypassTexts } from '../texts';
import { BypassApiKeyCreatedDialog } from './bypass-api-key-created-dialog';

const text = bypassTexts.apiKeys;

/** Names and creates an API key, then shows the full key once. */
export function CreateBypassApiKeyForm() {
  const mutation = useCreateBypassApiKey();
  const [created, setCreated] = useState<CreateBypassApiKeyResponse | null>(null);
  const form = useForm({
    resolver: zodResolver(createBypassApiKeyBodySchema),
    defaultValues: { name: '' },
  });

  const onSubmit = form.handleSubmit((body) => {
    mutation.mutate(body, {
      onSuccess: (response) => {
        setCreated(response);
        form.reset({ name: '' });
      },
    });
  });

  const closeCreated = () => {
    setCreated(null);
    // The mutation's cached answer holds the key too; once closed it is gone from memory.
    mutation.reset();
  };

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
      >
        <InputField
          id="bypass-api-key-name"
          label={text.name}
          error={form.formState.errors.name?.message}
          {...form.register('name')}
          placeholder={text.namePlaceholder}
          autoComplete="off"
          maxLength={BYPASS_LIMITS.apiKeyNameMax}
        />
        <PendingButton type="submit" pending={mutation.isPending} className="sm:mt-6">
          <KeyRound aria-hidden />
          {text.create}
        </PendingButton>
      </form>
      {created ? <BypassApiKeyCreatedDialog created={created} onClose={closeCreated} /> : null}
    </>
  );
}
