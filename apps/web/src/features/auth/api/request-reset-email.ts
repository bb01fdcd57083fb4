import type { ResetEmailQuery } from '@acompanha/contract';
import { paths } from '@acompanha/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Asks the server to e-mail a password link; it answers alike for known and unknown addresses.
 * Any 2xx is success whatever its body: nothing in it is shown, and only an error's message is read.
 * The body `{}` makes it JSON, which the server requires (415 otherwise) so that no other site can
 * send this request from a visitor's browser.
 */
export async function requestResetEmail({ email }: ResetEmailQuery): Promise<void> {
  await api.call(paths.resetPasswordEmail, null, { method: 'POST', body: {}, params: { email }, bearer: null });
}

export function useRequestResetEmail() {
  return useMutation({ mutationFn: requestResetEmail });
}
