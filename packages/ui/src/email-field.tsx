import type { ComponentProps } from 'react';
import { FormField } from './form-field';
import { Input } from './input';

type EmailFieldProps = Omit<ComponentProps<'input'>, 'type' | 'id'> & {
  error?: string;
  /** `username` where the address signs in (password managers pair it with the password), else `email`. */
  autoComplete: 'username' | 'email';
};

/** The 'E-mail' field of the signed-out forms: an address keyboard, no autocapitalisation or spelling fixes. */
export function EmailField({ error, ...props }: EmailFieldProps) {
  return (
    <FormField label="E-mail" error={error}>
      {(control) => (
        <Input
          type="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="voce@exemplo.com"
          {...control}
          {...props}
        />
      )}
    </FormField>
  );
}
