import { STORAGE_KEYS } from '../storage';
import { setAsideTrainSession } from '../unsent-work';
import { currentUserIdOrNull } from './current-user';
import { tokens } from './tokens';

export interface EndedSession {
  /** Whose session it was (null when no readable access token was stored): their unsent writes are kept for them. */
  userId: number | null;
  /** The refresh token the session held, to revoke it on the server (null when none was stored). */
  refreshToken: string | null;
  /** The access token it held, to remove the device's push subscription on the server (null when none was stored). */
  accessToken: string | null;
  /** Where the app goes next; null when the caller navigates itself. */
  redirectTo: string | null;
}

interface EndSessionOptions {
  /**
   * Clear the app's local storage (SPEC.md: the header's logout, the end of the follow-up, a password
   * set by link): every key of STORAGE_KEYS, never the team console's, whose session shares the origin.
   */
  clearDevice?: boolean;
  redirectTo?: string | null;
}

const listeners = new Set<(ended: EndedSession) => void>();

/** The app reacts to every end of a session in one place (app/create-app.tsx); returns the unsubscribe. */
export function onSessionEnd(listener: (ended: EndedSession) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * The one way a session ends on this device: the tokens and the day's water count go (SPEC.md §4),
 * or all of the app's local storage; then the app forgets the client's data and leaves for `redirectTo`.
 * A session being trained is not SPEC.md's storage: it is set aside for its client beforehand.
 */
export function endSession({ clearDevice = false, redirectTo = '/login' }: EndSessionOptions = {}): void {
  const refreshToken = tokens.refreshToken();
  const accessToken = tokens.accessToken();
  const userId = currentUserIdOrNull();
  void setAsideTrainSession();
  const keys = clearDevice ? Object.values(STORAGE_KEYS) : [STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.waterConsumption];
  for (const key of keys) localStorage.removeItem(key);
  for (const listener of listeners) listener({ userId, refreshToken, accessToken, redirectTo });
}
