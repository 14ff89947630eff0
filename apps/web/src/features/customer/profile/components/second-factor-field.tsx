import { accountMessages } from '@chaveiro/contract';
import type { ComponentProps } from 'react';
import { InputField } from '@/components/form/input-fields';

/** "XXXXX-XXXXX": the longest second factor typed (a recovery code with its dash). */
const SECOND_FACTOR_MAX_LENGTH = 11;

/** The authenticator's 6 digits or a recovery code, wherever a change is re-authenticated. */
export function SecondFactorField(props: Omit<ComponentProps<typeof InputField>, 'label'>) {
  return (
    <InputField
      label={accountMessages.secondFactorLabel}
      autoComplete="one-time-code"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={SECOND_FACTOR_MAX_LENGTH}
      className="max-w-48 font-mono tracking-wider"
      {...props}
    />
  );
}
