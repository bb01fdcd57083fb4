import { useCallback, useEffect, useState } from 'react';
import { notificationPermission, requestNotificationPermission } from '../../../lib/notification-permission';
import { deviceSubscription, pushSupported, subscribeDevice } from '../../../lib/push-device';
import { fetchPushKey, removeSubscription, storeSubscription } from '../api/push';

/**
 * This device and notifications: whether it can receive them, whether the browser's permission
 * blocks them, and whether it is subscribed for the signed-in client.
 */
export type DeviceStatus = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

async function currentStatus(): Promise<{ status: DeviceStatus; subscription: PushSubscription | null }> {
  if (!pushSupported()) return { status: 'unsupported', subscription: null };
  if (notificationPermission() === 'denied') return { status: 'blocked', subscription: null };
  const subscription = notificationPermission() === 'granted' ? await deviceSubscription() : null;
  return { status: subscription ? 'on' : 'off', subscription };
}

export function usePushDevice() {
  const [status, setStatus] = useState<DeviceStatus>('checking');
  const [endpoint, setEndpoint] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const check = () =>
      void currentStatus().then((current) => {
        if (!live) return;
        setStatus(current.status);
        setEndpoint(current.subscription?.endpoint ?? null);
        // The server may have forgotten this device (a push service that refused once, another account
        // signed in meanwhile): storing it again is harmless (200) and makes sure.
        if (current.subscription) void storeSubscription(current.subscription.toJSON()).catch(() => undefined);
      });
    check();
    // A permission changed in the browser's settings shows when the client comes back to the app.
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  /**
   * Asks the browser's permission (only now, after the client's tap), subscribes this device and
   * stores it; resolves with the new status. Throws when the subscription could not be made or stored.
   */
  const enable = useCallback(async (): Promise<DeviceStatus> => {
    // First, within the tap: browsers grant the prompt only to a gesture.
    const answer = await requestNotificationPermission();
    if (answer !== 'granted') {
      const next = answer === 'denied' ? 'blocked' : 'off';
      setStatus(next);
      return next;
    }
    const subscription = await subscribeDevice(await fetchPushKey());
    await storeSubscription(subscription.toJSON());
    setEndpoint(subscription.endpoint);
    setStatus('on');
    return 'on';
  }, []);

  /** Stops notifications on this device: the server forgets it, and the browser drops the subscription. */
  const disable = useCallback(async () => {
    const subscription = await deviceSubscription();
    if (subscription) {
      await removeSubscription(subscription.endpoint);
      await subscription.unsubscribe();
    }
    setEndpoint(null);
    setStatus('off');
  }, []);

  return { status, endpoint, enable, disable };
}
