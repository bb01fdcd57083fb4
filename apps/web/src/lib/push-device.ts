import { paths } from '@acompanha/contract';
import { api } from './api-client';

/**
 * This device's push subscription (decision 041): the browser makes it with the server's VAPID
 * key, the server keeps it for the signed-in account, and the end of a session removes it here and
 * there, so that a phone left signed out never shows the last client's messages.
 */


/** Whether this browser can receive pushes: a service worker, the Push API and notifications (iPhone: only from the Home Screen). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The service worker's registration, once it is active; null without one (development, an unsupported browser). */
async function activeRegistration(timeoutMs = 10_000): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return null;
  if (registration.active) return registration;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** This device's subscription, if it has one. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  const registration = await activeRegistration(0).catch(() => null);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The VAPID key as pushManager.subscribe wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

export class PushUnavailableError extends Error {}

/** Subscribes this device with the server's key (a subscription made with another key is replaced). */
export async function subscribeDevice(publicKey: string): Promise<PushSubscription> {
  const registration = await activeRegistration();
  if (!registration) throw new PushUnavailableError('No active service worker');
  const applicationServerKey = keyBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    const key = existing.options.applicationServerKey;
    const sameKey = key !== null && new Uint8Array(key).every((byte, index) => byte === applicationServerKey[index]);
    if (sameKey) return existing;
    await existing.unsubscribe();
  }
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
}

/**
 * At the end of a session: the server forgets this device for the account (with the token the
 * session still had), and the browser drops the subscription itself, so that even when the server
 * could not be told (offline, a token already refused) the push service refuses later pushes
 * (404/410) and the server forgets it then. Never throws.
 */
export async function forgetDevicePush(accessToken: string | null): Promise<void> {
  try {
    const subscription = await deviceSubscription();
    if (!subscription) return;
    const { endpoint } = subscription;
    await subscription.unsubscribe();
    if (accessToken) {
      await api.call(paths.pushSubscriptions, null, { method: 'DELETE', body: { endpoint }, bearer: accessToken });
    }
  } catch {
    // Offline or refused: the push service answers 410 for the dropped subscription, and the server forgets it then.
  }
}
