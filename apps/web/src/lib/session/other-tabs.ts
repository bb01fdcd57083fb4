import { userIdOfToken } from '@acompanha/client';
import { STORAGE_KEYS } from '../storage';

/**
 * Whether a change another tab made to local storage hands the session to someone else: a sign-out
 * ('Sair', an e-mailed link's clear, a refused refresh) or another account's sign-in. Tokens of the
 * same user renewed by a refresh are not: every call reads the pair from storage, so this tab
 * adopts it as it is.
 */
export function changesSessionUser({ key, oldValue, newValue }: Pick<StorageEvent, 'key' | 'oldValue' | 'newValue'>): boolean {
  // A whole clear() reports no key.
  if (key === null) return true;
  return key === STORAGE_KEYS.accessToken && userIdOfToken(oldValue) !== userIdOfToken(newValue);
}

/** Calls `onChange` whenever another tab of the app ends this session or signs someone else in; returns the unsubscribe. */
export function onSessionChangeInOtherTab(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.storageArea === localStorage && changesSessionUser(event)) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
