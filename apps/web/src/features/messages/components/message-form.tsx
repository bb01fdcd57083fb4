import { MESSAGE_MAX, messageFormSchema, type MessageForm as MessageFormValues } from '@acompanha/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { FormField } from '@acompanha/ui/form-field';
import { Input } from '@acompanha/ui/input';
import { Textarea } from '@acompanha/ui/textarea';
import { useSendEmail } from '../api/send-email';
import type { EmailKind } from '../email-settings';

export interface MessageFormTexts {
  messageLabel: string;
  messagePlaceholder: string;
  submit: string;
  success: string;
  failure: string;
}

interface MessageFormProps {
  kind: EmailKind;
  texts: MessageFormTexts;
}

const EMPTY: MessageFormValues = { name: '', message: '' };

/**
 * Name and message, sent by e-mail (SPEC.md §4): the button spins while sending, then a green or
 * red message says how it went. Success empties the form; a failure keeps what the client wrote,
 * so that trying again costs one tap.
 */
export function MessageForm({ kind, texts }: MessageFormProps) {
  const send = useSendEmail(kind);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<MessageFormValues>({
    resolver: zodResolver(messageFormSchema),
    // SPEC.md §5: the name is checked on every change, not only on sending.
    mode: 'onChange',
    defaultValues: EMPTY,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // Every attempt starts clean, even one the name rule stops before anything is sent.
    send.reset();
    void handleSubmit((form) => send.mutate(form, { onSuccess: () => reset(EMPTY) }))(event);
  };

  return (
    <form noValidate className="flex flex-col gap-2" onSubmit={submit}>
      <FormField label="Nome" error={errors.name?.message}>
        {(control) => <Input autoComplete="name" autoCapitalize="words" {...control} {...register('name')} />}
      </FormField>
      <FormField label={texts.messageLabel} error={errors.message?.message}>
        {(control) => (
          <Textarea rows={5} maxLength={MESSAGE_MAX} placeholder={texts.messagePlaceholder} {...control} {...register('message')} />
        )}
      </FormField>
      {send.isSuccess && (
        <Alert variant="success" className="mb-2">
          <p>{texts.success}</p>
        </Alert>
      )}
      {send.isError && (
        <Alert variant="destructive" className="mb-2">
          <p>{texts.failure}</p>
        </Alert>
      )}
      <Button type="submit" pending={send.isPending} className="w-full">
        {texts.submit}
      </Button>
    </form>
  );
}
