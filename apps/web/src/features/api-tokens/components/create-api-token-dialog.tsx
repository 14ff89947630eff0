import {
  API_TOKEN_LIMITS,
  API_TOKEN_SCOPE_LABELS,
  createApiTokenBodySchema,
  type ApiTokenScope,
  type CreateApiTokenResponse,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { CheckGroup } from '@/components/form/check-group';
import { CheckOption } from '@/components/form/check-option';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { InputField } from '@/components/form/input-fields';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { useCreateApiToken } from '../api/create-api-token';
import { apiTokensTexts } from '../texts';

const text = apiTokensTexts.create;
const NEVER = 'never';
const DEFAULT_EXPIRY_DAYS = 90;

/** The select's value as the body's `expiresInDays` (null = never). */
function expiryFromSelect(value: unknown): unknown {
  return value === NEVER || value === null ? null : Number(value);
}

interface CreateApiTokenDialogProps {
  /** The scopes this account may grant (a reseller: its own keys and the catalogue). */
  scopes: readonly ApiTokenScope[];
  onClose: () => void;
  /** The answer holding the token, for the dialog that shows it once. */
  onCreated: (response: CreateApiTokenResponse) => void;
}

/** "Criar token": name, permissions and validity. */
export function CreateApiTokenDialog({ scopes, onClose, onCreated }: CreateApiTokenDialogProps) {
  const mutation = useCreateApiToken();
  const form = useForm({
    resolver: zodResolver(createApiTokenBodySchema),
    defaultValues: { name: '', scopes: [], expiresInDays: DEFAULT_EXPIRY_DAYS },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) => {
    mutation.mutate(body, {
      onSuccess: (response) => {
        // The mutation's cached answer holds the token too: drop it, the caller keeps it once.
        mutation.reset();
        onCreated(response);
      },
    });
  });

  return (
    <FormDialog
      onClose={onClose}
      title={text.title}
      description={text.description}
      onSubmit={onSubmit}
      pending={mutation.isPending}
      cancelLabel={text.cancel}
      submitLabel={text.submit}
      className="max-h-[90dvh] overflow-y-auto sm:max-w-lg"
    >
      <InputField
        id="api-token-name"
        label={text.name}
        error={errors.name?.message}
        placeholder={text.namePlaceholder}
        autoComplete="off"
        maxLength={API_TOKEN_LIMITS.nameMax}
        {...form.register('name')}
      />
      <Controller
        control={form.control}
        name="scopes"
        render={({ field }) => {
          const chosen = new Set<string>(field.value);
          const allChosen = scopes.every((scope) => chosen.has(scope));
          const toggle = (scope: ApiTokenScope, on: boolean) =>
            field.onChange(
              on
                ? scopes.filter((s) => s === scope || chosen.has(s))
                : field.value.filter((s) => s !== scope),
            );
          return (
            <CheckGroup
              id="api-token-scopes"
              className="gap-1"
              label={text.scopes}
              selectAllLabel={text.selectAll}
              allChosen={allChosen}
              onSelectAll={(all) => field.onChange(all ? [...scopes] : [])}
              error={errors.scopes?.message}
            >
              <div className="grid gap-0.5 rounded-md border p-1">
                {scopes.map((scope) => (
                  <CheckOption
                    key={scope}
                    id={`api-token-scope-${scope.replace(':', '-')}`}
                    checked={chosen.has(scope)}
                    onCheckedChange={(on) => toggle(scope, on)}
                    label={API_TOKEN_SCOPE_LABELS[scope]}
                    detail={scope}
                  />
                ))}
              </div>
            </CheckGroup>
          );
        }}
      />
      <FormField
        id="api-token-expiry"
        label={text.expiry}
        hint={text.neverHint}
        error={errors.expiresInDays?.message}
      >
        {(control) => (
          <NativeSelect
            {...control}
            className="w-full sm:w-56"
            {...form.register('expiresInDays', { setValueAs: expiryFromSelect })}
          >
            {API_TOKEN_LIMITS.expiryDays.map((days) => (
              <NativeSelectOption key={days} value={days}>
                {text.expiryDays(days)}
              </NativeSelectOption>
            ))}
            <NativeSelectOption value={NEVER}>{text.never}</NativeSelectOption>
          </NativeSelect>
        )}
      </FormField>
    </FormDialog>
  );
}
