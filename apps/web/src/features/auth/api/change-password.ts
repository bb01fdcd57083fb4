import type { ChangePasswordRequest } from '@acompanha/contract';
import { paths } from '@acompanha/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

interface ChangePasswordInput extends ChangePasswordRequest {
  /** The first-access or forgot-password token from the e-mailed link. */
  linkToken: string;
}

/** Sets the password with the link's token as the bearer; never a session token, never a refresh. */
export async function changePassword({ password, linkToken }: ChangePasswordInput): Promise<void> {
  await api.call(paths.changePassword, null, { method: 'PATCH', body: { password }, bearer: linkToken });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
