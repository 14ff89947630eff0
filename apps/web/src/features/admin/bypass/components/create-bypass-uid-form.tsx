import {
  BYPASS_DURATIONS_HOURS,
  BYPASS_LIMITS,
  BYPASS_REGIONS,
  createBypassUidBodySchema,
  messages,
  type CreateBypassUidBody,
  type CreateBypassUidInput,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { toast } from 'sonner';
import { FormField } from '@/components/form/form-field';
import { InputField } from '@/components/form/input-fields';
import { PendingButton } from '@/components/form/pending-button';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { useCreateBypassUid } from '../api/create-bypass-uid';
import { bypassTexts } from '../texts';

const text = bypassTexts.create;

/** The select primitive sizes its wrapper to fit; in a form grid it should fill the column. */
const FULL_WIDTH_SELECT = '[&>[data-slot=native-select-wrapper]]:w-full';

const DEFAULTS: DefaultValues<CreateBypassUidBody> = {
  uid: '',
  duration: undefined,
  nickname: '',
  region: 'unknown',
};

/** The select gives a string; no choice stays undefined so the schema says 'Selecione uma duração.' */
function durationFromSelect(value: unknown): number | undefined {
  return value === '' || value === undefined ? undefined : Number(value);
}

/** Spec §2 Admin bypass: uid and duration (1, 7, 14 or 30 days), plus nickname and region. */
export function CreateBypassUidForm() {
  const mutation = useCreateBypassUid();
  const form = useForm<CreateBypassUidBody, unknown, CreateBypassUidInput>({
    resolver: zodResolver(createBypassUidBodySchema),
    defaultValues: DEFAULTS,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) => {
    mutation.mutate(body, {
      onSuccess: () => {
        toast.success(messages.success.uidCreated);
        form.reset(DEFAULTS);
      },
    });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <InputField
          id="bypass-uid"
          label={text.uid}
          error={errors.uid?.message}
          {...form.register('uid')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={BYPASS_LIMITS.uidMax}
          className="font-mono"
        />
        <FormField id="bypass-duration" label={text.duration} error={errors.duration?.message}>
          {(control) => (
            <div className={FULL_WIDTH_SELECT}>
              <NativeSelect
                {...control}
                {...form.register('duration', { setValueAs: durationFromSelect })}
              >
                <NativeSelectOption value="">{text.durationPlaceholder}</NativeSelectOption>
                {BYPASS_DURATIONS_HOURS.map((hours) => (
                  <NativeSelectOption key={hours} value={hours}>
                    {bypassTexts.durationLabel(hours)}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </div>
          )}
        </FormField>
        <InputField
          id="bypass-nickname"
          label={text.nickname}
          error={errors.nickname?.message}
          {...form.register('nickname')}
          autoComplete="off"
          maxLength={BYPASS_LIMITS.nicknameMax}
        />
        <FormField id="bypass-region" label={text.region} error={errors.region?.message}>
          {(control) => (
            <div className={FULL_WIDTH_SELECT}>
              <NativeSelect {...control} {...form.register('region')}>
                {BYPASS_REGIONS.map((region) => (
                  <NativeSelectOption key={region} value={region}>
                    {bypassTexts.regions[region]}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </div>
          )}
        </FormField>
      </div>
      <div>
        <PendingButton type="submit" pending={mutation.isPending}>
          <Plus aria-hidden />
          {text.submit}
        </PendingButton>
      </div>
    </form>
  );
}
