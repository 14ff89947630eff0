import { accountMessages } from '@chaveiro/contract';
import type { ComponentProps } from 'react';
import { InputField } from '@/components/form/input-fields';

/**
 * Room for a recovery code pasted as printed or spaced ("XXXXX - XXXXX", 13 characters): the
 * server accepts dashes and spaces between its 10 characters, so the field must not cut them.
 */
const SECOND_FACTOR_MAX_LENGTH = 20;

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
