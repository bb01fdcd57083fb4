import { passwordFormSchema, type PasswordForm as PasswordFormValues } from '@acompanha/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { FormField } from '@acompanha/ui/form-field';
import { PasswordInput } from '@acompanha/ui/password-input';

interface PasswordFormProps {
  submitLabel: string;
  pending: boolean;
  /** The failure to show above the button, if the last attempt failed. */
  error?: string | null;
  onSubmit: (password: string) => void;
}

/** New password and its confirmation, with SPEC.md §5's rules, for first access and reset alike. */
export function PasswordForm({ submitLabel, pending, error, onSubmit }: PasswordFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordFormValues>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });

  return (
    <form noValidate className="flex flex-col gap-2" onSubmit={handleSubmit(({ password }) => onSubmit(password))}>
      <FormField
        label="Nova senha"
        hint="De 8 a 16 caracteres, com letra maiúscula, minúscula e número."
        error={errors.password?.message}
      >
        {(control) => <PasswordInput autoComplete="new-password" {...control} {...register('password')} />}
      </FormField>
      <FormField label="Confirme a nova senha" error={errors.password_confirmation?.message}>
        {(control) => (
          <PasswordInput autoComplete="new-password" {...control} {...register('password_confirmation')} />
        )}
      </FormField>
      {error && (
        <Alert variant="destructive" className="mb-2">
          <p>{error}</p>
        </Alert>
      )}
      <Button type="submit" pending={pending} className="w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
