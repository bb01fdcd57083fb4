import { tokenStore } from '@acompanha/client';
import { useSyncExternalStore } from 'react';

/**
 * The team member's session: the token pair, in its own key, so that a client signed in to the app
 * on the same browser and a team member signed in to the console never share one.
 */
export const tokens = tokenStore({ pair: 'acompanha.equipe.sessao' });

const isSignedIn = () => tokens.read() !== null;

export function useSignedIn(): boolean {
  return useSyncExternalStore(tokens.subscribe, isSignedIn, () => false);
}
