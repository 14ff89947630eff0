import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { FormField } from './form-field';
import { PasswordInput } from './password-input';

/** What every labelled field takes besides its control's own props. */
interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

type InputFieldProps = FieldProps & Omit<ComponentProps<typeof Input>, 'id'>;

/**
 * A labelled text input; the rest of the props (usually `form.register(...)`) go to the input.
 * A caller's `aria-invalid` wins over the one the field derives from `error`.
 */
export function InputField({ id, label, error, hint, ...input }: InputFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) => <Input {...control} {...input} />}
    </FormField>
  );
}

/** A username, login or identifier: typed as is, never capitalised or spell-checked. */
export function UsernameField(props: InputFieldProps) {
  return <InputField autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />;
}

/** A labelled whole-number input (days, devices, quantity); register it with `valueAsNumber`. */
export function NumberField(props: InputFieldProps) {
  return <InputField type="number" inputMode="numeric" {...props} />;
}

/** A labelled password input with the show/hide toggle. */
export function PasswordField({
  id,
  label,
  error,
  hint,
  ...input
}: FieldProps & Omit<ComponentProps<typeof PasswordInput>, 'id'>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) => <PasswordInput {...control} {...input} />}
    </FormField>
  );
}

/** A labelled multi-line text box. */
export function TextareaField({
  id,
  label,
  error,
  hint,
  ...textarea
}: FieldProps & Omit<ComponentProps<typeof Textarea>, 'id'>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) => <Textarea {...control} {...textarea} />}
    </FormField>
  );
}
