import { LIMITS, twoFactorCodeSchema } from '@chaveiro/contract';
import { useState, type FormEvent } from 'react';
import { InputField } from '@/components/form/input-fields';
import { PendingButton } from '@/components/form/pending-button';
import { texts as t } from '../texts';

/** A 6-digit TOTP field (spec §5: at most 6 characters) and its submit button. */
export function TwoFactorCodeForm({
  id,
  submitLabel,
  pending,
  onSubmit,
}: {
  id: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (code: string, clear: () => void) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = twoFactorCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    onSubmit(parsed.data, () => setCode(''));
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <InputField
        id={id}
        label={t.code}
        error={error}
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        maxLength={LIMITS.twoFactorCodeLength}
        inputMode="numeric"
        autoComplete="one-time-code"
        className="max-w-40 text-center font-mono text-lg tracking-[0.4em]"
      />
      <PendingButton
        type="submit"
        pending={pending}
        disabled={code.length !== LIMITS.twoFactorCodeLength}
      >
        {submitLabel}
      </PendingButton>
    </form>
  );
}
