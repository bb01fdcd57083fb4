import { tokenPairReadSchema, type TokenPair } from '@acompanha/contract';
import { useSyncExternalStore } from 'react';

/**
 * The team member's session: the token pair, in its own key, so that a client signed in to the app
 * on the same browser and a team member signed in to the console never share one.
 */
const SESSION_KEY = 'acompanha.equipe.sessao';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function readSession(): TokenPair | null {
  try {
    const parsed = tokenPairReadSchema.safeParse(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storeSession(pair: TokenPair): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify(pair));
  notify();
}

export function clearSession(): void {
  localStorage.removeItem(SESSION_KEY);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab signing in or out changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const isSignedIn = () => localStorage.getItem(SESSION_KEY) !== null;

export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribe, isSignedIn, () => false);
}
