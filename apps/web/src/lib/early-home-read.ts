/*
 * Home's read (decision 050), asked for before the app's bundle has arrived: index.html's start script
 * (src/start.ts) sends it while the JavaScript downloads, and the app's Home query
 * (session/home.ts) takes its answer in place of asking again. It is taken once, only by the
 * session that asked for it, and only within a minute of asking.
 */
import { paths } from '@acompanha/contract';
import { API_BASE } from './api-base';
import { STORAGE_KEYS } from './storage-keys';

export interface EarlyHomeRead {
  token: string;
  /** The answer's body; null when the read failed. */
  answer: Promise<unknown>;
  /** Date.now() when it was asked for: what the answer holds is at least that recent. */
  sentAt: number;
}

const MAX_AGE_MS = 60_000;
const GLOBAL = '__acompanhaEarlyHomeRead';

/** Shared by the start script's copy of this module and the app's. */
const holder = globalThis as unknown as Record<typeof GLOBAL, EarlyHomeRead | undefined>;

/** The user an access token names, read without the app's libraries (the start script stays a few KB). */
function userIdOf(token: string): number | null {
  try {
    const { user_id } = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { user_id?: unknown };
    return Number.isInteger(user_id) ? (user_id as number) : null;
  } catch {
    return null;
  }
}

/** Sends Home's read for the session of `token`. */
export function sendEarlyHomeRead(token: string): void {
  const userId = userIdOf(token);
  if (userId === null) return;
  const answer = fetch(new URL(API_BASE + paths.home(userId), location.href), { headers: { accept: 'application/json', authorization: `Bearer ${token}` } })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
    .catch(() => null);
  holder[GLOBAL] = { token, answer, sentAt: Date.now() };
}

/** Whether a read the start script sent for the session of `token` waits to be taken. */
export function hasEarlyHomeRead(token: string | null): boolean {
  const early = holder[GLOBAL];
  return early !== undefined && early.token === token && Date.now() - early.sentAt < MAX_AGE_MS;
}

/** The start script's read, if the session of `token` asked for it within the last minute; taken once. */
export function takeEarlyHomeRead(token: string | null): EarlyHomeRead | null {
  const early = hasEarlyHomeRead(token) ? holder[GLOBAL]! : null;
  holder[GLOBAL] = undefined;
  return early;
}

/**
 * What index.html's start script does first: marks a signed-in device, so its shell shows, and sends
 * Home's read, which answers the signed-in layout (the client) and the plan's screens. Whether the
 * device is signed in.
 */
export function start(): boolean {
  const token = localStorage.getItem(STORAGE_KEYS.accessToken);
  if (!token) return false;
  document.documentElement.setAttribute('data-signed-in', '');
  sendEarlyHomeRead(token);
  return true;
}
