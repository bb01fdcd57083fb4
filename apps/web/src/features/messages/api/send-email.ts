import type { EmailSendRequest, MessageForm } from '@acompanha/contract';
import { useMutation } from '@tanstack/react-query';
import axios from 'axios';
import { getCurrentUserEmail } from '../../../lib/session/current-user';
import { EMAIL_SETTINGS, type EmailKind } from '../email-settings';

/** The body EmailJS's send endpoint takes, for one kind of message. */
export function buildEmailRequest(kind: EmailKind, form: MessageForm): EmailSendRequest {
  return {
    service_id: EMAIL_SETTINGS.serviceId,
    template_id: EMAIL_SETTINGS.templates[kind],
    user_id: EMAIL_SETTINGS.publicKey,
    template_params: {
      name: form.name,
      message: form.message,
      user_email: getCurrentUserEmail(),
      destination: EMAIL_SETTINGS.destinations[kind],
    },
  };
}

/**
 * A plain axios call rather than the API client: the endpoint may be EmailJS's own, which must
 * never receive the client's bearer token.
 */
export async function sendEmail(kind: EmailKind, form: MessageForm): Promise<void> {
  await axios.post(EMAIL_SETTINGS.endpoint, buildEmailRequest(kind, form));
}

export function useSendEmail(kind: EmailKind) {
  return useMutation({ mutationFn: (form: MessageForm) => sendEmail(kind, form) });
}
