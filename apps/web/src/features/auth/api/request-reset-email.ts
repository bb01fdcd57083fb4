import { resetEmailResponseSchema, type ResetEmailQuery, type ResetEmailResponse } from '@acompanha/contract';
import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/api-client';

/** Asks the server to e-mail a password link; it answers alike for known and unknown addresses. */
export async function requestResetEmail({ email }: ResetEmailQuery): Promise<ResetEmailResponse> {
  const { data } = await authClient.post<unknown>('/token/generate/reset-password', undefined, { params: { email } });
  return resetEmailResponseSchema.parse(data);
}

export function useRequestResetEmail() {
  return useMutation({ mutationFn: requestResetEmail });
}
