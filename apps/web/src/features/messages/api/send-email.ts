import type { EmailSendRequest, MessageForm } from '@acompanha/contract';
import { useMutation } from '@tanstack/react-query';
import { API_BASE } from '../../../lib/api-base';
import { api } from '../../../lib/api-client';
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
 * Whether the endpoint is this app's API, which takes the sender from the client's bearer token;
 * any other (EmailJS's own) must never receive that token.
 */
export function isOwnApi(endpoint: string, apiBase = API_BASE): boolean {
  const here = window.location.href;
  return new URL(endpoint, here).origin === new URL(apiBase, here).origin;
}

export async function sendEmail(kind: EmailKind, form: MessageForm): Promise<void> {
  const request = buildEmailRequest(kind, form);
  // The API client refreshes an expired token and sends again, so the message still goes as the user.
  const own = isOwnApi(EMAIL_SETTINGS.endpoint);
  await api.call(new URL(EMAIL_SETTINGS.endpoint, window.location.href).href, null, { method: 'POST', body: request, ...(own ? {} : { bearer: null }) });
}

export function useSendEmail(kind: EmailKind) {
  return useMutation({ mutationFn: (form: MessageForm) => sendEmail(kind, form) });
}
