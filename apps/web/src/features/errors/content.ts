/** What each link reason means to the client (SPEC.md §8). */
const REASON_MESSAGES: Record<string, string> = {
  'expired-token': 'O tempo para utilizar este link já expirou, você precisa solicitar outro.',
  'token-not-found': 'Link inválido.',
  'used-token': 'Link já utilizado, você precisa solicitar outro.',
  // A link missing part of its address is as unusable as an unknown one.
  'invalid-params': 'Link inválido.',
};

export const UNKNOWN_ERROR_MESSAGE = 'Erro desconhecido.';

export function reasonMessage(reason: string | null): string {
  return (reason !== null && Object.hasOwn(REASON_MESSAGES, reason) ? REASON_MESSAGES[reason] : undefined) ?? UNKNOWN_ERROR_MESSAGE;
}
