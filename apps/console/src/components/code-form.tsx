import { Alert } from '@acompanha/ui/alert';
import { FormField } from '@acompanha/ui/form-field';
import { Input } from '@acompanha/ui/input';
import { useState, type ReactNode } from 'react';

/**
 * A form of one verification code (decision 056): the authenticator app's six digits or a
 * recovery code, trimmed; an empty one is refused at its field. `onSubmit` gets the code and a
 * way to empty the field once the code was taken. The form's buttons are its children.
 */
export function CodeForm({
  label,
  hint,
  error,
  autoFocus = false,
  onSubmit,
  children,
}: {
  label: string;
  hint: string;
  error: string | null;
  autoFocus?: boolean;
  onSubmit: (code: string, clear: () => void) => void;
  children: ReactNode;
}) {
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = code.trim();
        setMissing(trimmed === '');
        if (trimmed !== '') onSubmit(trimmed, () => setCode(''));
      }}
    >
      <FormField label={label} hint={hint} error={missing ? 'Digite o código de verificação.' : undefined}>
        {(control) => (
          // eslint-disable-next-line jsx-a11y/no-autofocus -- asked for only by sign-in's code step, where the code is the one field, shown right after the password.
          <Input autoFocus={autoFocus} autoComplete="one-time-code" maxLength={32} value={code} onChange={(event) => setCode(event.target.value)} {...control} />
        )}
      </FormField>
      {error && (
        <Alert variant="destructive" className="mb-2">
          <p>{error}</p>
        </Alert>
      )}
      {children}
    </form>
  );
}
